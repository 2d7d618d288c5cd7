import { inflateSync } from "node:zlib";

// The pixels of a company logo, for printers that take a bitmap (the DANFE NFC-e's ESC/POS commands
// print an image as dots: lib/danfe/escpos-nfce.ts). PNG only (ISO/IEC 15948: every colour type and
// bit depth, tRNS transparency, Adam7 interlacing), decoded with node:zlib; a JPEG would need a DCT
// decoder we do not have, so it gives null and the ESC/POS roll prints no logo (docs/api-notes/branding.md).
// The file was validated at upload (logo-image.ts); a file that does not decode still gives null.

export type RgbaImage = { width: number; height: number; data: Uint8ClampedArray };

const ADAM7 = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]] as const;
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** The logo's RGBA pixels, or null for a JPEG or a file that does not decode. */
export function logoPixels(file: Buffer): RgbaImage | null {
  try {
    return file.subarray(1, 4).toString("latin1") === "PNG" ? decodePng(file) : null;
  } catch {
    return null;
  }
}

/** The pixels of a logo carried as a data: URI (lib/branding/company-logo.ts PrintLogo). */
export function logoPixelsOfDataUri(src: string): RgbaImage | null {
  const comma = src.indexOf(",");
  return comma < 0 ? null : logoPixels(Buffer.from(src.slice(comma + 1), "base64"));
}

function decodePng(file: Buffer): RgbaImage {
  let offset = 8;
  let width = 0, height = 0, depth = 8, colourType = 6, interlaced = false;
  let palette: Buffer | null = null;
  let transparency: Buffer | null = null;
  const data: Buffer[] = [];
  while (offset + 8 <= file.length) {
    const length = file.readUInt32BE(offset);
    const type = file.toString("latin1", offset + 4, offset + 8);
    const body = file.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      depth = body[8]!;
      colourType = body[9]!;
      interlaced = body[12] === 1;
    } else if (type === "PLTE") palette = body;
    else if (type === "tRNS") transparency = body;
    else if (type === "IDAT") data.push(body);
    else if (type === "IEND") break;
    offset += 12 + length;
  }
  const channels = CHANNELS[colourType];
  if (!channels || width === 0 || height === 0) throw new Error("not a PNG image");
  const raw = inflateSync(Buffer.concat(data));
  const out = new Uint8ClampedArray(width * height * 4);
  const bitsPerPixel = channels * depth;
  const filterStep = Math.max(1, bitsPerPixel >> 3);
  let cursor = 0;
  const passes = interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
  for (const [x0, y0, dx, dy] of passes) {
    const passWidth = Math.ceil((width - x0) / dx);
    const passHeight = Math.ceil((height - y0) / dy);
    if (passWidth <= 0 || passHeight <= 0) continue;
    const rowBytes = Math.ceil((passWidth * bitsPerPixel) / 8);
    let previous = new Uint8Array(rowBytes);
    for (let row = 0; row < passHeight; row++) {
      const filter = raw[cursor]!;
      const line = Uint8Array.from(raw.subarray(cursor + 1, cursor + 1 + rowBytes));
      cursor += 1 + rowBytes;
      unfilter(filter, line, previous, filterStep);
      for (let column = 0; column < passWidth; column++) {
        writePixel(out, ((y0 + row * dy) * width + x0 + column * dx) * 4, line, column, { depth, channels, colourType, palette, transparency });
      }
      previous = line;
    }
  }
  return { width, height, data: out };
}

function unfilter(filter: number, line: Uint8Array, previous: Uint8Array, step: number): void {
  for (let i = 0; i < line.length; i++) {
    const left = i >= step ? line[i - step]! : 0;
    const up = previous[i]!;
    const upLeft = i >= step ? previous[i - step]! : 0;
    let predictor = 0;
    if (filter === 1) predictor = left;
    else if (filter === 2) predictor = up;
    else if (filter === 3) predictor = (left + up) >> 1;
    else if (filter === 4) {
      const p = left + up - upLeft;
      const pa = Math.abs(p - left), pb = Math.abs(p - up), pc = Math.abs(p - upLeft);
      predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
    } else if (filter !== 0) throw new Error(`PNG filter ${filter}`);
    line[i] = (line[i]! + predictor) & 0xff;
  }
}

type Format = { depth: number; channels: number; colourType: number; palette: Buffer | null; transparency: Buffer | null };

/** Sample `channel` of pixel `column`, as read (0 … 2^depth − 1; 16-bit samples as their high byte's scale). */
function sample(line: Uint8Array, column: number, channel: number, format: Format): number {
  const { depth, channels } = format;
  if (depth === 8) return line[column * channels + channel]!;
  if (depth === 16) return (line[(column * channels + channel) * 2]! << 8) | line[(column * channels + channel) * 2 + 1]!;
  const bit = (column * channels + channel) * depth;
  return (line[bit >> 3]! >> (8 - depth - (bit & 7))) & ((1 << depth) - 1);
}

function writePixel(out: Uint8ClampedArray, at: number, line: Uint8Array, column: number, format: Format): void {
  const { depth, colourType, palette, transparency } = format;
  const max = (1 << depth) - 1;
  const scale = (value: number) => Math.round((value * 255) / max);
  let r: number, g: number, b: number, a = 255;
  if (colourType === 3) {
    const index = sample(line, column, 0, format);
    r = palette?.[index * 3] ?? 0;
    g = palette?.[index * 3 + 1] ?? 0;
    b = palette?.[index * 3 + 2] ?? 0;
    a = transparency && index < transparency.length ? transparency[index]! : 255;
  } else if (colourType === 0 || colourType === 4) {
    const grey = sample(line, column, 0, format);
    r = g = b = scale(grey);
    if (colourType === 4) a = scale(sample(line, column, 1, format));
    else if (transparency && transparency.length >= 2 && grey === transparency.readUInt16BE(0)) a = 0;
  } else {
    const [red, green, blue] = [0, 1, 2].map((channel) => sample(line, column, channel, format)) as [number, number, number];
    [r, g, b] = [scale(red), scale(green), scale(blue)];
    if (colourType === 6) a = scale(sample(line, column, 3, format));
    else if (transparency && transparency.length >= 6 && red === transparency.readUInt16BE(0) && green === transparency.readUInt16BE(2) && blue === transparency.readUInt16BE(4)) a = 0;
  }
  out[at] = r;
  out[at + 1] = g;
  out[at + 2] = b;
  out[at + 3] = a;
}
