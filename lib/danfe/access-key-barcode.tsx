import { Canvas } from "@react-pdf/renderer";
import { accessKeyBarcodeWidths } from "./access-key-code128";

// The access key's barcode (CODE-128C, or the NT Conjunta 2025.001 hybrid of
// sets C and A for a key with letters: access-key-code128.ts) drawn as vector bars, one filled path: no PNG to
// encode, decode and re-compress per render, and sharp at any zoom or printer
// resolution.

// NT Conjunta 2025.001 (CNPJ alfanumérico), item 6, restating MOC 7.0 Anexo II §2 for the hybrid
// CODE-128C/A: the access key's barcode is at least 11.5 cm wide (the MOC's 6 cm before it), 0.8 cm high,
// with modules of at least 0.02 cm, and a clear margin of 10 modules on each side (ISO/IEC 15417).
export const POINTS_PER_CM = 72 / 2.54;
/** The NT's minimums, in centimetres. */
export const ACCESS_KEY_BARCODE_MINIMUM = { widthCm: 11.5, heightCm: 0.8, moduleCm: 0.02 } as const;
/** The width the DANFE and the DACCE print (330 pt, 11.64 cm): the NT's 11.5 cm with a millimetre to spare for rasterizing and printer scaling. */
export const ACCESS_KEY_BARCODE_WIDTH = 330;
/** Clear margin on each side of a barcode `width` points wide: 10 of its modules (the widest, a numeric key's 277). */
export const accessKeyQuietZone = (width: number) => (10 * width) / 277;

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
