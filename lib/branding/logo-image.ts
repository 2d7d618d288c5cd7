import { crc32, inflateSync } from "node:zlib";
import { DomainError } from "@/lib/errors";

// What a company logo may be (docs/api-notes/branding.md): a PNG (ISO/IEC 15948 / W3C PNG) or a
// baseline or progressive JPEG (ITU T.81), at most 200 KB, 32 to 2000 pixels a side and no
// more than 8:1 wide or tall. Checked by reading the file as the PDF writer will: PNG chunks
// with their CRCs and the image data inflated to exactly the size its header announces; JPEG
// markers up to a frame header, and the end-of-image marker. Anything else is 422 invalid_logo.

export const LOGO_MAX_BYTES = 200 * 1024;
export const LOGO_MIN_SIDE = 32;
export const LOGO_MAX_SIDE = 2000;
const MAX_ASPECT = 8;

export type LogoImage = { contentType: "image/png" | "image/jpeg"; width: number; height: number };

const invalid = (message: string) => new DomainError(422, "invalid_logo", message);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// Bit depths each PNG colour type allows, and its samples per pixel.
const PNG_COLOUR_TYPES: Record<number, { depths: number[]; channels: number }> = {
  0: { depths: [1, 2, 4, 8, 16], channels: 1 },
  2: { depths: [8, 16], channels: 3 },
  3: { depths: [1, 2, 4, 8], channels: 1 },
  4: { depths: [8, 16], channels: 2 },
  6: { depths: [8, 16], channels: 4 },
};
// Adam7 passes: starting column/row and step.
const ADAM7 = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]] as const;

function pngRowBytes(width: number, bitsPerPixel: number): number {
  return 1 + Math.ceil((width * bitsPerPixel) / 8);
}

function readPng(file: Buffer): { width: number; height: number } {
  let offset = 8;
  let header: { width: number; height: number; bitsPerPixel: number; interlaced: boolean; palette: boolean } | null = null;
  let hasPalette = false;
  const data: Buffer[] = [];
  let ended = false;
  while (offset + 12 <= file.length) {
    const length = file.readUInt32BE(offset);
    const type = file.toString("latin1", offset + 4, offset + 8);
    if (offset + 12 + length > file.length) throw invalid("The PNG file is cut short");
    const body = file.subarray(offset + 8, offset + 8 + length);
    if (crc32(file.subarray(offset + 4, offset + 8 + length)) !== file.readUInt32BE(offset + 8 + length)) throw invalid(`The PNG file is damaged (chunk ${type} fails its CRC)`);
    if (!header && type !== "IHDR") throw invalid("The PNG file does not start with its header (IHDR)");
    if (type === "IHDR") {
      const [depth, colourType, compression, filter, interlace] = [body[8]!, body[9]!, body[10]!, body[11]!, body[12]!];
      const colour = PNG_COLOUR_TYPES[colourType];
      if (length !== 13 || !colour || !colour.depths.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1) throw invalid("The PNG header is not valid");
      header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), bitsPerPixel: depth * colour.channels, interlaced: interlace === 1, palette: colourType === 3 };
    } else if (type === "PLTE") hasPalette = true;
    else if (type === "IDAT") data.push(body);
    else if (type === "IEND") {
      ended = true;
      break;
    }
    offset += 12 + length;
  }
  if (!header || !ended) throw invalid("The PNG file is cut short (no IEND)");
  if (header.palette && !hasPalette) throw invalid("The PNG file has no palette for its colours");
  assertDimensions(header.width, header.height);
  let expected = 0;
  if (header.interlaced) {
    for (const [x0, y0, dx, dy] of ADAM7) {
      const columns = Math.ceil((header.width - x0) / dx);
      const rows = Math.ceil((header.height - y0) / dy);
      if (columns > 0 && rows > 0) expected += rows * pngRowBytes(columns, header.bitsPerPixel);
    }
  } else expected = header.height * pngRowBytes(header.width, header.bitsPerPixel);
  let pixels: Buffer;
  try {
    pixels = inflateSync(Buffer.concat(data), { maxOutputLength: expected + 1 });
  } catch {
    throw invalid("The PNG image data cannot be read (damaged or larger than its header says)");
  }
  if (pixels.length !== expected) throw invalid("The PNG image data does not match its size");
  return { width: header.width, height: header.height };
}

function readJpeg(file: Buffer): { width: number; height: number } {
  let offset = 2;
  let frame: { width: number; height: number } | null = null;
  while (offset + 4 <= file.length && !frame) {
    if (file[offset] !== 0xff) throw invalid("The JPEG file is damaged (marker expected)");
    const marker = file[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = file.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > file.length) throw invalid("The JPEG file is cut short");
    // SOF0 baseline, SOF1 extended sequential, SOF2 progressive (Huffman): what PDF's DCTDecode reads everywhere.
    if (marker === 0xc0 || marker === 0xc1 || marker === 0xc2) {
      const components = file[offset + 9]!;
      if (file[offset + 4] !== 8 || ![1, 3, 4].includes(components)) throw invalid("The JPEG must have 8-bit grey, RGB or CMYK samples");
      frame = { height: file.readUInt16BE(offset + 5), width: file.readUInt16BE(offset + 7) };
    } else if (marker >= 0xc3 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      throw invalid("This JPEG coding (lossless or arithmetic) is not printable; save it as a baseline JPEG or a PNG");
    }
    offset += 2 + length;
  }
  if (!frame) throw invalid("The JPEG file has no frame header");
  const tail = file.subarray(-16);
  if (!tail.includes(Buffer.from([0xff, 0xd9]))) throw invalid("The JPEG file is cut short (no end-of-image marker)");
  assertDimensions(frame.width, frame.height);
  return frame;
}

function assertDimensions(width: number, height: number): void {
  if (width < LOGO_MIN_SIDE || height < LOGO_MIN_SIDE) throw invalid(`The logo is ${width} × ${height} pixels; each side must be at least ${LOGO_MIN_SIDE} pixels`);
  if (width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE) throw invalid(`The logo is ${width} × ${height} pixels; each side may be at most ${LOGO_MAX_SIDE} pixels`);
  if (Math.max(width, height) / Math.min(width, height) > MAX_ASPECT) throw invalid(`The logo is ${width} × ${height} pixels; at most ${MAX_ASPECT} times wider than tall or taller than wide`);
}

/** The logo's type and pixel size, or 422 invalid_logo (413-like size limits are 422 too: the body was read). */
export function readLogoImage(file: Buffer): LogoImage {
  if (file.length === 0) throw invalid("The logo file is empty");
  if (file.length > LOGO_MAX_BYTES) throw invalid(`The logo file has ${Math.ceil(file.length / 1024)} KB; at most ${LOGO_MAX_BYTES / 1024} KB`);
  if (file.subarray(0, 8).equals(PNG_SIGNATURE)) return { contentType: "image/png", ...readPng(file) };
  if (file[0] === 0xff && file[1] === 0xd8 && file[2] === 0xff) return { contentType: "image/jpeg", ...readJpeg(file) };
  throw invalid("The logo must be a PNG or JPEG file");
}
