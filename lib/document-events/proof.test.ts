import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { decodeProof } from "./proof";
import { MAX_PROOF_BYTES } from "./schemas";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const PDF = Buffer.from("%PDF-1.7\n%...");

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof DomainError ? `${error.status} ${error.code}` : "other";
  }
  return undefined;
}

describe("decodeProof", () => {
  it("accepts each type whose bytes match the declared content type", () => {
    expect(decodeProof({ contentType: "image/png", base64: PNG.toString("base64") }).bytes).toEqual(PNG);
    expect(decodeProof({ contentType: "image/jpeg", base64: JPEG.toString("base64") }).bytes).toEqual(JPEG);
    expect(decodeProof({ contentType: "application/pdf", base64: PDF.toString("base64") }).bytes).toEqual(PDF);
  });

  it("refuses bytes that are another type than declared", () => {
    expect(code(() => decodeProof({ contentType: "image/jpeg", base64: PNG.toString("base64") }))).toBe("422 invalid_proof");
    expect(code(() => decodeProof({ contentType: "application/pdf", base64: JPEG.toString("base64") }))).toBe("422 invalid_proof");
    expect(code(() => decodeProof({ contentType: "image/png", base64: Buffer.from("GIF89a....").toString("base64") }))).toBe("422 invalid_proof");
  });

  it("refuses text that is not base64 and a file over 3 MB", () => {
    expect(code(() => decodeProof({ contentType: "image/png", base64: "not base64!!" }))).toBe("422 invalid_proof");
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_PROOF_BYTES)]);
    expect(code(() => decodeProof({ contentType: "image/png", base64: big.toString("base64") }))).toBe("422 invalid_proof");
    const exact = Buffer.concat([PNG, Buffer.alloc(MAX_PROOF_BYTES - PNG.length)]);
    expect(decodeProof({ contentType: "image/png", base64: exact.toString("base64") }).bytes.length).toBe(MAX_PROOF_BYTES);
  });

  it("tolerates a data URL prefix and line breaks", () => {
    const wrapped = `data:image/png;base64,${PNG.toString("base64").replace(/(.{4})/g, "$1\n")}`;
    expect(decodeProof({ contentType: "image/png", base64: wrapped }).bytes).toEqual(PNG);
  });
});
