import { readFileSync } from "node:fs";
import { crc32, deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { logoPixels, logoPixelsOfDataUri } from "./logo-pixels";

// The ESC/POS logo's pixels (pngjs, jpeg-js): PNGs written here in every colour type, with rows
// filtered by each of the five filters, decode to the pixels they were made of; the interlaced fixture
// decodes to the same pixels as its non-interlaced twin (written by another encoder), the progressive
// JPEG to those of its baseline twin, and both JPEGs show the picture; other or damaged files give null.

const fixture = (name: string) => readFileSync(new URL(`./testing/${name}`, import.meta.url));

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])) >>> 0);
  return Buffer.concat([head, body, crc]);
}

/** A PNG of packed rows (already in the colour type's samples), row r filtered with filter r % 5. */
function png(width: number, height: number, depth: number, colourType: number, rows: Buffer[], extra: Buffer[] = []): Buffer {
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colourType]!;
  const step = Math.max(1, (channels * depth) >> 3);
  const filtered = rows.map((row, r) => {
    const filter = r % 5;
    const previous = r > 0 ? rows[r - 1]! : Buffer.alloc(row.length);
    const out = Buffer.alloc(row.length + 1);
    out[0] = filter;
    for (let i = 0; i < row.length; i++) {
      const left = i >= step ? row[i - step]! : 0, up = previous[i]!, upLeft = i >= step ? previous[i - step]! : 0;
      const p = left + up - upLeft;
      const paeth = Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - upLeft) ? left : Math.abs(p - up) <= Math.abs(p - upLeft) ? up : upLeft;
      const predictor = [0, left, up, (left + up) >> 1, paeth][filter]!;
      out[i + 1] = (row[i]! - predictor) & 0xff;
    }
    return out;
  });
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = depth;
  header[9] = colourType;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), ...extra, chunk("IDAT", deflateSync(Buffer.concat(filtered))), chunk("IEND", Buffer.alloc(0))]);
}

const W = 13, H = 7;
const rgba = (x: number, y: number) => [(x * 19) & 0xff, (y * 37) & 0xff, (x * y * 5) & 0xff, (x + y) % 3 === 0 ? 0 : 200 + x] as const;
const pixelsOf = (image: ReturnType<typeof logoPixels>) => Array.from(image!.data);
const expected = (f: (x: number, y: number) => readonly number[]) => Array.from({ length: H }, (_, y) => Array.from({ length: W }, (_, x) => f(x, y))).flat(2);
const rows = (bytes: (x: number, y: number) => number[]) => Array.from({ length: H }, (_, y) => Buffer.from(Array.from({ length: W }, (_, x) => bytes(x, y)).flat()));

