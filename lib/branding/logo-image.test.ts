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
function greyPng(width: number, height: number, options: { rows?: number } = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((options.rows ?? height) * (width + 1), 0x80);
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

  it("refuses damaged PNGs: cut short, a failed CRC, image data that does not match the header", () => {
    const good = fixture("logo-160-alpha.png");
    expect(refusal(good.subarray(0, good.length - 20))).toMatch(/cut short/);
    const flipped = Buffer.from(good);
    flipped[60] = flipped[60]! ^ 0xff; // inside IDAT
    expect(refusal(flipped)).toMatch(/fails its CRC/);
    expect(refusal(greyPng(64, 64, { rows: 40 }))).toBe("The PNG image data does not match its size");
    expect(refusal(greyPng(64, 64, { rows: 80 }))).toMatch(/cannot be read|does not match/);
  });

  it("refuses damaged JPEGs and those a PDF reader may not print", () => {
    const good = fixture("logo-240x120.jpg");
    expect(refusal(good.subarray(0, good.length - 200))).toMatch(/end-of-image/);
    expect(refusal(good.subarray(0, 40))).toMatch(/cut short|no frame header/);
    // The same frame as lossless (SOF3) coding.
    const sof = good.indexOf(Buffer.from([0xff, 0xc0]));
    const lossless = Buffer.from(good);
    lossless[sof + 1] = 0xc3;
    expect(refusal(lossless)).toMatch(/lossless or arithmetic/);
  });

  it("refuses sizes outside 32 to 2000 pixels a side and more than 8:1", () => {
    expect(refusal(greyPng(16, 64))).toBe("The logo is 16 × 64 pixels; each side must be at least 32 pixels");
    expect(refusal(greyPng(2400, 40))).toBe("The logo is 2400 × 40 pixels; each side may be at most 2000 pixels");
    expect(refusal(greyPng(600, 60))).toBe("The logo is 600 × 60 pixels; at most 8 times wider than tall or taller than wide");
  });
});
