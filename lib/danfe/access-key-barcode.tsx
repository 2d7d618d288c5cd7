import { Canvas } from "@react-pdf/renderer";
import { accessKeyBarcodeWidths } from "./access-key-code128";

// The access key's barcode (CODE-128C, or the NT Conjunta 2025.001 hybrid of
// sets C and A for a key with letters: access-key-code128.ts) drawn as vector bars, one filled path: no PNG to
// encode, decode and re-compress per render, and sharp at any zoom or printer
// resolution.

type Painter = { rect(x: number, y: number, width: number, height: number): Painter; fill(color: string): Painter };

export function AccessKeyBarcode({ accessKey, width, height }: { accessKey: string; width: number; height: number }) {
  const widths = accessKeyBarcodeWidths(accessKey);
  const moduleWidth = width / widths.reduce((sum, w) => sum + w, 0);
  const paint = (painter: Painter) => {
    let x = 0;
    widths.forEach((w, index) => {
      // Even positions are bars, odd ones spaces.
      if (index % 2 === 0) painter.rect(x * moduleWidth, 0, w * moduleWidth, height);
      x += w;
    });
    painter.fill("#000");
    return null;
  };
  return <Canvas paint={paint} style={{ width, height }} />;
}
