import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { nfceQrCode } from "@/lib/fiscal/nfe/nfce-qr-code";
import { renderDanfe } from "./render-danfe";
import { exampleNfce } from "./testing/pdf-tools";

// The DANFE NFC-e's division VIII is the infNFeSupl qrCode as an image. No QR
// decoder is installed, so the image is read back from the PDF (pdfimages)
// and compared module by module with the QR symbol of the expected text.

type Image = { width: number; height: number; channels: number; data: Buffer };

/** A binary PPM (P6) or PGM (P5) file, as pdfimages writes them by default. */
function readPnm(file: Buffer): Image {
  const header = /^P([56])\s+(\d+)\s+(\d+)\s+255\s/.exec(file.subarray(0, 40).toString("latin1"));
  if (!header) throw new Error("not a binary PPM/PGM with 8-bit samples");
  return { width: Number(header[2]), height: Number(header[3]), channels: header[1] === "6" ? 3 : 1, data: file.subarray(header[0].length) };
}

/** The images of a PDF (poppler's pdfimages), decoded. */
function pdfImages(pdf: Buffer): Image[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "danfce-qr-"));
  try {
    fs.writeFileSync(path.join(dir, "danfce.pdf"), pdf);
    execFileSync("pdfimages", [path.join(dir, "danfce.pdf"), path.join(dir, "img")], { timeout: 30_000 });
    return fs.readdirSync(dir).filter((f) => /\.p[pg]m$/.test(f)).sort().map((f) => readPnm(fs.readFileSync(path.join(dir, f))));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether the image is exactly the QR symbol of `text` (level M, as barcode.ts draws it): every module's centre pixel. */
function showsQr(image: Image, text: string): boolean {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: "M" }).modules;
  if (image.width !== image.height || image.width % size !== 0) return false;
  const scale = image.width / size;
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      const x = Math.floor(col * scale + scale / 2);
      const y = Math.floor(row * scale + scale / 2);
      const dark = image.data[(y * image.width + x) * image.channels]! < 128;
      if (dark !== Boolean(data[row * size + col])) return false;
    }
  }
  return true;
}

const credentials = testSigningCredentials("11222333000181");

describe("DANFE NFC-e QR code (division VIII)", () => {
  const xml = exampleNfce();
  const key = /<chNFe>(\d{44})<\/chNFe>/.exec(xml)![1]!;
  const withQr = (qr: string) => xml.replace(/<qrCode>[\s\S]*?<\/qrCode>/, `<qrCode><![CDATA[${qr}]]></qrCode>`);

  it("prints the QR code of a v3 online NFC-e", async () => {
    const qr = nfceQrCode({ accessKey: key, uf: "SP", environment: "HOMOLOGATION" });
    const images = pdfImages(await renderDanfe(withQr(qr)));
    expect(images.filter((image) => showsQr(image, qr))).toHaveLength(1);
    // Not any QR: the same image is not the v2 text of the same key.
    expect(images.some((image) => showsQr(image, `${qr}|X`))).toBe(false);
  });

  it("prints the longer QR code of a v3 offline NFC-e, signature included", async () => {
    const offlineKey = `${key.slice(0, 34)}9${key.slice(35)}`;
    const qr = nfceQrCode({ accessKey: offlineKey, uf: "SP", environment: "HOMOLOGATION", offline: { issuedAt: "2020-03-24T13:33:20-03:00", vNF: "92.00", recipient: { type: "CNPJ", value: "18191228000171" }, privateKeyPem: credentials.privateKeyPem } });
    expect(qr.length).toBeGreaterThan(300);
    const images = pdfImages(await renderDanfe(withQr(qr)));
    expect(images.filter((image) => showsQr(image, qr))).toHaveLength(1);
  });
});
