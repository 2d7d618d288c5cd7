import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// Reading rendered PDFs back as a person or a printer would: page sizes
// (pdfinfo), text (pdftotext) and PNG renders (pdftoppm) saved under
// reports/danfe/ (git-ignored) to look at.

const dir = mkdtempSync(path.join(tmpdir(), "danfe-pdf-"));
export const RENDERS_DIR = path.resolve("reports/danfe");

function file(pdf: Buffer): string {
  const name = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(name, pdf);
  return name;
}

/** Width and height in points of every page. */
export function pageSizes(pdf: Buffer): Array<[number, number]> {
  const info = execFileSync("pdfinfo", ["-f", "1", "-l", "999", file(pdf)], { encoding: "utf8" });
  return [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

/** The text of the PDF, or of one page, or of an area of it (points from the top left). */
export function pdfText(pdf: Buffer, page?: number, area?: { x: number; y: number; width: number; height: number }): string {
  const pages = page ? ["-f", String(page), "-l", String(page)] : [];
  const crop = area ? ["-r", "72", "-x", String(area.x), "-y", String(area.y), "-W", String(area.width), "-H", String(area.height)] : [];
  return execFileSync("pdftotext", [...pages, ...crop, file(pdf), "-"], { encoding: "utf8" });
}

/** pdfimages -list rows of a page: the type (image, smask), width and height in pixels of each embedded image. */
export function pdfImages(pdf: Buffer, page: number): Array<{ width: number; height: number; type: string }> {
  const out = execFileSync("pdfimages", ["-list", "-f", String(page), "-l", String(page), file(pdf)], { encoding: "utf8" });
  return out.split("\n").slice(2).filter(Boolean).map((line) => {
    const columns = line.trim().split(/\s+/);
    return { type: columns[2]!, width: Number(columns[3]), height: Number(columns[4]) };
  });
}

/** What zbarimg reads on page `page` rendered at `dpi`, for the given symbology. */
export function scanPage(pdf: Buffer, page: number, symbology: "code128" | "qrcode", dpi: number): string {
  const prefix = path.join(dir, Math.random().toString(36).slice(2));
  execFileSync("pdftoppm", ["-png", "-r", String(dpi), "-f", String(page), "-l", String(page), "-singlefile", file(pdf), prefix]);
  return spawnSync("zbarimg", ["--quiet", "--raw", "-Sdisable", `-S${symbology}.enable`, `${prefix}.png`], { encoding: "utf8" }).stdout.trim();
}

export type WordBox = { text: string; xMin: number; yMin: number; xMax: number; yMax: number };

/** Every word of the PDF, or of one page, with its box in points from the page's top left (pdftotext -bbox). */
export function wordBoxes(pdf: Buffer, page?: number): WordBox[] {
  const pages = page ? ["-f", String(page), "-l", String(page)] : [];
  const html = execFileSync("pdftotext", ["-bbox", ...pages, file(pdf), "-"], { encoding: "utf8" });
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
    text: m[5]!,
    xMin: Number(m[1]),
    yMin: Number(m[2]),
    xMax: Number(m[3]),
    yMax: Number(m[4]),
  }));
}

/** Renders every page to reports/danfe/<name>-<page>.png (72 dpi) and returns the file names. */
export function savePng(pdf: Buffer, name: string): string[] {
  mkdirSync(RENDERS_DIR, { recursive: true });
  const prefix = path.join(RENDERS_DIR, name);
  execFileSync("pdftoppm", ["-r", "72", "-png", file(pdf), prefix]);
  return pageSizes(pdf).map((_, index, all) => `${prefix}-${String(index + 1).padStart(String(all.length).length, "0")}.png`);
}

// Copies of the official examples (shared/fiscal/examples: nfe/nfeproc-55-authorized-hom.xml,
// nfce/nfeproc-65-authorized-hom.xml, events/proceventonfe-110110-cce.xml) kept beside the tests.
const sample = (name: string) => readFileSync(new URL(`./${name}`, import.meta.url), "utf8");
export const exampleNfe = () => sample("nfeproc-55-one-page.xml");
export const exampleNfce = () => sample("nfeproc-65.xml");
export const exampleCce = () => sample("proceventonfe-110110-cce.xml");

/** The example NF-e with `count` items; `describe` gives each one's description (and optionally its code). */
export function nfeWithItems(xml: string, count: number, describe: (index: number) => { description: string; code?: string }): string {
  const det = /<det nItem="1">[\s\S]*?<\/det>/.exec(xml)![0];
  const items = Array.from({ length: count }, (_, i) => {
    const { description, code } = describe(i);
    return det
      .replace('nItem="1"', `nItem="${i + 1}"`)
      .replace("<cProd>11007</cProd>", `<cProd>${code ?? `P${i + 1}`}</cProd>`)
      .replace("<xProd>UM PRODUTO TESTE QUALQUER</xProd>", `<xProd>${description}</xProd>`);
  });
  return xml.replace(det, items.join(""));
}

/** The example NF-e with infAdFisco and infCpl (additional information) and `installments` duplicatas. */
export function nfeWithExtras(xml: string, extras: { additionalInfo?: string; fiscoInfo?: string; installments?: number }): string {
  let out = xml;
  if (extras.installments) {
    const dups = Array.from({ length: extras.installments }, (_, i) => `<dup><nDup>${String(i + 1).padStart(3, "0")}</nDup><dVenc>2019-01-${String((i % 28) + 1).padStart(2, "0")}</dVenc><vDup>1.00</vDup></dup>`);
    out = out.replace(/<dup>[\s\S]*?<\/dup>/, dups.join(""));
  }
  if (extras.additionalInfo || extras.fiscoInfo) {
    const fisco = extras.fiscoInfo ? `<infAdFisco>${extras.fiscoInfo}</infAdFisco>` : "";
    const complementary = extras.additionalInfo ? `<infCpl>${extras.additionalInfo}</infCpl>` : "";
    out = out.replace(/<\/pag>/, `</pag><infAdic>${fisco}${complementary}</infAdic>`);
  }
  return out;
}
