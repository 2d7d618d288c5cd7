import { inflateSync } from "node:zlib";
import { DomainError } from "@/lib/errors";
import { decodeLogo, logoFormat, type LogoFormat } from "./logo-pixels";

// What a company logo may be (docs/api-notes/branding.md): a PNG (ISO/IEC 15948 / W3C PNG) or a
// baseline, extended or progressive JPEG (ITU T.81), at most 200 KB, 32 to 2000 pixels a side and
// no more than 8:1 wide or tall. Checked by decoding the whole image (pngjs, jpeg-js: logo-pixels.ts),
// so a damaged file is refused at upload; the size is read from the header first, so a header
// announcing a huge image is refused before anything is allocated. Anything else is 422 invalid_logo.

export const LOGO_MAX_BYTES = 200 * 1024;
export const LOGO_MIN_SIDE = 32;
export const LOGO_MAX_SIDE = 2000;
const MAX_ASPECT = 8;

export type LogoImage = { contentType: LogoFormat; width: number; height: number };

const invalid = (message: string) => new DomainError(422, "invalid_logo", message);

// Every PNG ends with this chunk (IEND: no data, so always the same CRC).
const PNG_END = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

function assertDimensions(width: number, height: number): void {
  if (width < LOGO_MIN_SIDE || height < LOGO_MIN_SIDE) throw invalid(`The logo is ${width} × ${height} pixels; each side must be at least ${LOGO_MIN_SIDE} pixels`);
  if (width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE) throw invalid(`The logo is ${width} × ${height} pixels; each side may be at most ${LOGO_MAX_SIDE} pixels`);
  if (Math.max(width, height) / Math.min(width, height) > MAX_ASPECT) throw invalid(`The logo is ${width} × ${height} pixels; at most ${MAX_ASPECT} times wider than tall or taller than wide`);
}

function readPng(file: Buffer): { width: number; height: number } {
  if (file.length < 8 + 25 || file.toString("latin1", 12, 16) !== "IHDR") throw invalid("The PNG file does not start with its header (IHDR)");
  if (!file.subarray(-PNG_END.length).equals(PNG_END)) throw invalid("The PNG file is cut short (it does not end with IEND)");
  assertDimensions(file.readUInt32BE(16), file.readUInt32BE(20));
  assertPngDataSize(file);
  try {
    const { width, height } = decodeLogo(file, "image/png");
    return { width, height };
  } catch (error) {
    throw invalid(pngRefusal(error instanceof Error ? error.message : ""));
  }
}

// Samples per pixel of each PNG colour type; Adam7 passes (first column, first row, steps).
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const ADAM7 = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]] as const;

/**
 * The image data inflates to exactly the size the header announces. pngjs 7 checks neither way:
 * PNG.sync.read returns its whole output buffer (Buffer.allocUnsafe, the announced size) when the
 * data is shorter, its sync inflate reading Node's zlib state in the wrong order, so short data would
 * decode to uninitialised memory; and it inflates interlaced data with no limit (200 KB of deflate
 * can hold 200 MB). Inflated here first, with a limit; the header's other fields are pngjs's to refuse.
 */
function assertPngDataSize(file: Buffer): void {
  const [width, height, depth, colourType, interlace] = [file.readUInt32BE(16), file.readUInt32BE(20), file[24]!, file[25]!, file[28]!];
  const channels = PNG_CHANNELS[colourType];
  if (!channels || ![1, 2, 4, 8, 16].includes(depth)) return;
  const rowBytes = (columns: number) => 1 + Math.ceil((columns * channels * depth) / 8);
  let expected = 0;
  for (const [x0, y0, dx, dy] of interlace === 1 ? ADAM7 : ([[0, 0, 1, 1]] as const)) {
    const [columns, rows] = [Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy)];
    if (columns > 0 && rows > 0) expected += rows * rowBytes(columns);
  }
  const data: Buffer[] = [];
  for (let offset = 8; offset + 8 <= file.length; offset += 12 + file.readUInt32BE(offset)) {
    if (file.toString("latin1", offset + 4, offset + 8) === "IDAT") data.push(file.subarray(offset + 8, offset + 8 + file.readUInt32BE(offset)));
  }
  let size: number;
  try {
    size = inflateSync(Buffer.concat(data), { maxOutputLength: expected + 1 }).length;
  } catch {
    throw invalid("The PNG image data cannot be read (damaged or larger than its header says)");
  }
  if (size !== expected) throw invalid("The PNG image data does not match its size");
}

/** pngjs's error in our words. Its sync reader reports any chunk-level error (CRC, IHDR fields, tRNS) as content left unread. */
function pngRefusal(message: string): string {
  if (message.startsWith("unrecognised content at end of stream")) return "The PNG file is damaged (a chunk fails its CRC or is not valid)";
  if (message.startsWith("Expected palette not found")) return "The PNG file has no palette for its colours";
  return "The PNG image data cannot be read (damaged)";
}

function readJpeg(file: Buffer): { width: number; height: number } {
  let image: { width: number; height: number };
  try {
    image = decodeLogo(file, "image/jpeg");
  } catch (error) {
    throw invalid(jpegRefusal(file, error instanceof Error ? error.message : ""));
  }
  assertDimensions(image.width, image.height);
  return { width: image.width, height: image.height };
}

/** jpeg-js's error in our words. */
function jpegRefusal(file: Buffer, message: string): string {
  // A decoder that runs out of bytes reports a missing marker: say so when the end-of-image marker is absent.
  if (!file.subarray(-16).includes(Buffer.from([0xff, 0xd9]))) return "The JPEG file is cut short (no end-of-image marker)";
  // SOF3, 5-7 lossless or hierarchical; SOF9-11, 13-15 arithmetic: neither jpeg-js nor every PDF reader reads them.
  if (/^unknown JPEG marker ffc[35679abdef]$/.test(message)) return "This JPEG coding (lossless or arithmetic) is not printable; save it as a baseline JPEG or a PNG";
  if (message.startsWith("maxResolutionInMP")) return `The logo is larger than ${LOGO_MAX_SIDE} × ${LOGO_MAX_SIDE} pixels; each side may be at most ${LOGO_MAX_SIDE} pixels`;
  if (message.startsWith("Unsupported color mode")) return "The JPEG must have grey, RGB or CMYK samples";
  return "The JPEG file is damaged (its image data cannot be decoded)";
}

/** The logo's type and pixel size, or 422 invalid_logo (413-like size limits are 422 too: the body was read). */
export function readLogoImage(file: Buffer): LogoImage {
  if (file.length === 0) throw invalid("The logo file is empty");
  if (file.length > LOGO_MAX_BYTES) throw invalid(`The logo file has ${Math.ceil(file.length / 1024)} KB; at most ${LOGO_MAX_BYTES / 1024} KB`);
  const format = logoFormat(file);
  if (format === "image/png") return { contentType: format, ...readPng(file) };
  if (format === "image/jpeg") return { contentType: format, ...readJpeg(file) };
  throw invalid("The logo must be a PNG or JPEG file");
}
