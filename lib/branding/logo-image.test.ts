import { readFileSync } from "node:fs";
import { crc32, deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { LOGO_MAX_BYTES, readLogoImage } from "./logo-image";

const fixture = (name: string) => readFileSync(new URL(`./testing/${name}`, import.meta.url));

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])));
  return Buffer.concat([head, body, crc]);
}

/** A grey 8-bit PNG of the given size, written here from the PNG specification (a row = filter byte + pixels). */
function greyPng(width: number, height: number, options: { rows?: number; filter?: number } = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((options.rows ?? height) * (width + 1), 0x80);
  for (let row = 0; row < (options.rows ?? height); row++) raw[row * (width + 1)] = options.filter ?? 0; // 0: no filter
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

function refusal(file: Buffer): string {
  try {
    readLogoImage(file);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(422);
    expect((error as DomainError).code).toBe("invalid_logo");
    return (error as DomainError).message;
  }
  throw new Error("accepted");
}

describe("readLogoImage", () => {
  it("reads the type and pixel size of PNG (with alpha, interlaced) and JPEG (baseline, progressive) files", () => {
    expect(readLogoImage(fixture("logo-160-alpha.png"))).toEqual({ contentType: "image/png", width: 160, height: 160 });
    expect(readLogoImage(fixture("logo-160-interlaced.png"))).toEqual({ contentType: "image/png", width: 160, height: 160 });
    expect(readLogoImage(fixture("logo-240x120.jpg"))).toEqual({ contentType: "image/jpeg", width: 240, height: 120 });
    expect(readLogoImage(fixture("logo-240x120-progressive.jpg"))).toEqual({ contentType: "image/jpeg", width: 240, height: 120 });
    expect(readLogoImage(greyPng(300, 100))).toEqual({ contentType: "image/png", width: 300, height: 100 });
  });

  it("refuses other formats, empty and oversized files", () => {
    expect(refusal(Buffer.from("GIF89a\x01\x00\x01\x00"))).toBe("The logo must be a PNG or JPEG file");
    expect(refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe("The logo must be a PNG or JPEG file");
    expect(refusal(Buffer.alloc(0))).toBe("The logo file is empty");
    expect(refusal(Buffer.concat([fixture("logo-240x120.jpg"), Buffer.alloc(LOGO_MAX_BYTES)]))).toMatch(/at most 200 KB/);
  });

  it("refuses damaged PNGs: cut short, a failed CRC, image data that does not match the header, no palette", () => {
    const good = fixture("logo-160-alpha.png");
    expect(refusal(good.subarray(0, good.length - 20))).toBe("The PNG file is cut short (it does not end with IEND)");
    expect(refusal(Buffer.concat([good, Buffer.from("trailing")]))).toMatch(/does not end with IEND/);
    const idat = good.indexOf("IDAT");
    const badCrc = Buffer.from(good);
    const crcAt = idat + 4 + good.readUInt32BE(idat - 4);
    badCrc[crcAt] = badCrc[crcAt]! ^ 0xff; // the IDAT's CRC
    expect(refusal(badCrc)).toBe("The PNG file is damaged (a chunk fails its CRC or is not valid)");
    const flipped = Buffer.from(good);
    flipped[idat + 20] = flipped[idat + 20]! ^ 0xff; // inside the IDAT's deflate stream
    expect(refusal(flipped)).toMatch(/^The PNG image data cannot be read \(damaged|^The PNG file is damaged/);
    const badDepth = Buffer.from(greyPng(64, 64));
    badDepth[24] = 3; // bit depth 3 does not exist (the IHDR's CRC now fails too)
    expect(refusal(badDepth)).toMatch(/fails its CRC or is not valid/);
    // Short image data: pngjs alone would decode it to uninitialised memory (logo-image.ts assertPngDataSize).
    expect(refusal(greyPng(64, 64, { rows: 40 }))).toBe("The PNG image data does not match its size");
    expect(refusal(greyPng(64, 64, { rows: 80 }))).toBe("The PNG image data cannot be read (damaged or larger than its header says)");
    const badFilter = greyPng(64, 64, { filter: 9 });
    expect(refusal(badFilter)).toBe("The PNG image data cannot be read (damaged)");
    const noPalette = Buffer.from(greyPng(64, 64));
    noPalette[25] = 3; // indexed colours, no PLTE
    noPalette.writeUInt32BE(crc32(noPalette.subarray(12, 29)), 29);
    expect(refusal(noPalette)).toBe("The PNG file has no palette for its colours");
    expect(refusal(Buffer.concat([good.subarray(0, 8), Buffer.alloc(40)]))).toBe("The PNG file does not start with its header (IHDR)");
  });

  it("refuses a PNG header announcing a huge image before decoding it", () => {
    const huge = Buffer.from(greyPng(64, 64));
    huge.writeUInt32BE(60000, 16);
    huge.writeUInt32BE(60000, 20);
    expect(refusal(huge)).toBe("The logo is 60000 × 60000 pixels; each side may be at most 2000 pixels");
  });

  it("refuses damaged JPEGs and those a PDF reader may not print", () => {
    const good = fixture("logo-240x120.jpg");
    expect(refusal(good.subarray(0, good.length - 200))).toBe("The JPEG file is cut short (no end-of-image marker)");
    expect(refusal(good.subarray(0, 40))).toBe("The JPEG file is cut short (no end-of-image marker)");
    // The same frame as lossless (SOF3) and arithmetic (SOF9) coding.
    const sof = good.indexOf(Buffer.from([0xff, 0xc0]));
    for (const marker of [0xc3, 0xc9]) {
      const other = Buffer.from(good);
      other[sof + 1] = marker;
      expect(refusal(other)).toBe("This JPEG coding (lossless or arithmetic) is not printable; save it as a baseline JPEG or a PNG");
    }
    // Scan data overwritten: the markers are all there, the image is not.
    const scrambled = Buffer.from(good);
    const scan = good.indexOf(Buffer.from([0xff, 0xda]));
    for (let i = scan + 40; i < scan + 240; i++) scrambled[i] = (i * 7) & 0xff;
    expect(refusal(scrambled)).toBe("The JPEG file is damaged (its image data cannot be decoded)");
  });

  it("refuses a JPEG frame header announcing a huge image before decoding it (jpeg-js's limit)", () => {
    const huge = Buffer.from(fixture("logo-240x120.jpg"));
    const sof = huge.indexOf(Buffer.from([0xff, 0xc0]));
    huge.writeUInt16BE(5000, sof + 5);
    huge.writeUInt16BE(5000, sof + 7); // 25 MP: under jpeg-js's default limit (100 MP), over ours (4 MP)
    expect(refusal(huge)).toBe("The logo is larger than 2000 × 2000 pixels; each side may be at most 2000 pixels");
  });

  it("refuses sizes outside 32 to 2000 pixels a side and more than 8:1", () => {
    expect(refusal(greyPng(16, 64))).toBe("The logo is 16 × 64 pixels; each side must be at least 32 pixels");
    expect(refusal(greyPng(2400, 40))).toBe("The logo is 2400 × 40 pixels; each side may be at most 2000 pixels");
    expect(refusal(greyPng(600, 60))).toBe("The logo is 600 × 60 pixels; at most 8 times wider than tall or taller than wide");
  });
});
