import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Document, Page, renderToBuffer } from "@react-pdf/renderer";
import { createElement } from "react";
import { afterAll, describe, expect, it } from "vitest";
import { accessKeyCheckDigit } from "@/lib/fiscal/nfe/access-key";
import { decodePdfBarcodes } from "@/test/barcodes";
import { AccessKeyBarcode, ACCESS_KEY_BARCODE_MINIMUM } from "./access-key-barcode";
import { accessKeyBarcodeWidths } from "./access-key-code128";
import { parseAuthorizedXml } from "./parse-authorized-xml";
import { renderDacce } from "./render-dacce";
import { renderDanfe, renderDanfeData } from "./render-danfe";
import { exampleCce, exampleNfe } from "./testing/pdf-tools";

// NT Conjunta 2025.001 item 6 (MOC 7.0 Anexo II §2 as it restates it): the access key's barcode is at
// least 11.5 cm wide and 0.8 cm high, its modules at least 0.02 cm. Measured on the printed page as a
// ruler would (page 1 rasterized at 300 dpi by pdftoppm, the bars' extent on the row that crosses them),
// and read back by ZBar from the same kind of render.

const DPI = 300;
const work = mkdtempSync(path.join(tmpdir(), "key-barcode-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Page 1 in grey levels at 300 dpi (pdftoppm's PGM: "P5", width, height, 255, then one byte a pixel). */
function greyPage(pdf: Buffer): { width: number; height: number; pixels: Buffer } {
  const dir = mkdtempSync(path.join(work, "page-"));
  writeFileSync(path.join(dir, "doc.pdf"), pdf);
  execFileSync("pdftoppm", ["-r", String(DPI), "-gray", "-f", "1", "-l", "1", path.join(dir, "doc.pdf"), path.join(dir, "page")]);
  const data = readFileSync(path.join(dir, readdirSync(dir).find((name) => name.endsWith(".pgm"))!));
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(data.subarray(0, 50).toString("latin1"))!;
  return { width: Number(header[1]), height: Number(header[2]), pixels: data.subarray(header[0].length) };
}

/**
 * The barcode's width and height in cm. On each row, edges closer than 30 px (the widest bar or space is
 * 4 modules, about 20 px; the clear margins and the frame are farther) form clusters; a barcode row has a
 * cluster of more than 100 edges, and the barcode is the cluster that spans the same pixels on the most
 * consecutive rows (a text line's clusters change from row to row). Its first to last edge is the width,
 * the rows it holds the height.
 */
function barcodeSize(pdf: Buffer): { widthCm: number; heightCm: number } {
  const { width, height, pixels } = greyPage(pdf);
  type Cluster = { start: number; end: number; edges: number };
  const widestCluster = (y: number): Cluster | null => {
    let best: Cluster = { start: 0, end: 0, edges: 0 };
    let current: Cluster = { start: 0, end: -Infinity, edges: 0 };
    for (let x = 1; x < width; x++) {
      if (pixels[y * width + x]! < 128 === pixels[y * width + x - 1]! < 128) continue;
      current = x - current.end <= 30 ? { start: current.start, end: x, edges: current.edges + 1 } : { start: x, end: x, edges: 1 };
      if (current.edges > best.edges) best = current;
    }
    return best.edges > 100 ? best : null;
  };
  let best = { span: "", rows: 0, width: 0 };
  let run = { span: "", rows: 0 };
  for (let y = 0; y < height; y++) {
    const cluster = widestCluster(y);
    const span = cluster ? `${cluster.start}:${cluster.end}` : "";
    run = span && span === run.span ? { span, rows: run.rows + 1 } : { span, rows: span ? 1 : 0 };
    if (run.rows > best.rows) best = { span, rows: run.rows, width: cluster!.end - cluster!.start };
  }
  const cm = (px: number) => (px / DPI) * 2.54;
  return { widthCm: cm(best.width), heightCm: cm(best.rows) };
}

/** The example NF-e's key with an alphanumeric issuer CNPJ (IN RFB 2.229/2024's example) and its check digit. */
function alphanumericKey(numericKey: string): string {
  const first43 = `${numericKey.slice(0, 6)}12ABC34501DE35${numericKey.slice(20, 43)}`;
  return first43 + accessKeyCheckDigit(first43);
}

function expectWithinTheNt(pdf: Buffer, key: string) {
  const size = barcodeSize(pdf);
  const modules = accessKeyBarcodeWidths(key).reduce((sum, w) => sum + w, 0);
  expect(size.widthCm).toBeGreaterThanOrEqual(ACCESS_KEY_BARCODE_MINIMUM.widthCm);
  expect(size.heightCm).toBeGreaterThanOrEqual(ACCESS_KEY_BARCODE_MINIMUM.heightCm);
  expect(size.widthCm / modules).toBeGreaterThanOrEqual(ACCESS_KEY_BARCODE_MINIMUM.moduleCm);
  expect(decodePdfBarcodes(pdf).filter((symbol) => symbol.type === "CODE-128").map((symbol) => symbol.data)).toContain(key);
}

describe("the access key's barcode at the NT's minimum size", () => {
  const data = parseAuthorizedXml(exampleNfe());

  it("DANFE portrait, numeric key: at least 11.5 × 0.8 cm, modules of at least 0.02 cm, and it decodes", async () => {
    expectWithinTheNt(await renderDanfe(exampleNfe()), data.accessKey);
  });

  it("DANFE portrait, key with letters (hybrid CODE-128C/A)", async () => {
    const key = alphanumericKey(data.accessKey);
    expectWithinTheNt(await renderDanfeData({ ...data, accessKey: key }), key);
  });

  it("DANFE landscape and DACCE", async () => {
    expectWithinTheNt(await renderDanfe(exampleNfe(), { orientation: "landscape" }), data.accessKey);
    // The DACCE prints the key of the NF-e its event corrects.
    const corrected = /<chNFe>([0-9A-Z]{44})<\/chNFe>/.exec(exampleCce())![1]!;
    expectWithinTheNt(await renderDacce({ eventXml: exampleCce(), authorizedXml: exampleNfe(), sequence: 1 }), corrected);
  });

  it("measures what it claims: the 232 pt (8.2 cm) barcode the DANFE printed before is found too narrow", async () => {
    const page = createElement(Page, { size: "A4", style: { padding: 40 } }, createElement(AccessKeyBarcode, { accessKey: data.accessKey, width: 232, height: 30 }));
    const size = barcodeSize(await renderToBuffer(createElement(Document, null, page)));
    expect(size.widthCm).toBeCloseTo(8.18, 1);
    expect(size.widthCm).toBeLessThan(ACCESS_KEY_BARCODE_MINIMUM.widthCm);
  });
});