describe("logo pixels (PNG and JPEG)", () => {
  it("decodes RGBA, RGB, grey and grey with alpha at 8 bits, through every row filter", () => {
    expect(pixelsOf(logoPixels(png(W, H, 8, 6, rows((x, y) => [...rgba(x, y)]))))).toEqual(expected(rgba));
    expect(pixelsOf(logoPixels(png(W, H, 8, 2, rows((x, y) => rgba(x, y).slice(0, 3)))))).toEqual(expected((x, y) => [...rgba(x, y).slice(0, 3), 255]));
    expect(pixelsOf(logoPixels(png(W, H, 8, 0, rows((x, y) => [rgba(x, y)[0]]))))).toEqual(expected((x, y) => [rgba(x, y)[0], rgba(x, y)[0], rgba(x, y)[0], 255]));
    expect(pixelsOf(logoPixels(png(W, H, 8, 4, rows((x, y) => [rgba(x, y)[1], rgba(x, y)[3]]))))).toEqual(expected((x, y) => [rgba(x, y)[1], rgba(x, y)[1], rgba(x, y)[1], rgba(x, y)[3]]));
  });

  it("decodes 16-bit RGB, 1-bit grey and a 4-bit palette with tRNS alpha", () => {
    const rgb16 = rows((x, y) => rgba(x, y).slice(0, 3).flatMap((v) => [v, 0x7f]));
    expect(pixelsOf(logoPixels(png(W, H, 16, 2, rgb16)))).toEqual(expected((x, y) => [...rgba(x, y).slice(0, 3).map((v) => Math.round(((v * 256 + 0x7f) * 255) / 65535)), 255]));

    const bit = (x: number, y: number) => (x + 2 * y) % 3 === 0 ? 1 : 0;
    const packed = (bits: (x: number) => number, perByte: number, depth: number) => {
      const bytes = Buffer.alloc(Math.ceil(W / perByte));
      for (let x = 0; x < W; x++) bytes[Math.floor(x / perByte)]! |= bits(x) << (8 - depth * ((x % perByte) + 1));
      return bytes;
    };
    const greyRows = Array.from({ length: H }, (_, y) => packed((x) => bit(x, y), 8, 1));
    expect(pixelsOf(logoPixels(png(W, H, 1, 0, greyRows)))).toEqual(expected((x, y) => bit(x, y) ? [255, 255, 255, 255] : [0, 0, 0, 255]));

    const index = (x: number, y: number) => (x * 3 + y) % 5;
    const palette = Buffer.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9, 250, 250, 250]);
    const alphas = Buffer.from([255, 0, 128]);
    const paletteRows = Array.from({ length: H }, (_, y) => packed((x) => index(x, y), 2, 4));
    const decoded = logoPixels(png(W, H, 4, 3, paletteRows, [chunk("PLTE", palette), chunk("tRNS", alphas)]));
    expect(pixelsOf(decoded)).toEqual(expected((x, y) => [...palette.subarray(index(x, y) * 3, index(x, y) * 3 + 3), alphas[index(x, y)] ?? 255]));
  });

  it("decodes the Adam7-interlaced fixture to the pixels of its non-interlaced twin", () => {
    const plain = logoPixels(fixture("logo-160-alpha.png"))!;
    const interlaced = logoPixels(fixture("logo-160-interlaced.png"))!;
    expect([plain.width, plain.height]).toEqual([160, 160]);
    expect(Buffer.from(interlaced.data).equals(Buffer.from(plain.data))).toBe(true);
    // Not a blank image: some opaque and some transparent pixels.
    const alphas = new Set(Array.from({ length: 160 * 160 }, (_, i) => plain.data[i * 4 + 3]));
    expect(alphas.has(255) && alphas.has(0)).toBe(true);
    expect(logoPixelsOfDataUri(`data:image/png;base64,${fixture("logo-160-alpha.png").toString("base64")}`)?.width).toBe(160);
  });

  it("decodes baseline and progressive JPEGs to the same opaque picture, in its colours", () => {
    const baseline = logoPixels(fixture("logo-240x120.jpg"))!;
    const progressive = logoPixels(fixture("logo-240x120-progressive.jpg"))!;
    expect([baseline.width, baseline.height]).toEqual([240, 120]);
    expect([progressive.width, progressive.height]).toEqual([240, 120]);
    const difference = baseline.data.reduce((sum, value, i) => sum + Math.abs(value - progressive.data[i]!), 0) / baseline.data.length;
    expect(difference).toBeLessThan(4);
    expect(baseline.data.every((value, i) => i % 4 !== 3 || value === 255)).toBe(true);
    // The picture's colours, within JPEG's loss: a blue badge with an orange mark, a blue and a grey bar, on white.
    const colour = (x: number, y: number) => Array.from(baseline.data.subarray((y * 240 + x) * 4, (y * 240 + x) * 4 + 3));
    const near = (x: number, y: number, rgb: number[]) => expect(colour(x, y).every((value, i) => Math.abs(value - rgb[i]!) <= 40), `${x},${y}: ${colour(x, y)}`).toBe(true);
    near(2, 2, [255, 255, 255]);
    near(10, 60, [30, 78, 156]); // the badge
    near(60, 60, [242, 169, 0]); // its mark
    near(150, 35, [30, 78, 156]); // the blue bar
    near(150, 55, [255, 255, 255]);
    near(150, 75, [68, 68, 68]); // the grey bar
    expect(logoPixelsOfDataUri(`data:image/jpeg;base64,${fixture("logo-240x120.jpg").toString("base64")}`)?.height).toBe(120);
  });

  it("gives null for other formats and for files that do not decode", () => {
    const png = fixture("logo-160-alpha.png");
    const jpeg = fixture("logo-240x120.jpg");
    expect(logoPixels(Buffer.from("GIF89a\x01\x00\x01\x00"))).toBeNull();
    expect(logoPixels(png.subarray(0, png.length / 2))).toBeNull();
    expect(logoPixels(jpeg.subarray(0, jpeg.length / 2))).toBeNull();
    expect(logoPixelsOfDataUri("not a data uri")).toBeNull();
  });
});
