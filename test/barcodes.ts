import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Reading a rendered PDF's barcodes back as a scanner would: every page
// rasterized by poppler (pdftoppm) and decoded by ZBar (Debian's zbar-tools,
// `zbarimg`), independent of the encoders that drew them (bwip-js, qrcode).

export type DecodedSymbol = { type: string; data: string };

/** Every barcode and QR-Code ZBar finds on the PDF's pages, rendered at `dpi`. */
export function decodePdfBarcodes(pdf: Buffer, dpi = 300): DecodedSymbol[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "barcodes-"));
  try {
    const file = path.join(dir, "doc.pdf");
    fs.writeFileSync(file, pdf);
    execFileSync("pdftoppm", ["-r", String(dpi), "-png", file, path.join(dir, "page")]);
    const pages = fs.readdirSync(dir).filter((name) => name.endsWith(".png")).map((name) => path.join(dir, name));
    // One "TYPE:data" line per symbol; zbarimg exits 4 when a page has none, its other failures are real.
    const run = spawnSync("zbarimg", ["-q", ...pages], { encoding: "utf8" });
    if (run.status !== 0 && run.status !== 4) throw new Error(`zbarimg failed (${run.status}): ${run.stderr}`);
    return run.stdout
      .split("\n")
      .filter(Boolean)
      .map((line) => {
        const colon = line.indexOf(":");
        return { type: line.slice(0, colon), data: line.slice(colon + 1) };
      });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
