import { Canvas } from "@react-pdf/renderer";
import QRCode from "qrcode";

// The NFC-e QR code (infNFeSupl/qrCode, NT 2015.002 / 2019.001 v1.7x) drawn as
// vector modules, one filled path: no PNG to encode, decode and re-compress
// per render. Level M, as SEFAZ's readers expect.

type Painter = { rect(x: number, y: number, width: number, height: number): Painter; fill(color: string): Painter };

/** The dark modules as horizontal runs: [row, first column, length]. */
export function qrDarkRuns(content: string): { size: number; runs: [number, number, number][] } {
  const { modules } = QRCode.create(content, { errorCorrectionLevel: "M" });
  const runs: [number, number, number][] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      const start = col;
      while (col + 1 < modules.size && modules.get(row, col + 1)) col++;
      runs.push([row, start, col - start + 1]);
    }
  }
  return { size: modules.size, runs };
}

export function QrCode({ content, size }: { content: string; size: number }) {
  const qr = qrDarkRuns(content);
  const moduleSize = size / qr.size;
  const paint = (painter: Painter) => {
    for (const [row, col, length] of qr.runs) painter.rect(col * moduleSize, row * moduleSize, length * moduleSize, moduleSize);
    painter.fill("#000");
    return null;
  };
  return <Canvas paint={paint} style={{ width: size, height: size, alignSelf: "center", marginTop: 6 }} />;
}
