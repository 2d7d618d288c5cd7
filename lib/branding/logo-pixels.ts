import { decode as decodeJpeg } from "jpeg-js";
import { PNG } from "pngjs";

// The pixels of a company logo, decoded by pngjs (PNG: every colour type and bit depth, tRNS,
// Adam7) and jpeg-js (baseline, extended and progressive JPEG), for printers that take a bitmap
// (the DANFE NFC-e's ESC/POS commands print the image as dots: lib/danfe/escpos-nfce.ts) and for
// the upload's validation (logo-image.ts: a file that does not decode is refused).

export type RgbaImage = { width: number; height: number; data: Uint8ClampedArray };
export type LogoFormat = "image/png" | "image/jpeg";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// jpeg-js allocates from the frame header's size: a hostile header could ask for gigabytes. A logo
// is at most 2000 × 2000 (logo-image.ts LOGO_MAX_SIDE), 4 MP; decoding one that size took about
// 73 MB of jpeg-js's accounted memory (its coefficient blocks plus the RGBA output), hence 128 MB.
const JPEG_LIMITS = { maxResolutionInMP: 4, maxMemoryUsageInMB: 128 } as const;

/** The logo's type by its signature (PNG's 8 bytes, JPEG's start-of-image marker), or null. */
export function logoFormat(file: Buffer): LogoFormat | null {
  if (file.subarray(0, 8).equals(PNG_SIGNATURE)) return "image/png";
  if (file[0] === 0xff && file[1] === 0xd8 && file[2] === 0xff) return "image/jpeg";
  return null;
}

/** Decodes a PNG or JPEG to 8-bit RGBA; throws the library's error when the file does not decode. */
export function decodeLogo(file: Buffer, format: LogoFormat): RgbaImage {
  const image = format === "image/png" ? PNG.sync.read(file) : decodeJpeg(file, { useTArray: true, formatAsRGBA: true, ...JPEG_LIMITS });
  return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength) };
}

/** The logo's RGBA pixels, or null for a file that is neither PNG nor JPEG or does not decode (it was validated at upload). */
export function logoPixels(file: Buffer): RgbaImage | null {
  const format = logoFormat(file);
  if (!format) return null;
  try {
    return decodeLogo(file, format);
  } catch {
    return null;
  }
}

/** The pixels of a logo carried as a data: URI (lib/branding/company-logo.ts PrintLogo). */
export function logoPixelsOfDataUri(src: string): RgbaImage | null {
  const comma = src.indexOf(",");
  return comma < 0 ? null : logoPixels(Buffer.from(src.slice(comma + 1), "base64"));
}
