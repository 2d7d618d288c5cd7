import { mkdtempSync, rmSync, existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { crc32 } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { listZipFile, readZipFileEntries } from "@/lib/exports/testing/read-zip";
import { ZipFileWriter } from "./zip-writer";

// The ZIP writer (exports, received documents) read back by an independent reader (yauzl): every entry's bytes,
// CRC-32, date and name, streamed entries (data descriptor) and the ZIP64 end records that
// more than 65,535 entries need (a month of 100,000 documents has them).

const dir = mkdtempSync(path.join(tmpdir(), "zip-writer-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type ReadEntry = { name: string; bytes: Buffer; crc: number; method: number; flags: number; date: Date; mode: number };

async function readAll(file: string): Promise<ReadEntry[]> {
  return (await readZipFileEntries(file)).map(({ entry, bytes }) => ({
    name: entry.fileName,
    bytes,
    crc: entry.crc32,
    method: entry.compressionMethod,
    flags: entry.generalPurposeBitFlag,
    date: entry.getLastModDate({ timezone: "UTC" } as never),
    mode: entry.externalFileAttributes >>> 16,
  }));
}

describe("ZipFileWriter", () => {
  it("writes strings, buffers, an empty file and a stream that read back byte for byte with their CRC-32 and dates", async () => {
    const file = path.join(dir, "a.zip");
    const zip = await ZipFileWriter.create(file);
    const xml = `<?xml version="1.0" encoding="UTF-8"?><nfeProc versao="4.00"><xNome>Açúcar & Café Ltda</xNome>${"<det/>".repeat(5000)}</nfeProc>`;
    const large = Buffer.alloc(300 * 1024, "0123456789abcdef"); // deflated on the threadpool
    const csvLines = Array.from({ length: 3000 }, (_, i) => `NFe;${i};${(i * 1.5).toFixed(2)}\n`);
    const issuedAt = new Date("2026-10-15T13:45:20Z");
    await zip.add("NFe/2026-10/35261000000000000000550010000000011000000010-nfe.xml", xml, issuedAt);
    await zip.add("NFe/2026-10/binário.pdf", large, issuedAt);
    await zip.add("vazio.txt", "", issuedAt);
    await zip.add("resumo.csv", Readable.from(csvLines.map((line) => Buffer.from(line))), issuedAt);
    const size = await zip.finish();

    expect(readFileSync(file).length).toBe(size);
    expect(existsSync(`${file}.central.part`)).toBe(false);
    const entries = await readAll(file);
    expect(entries.map((e) => e.name)).toEqual(["NFe/2026-10/35261000000000000000550010000000011000000010-nfe.xml", "NFe/2026-10/binário.pdf", "vazio.txt", "resumo.csv"]);
    const expected = [Buffer.from(xml, "utf8"), large, Buffer.alloc(0), Buffer.from(csvLines.join(""))];
    entries.forEach((entry, i) => {
      expect(entry.bytes.equals(expected[i]!), entry.name).toBe(true);
      expect(entry.crc, entry.name).toBe(crc32(expected[i]!));
      expect(entry.date.toISOString()).toBe("2026-10-15T13:45:20.000Z");
      expect(entry.mode).toBe(0o100644);
    });
    expect(entries.map((e) => e.method)).toEqual([8, 8, 0, 8]);
    expect(entries[3]!.flags & 0x0008).toBe(0x0008); // the stream's sizes follow its data
    expect(entries[1]!.flags & 0x0800).toBe(0x0800); // UTF-8 names
  });

  it("writes the ZIP64 end records when there are more than 65,535 entries", async () => {
    const file = path.join(dir, "many.zip");
    const zip = await ZipFileWriter.create(file);
    const count = 70_000;
    for (let i = 0; i < count; i++) await zip.add(`NFCe/2026-10/${i}.xml`, `<n>${i}</n>`);
    await zip.finish();
    const names = await listZipFile(file);
    expect(names.length).toBe(count);
    expect(names[0]).toEqual({ name: "NFCe/2026-10/0.xml", size: 8 });
    expect(names[count - 1]!.name).toBe(`NFCe/2026-10/${count - 1}.xml`);
    const bytes = readFileSync(file);
    expect(bytes.readUInt32LE(bytes.length - 22 - 20 - 56)).toBe(0x06064b50);
    expect(Number(bytes.readBigUInt64LE(bytes.length - 22 - 20 - 56 + 32))).toBe(count);
  }, 60_000);

  it("abort removes the side file and leaves the ZIP to the caller", async () => {
    const file = path.join(dir, "aborted.zip");
    const zip = await ZipFileWriter.create(file);
    await zip.add("a.xml", "<a/>");
    await zip.abort();
    expect(existsSync(`${file}.central.part`)).toBe(false);
    await expect(zip.add("b.xml", "<b/>")).rejects.toThrow(/closed/);
  });
});
