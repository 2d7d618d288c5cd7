import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Share of a PDF's first page in the DANFSe watermark's grey (K35, #a6a6a6 = 166), from a
 * greyscale rendering (PGM). pdftotext does not extract the NT 008 watermark, which is
 * rotated, so tests look at the page: a cancelled DANFSe has about 3 % more of it grey
 * than the same NFS-e without the mark.
 */
export function watermarkGreyShare(pdf: Buffer): number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "danfse-grey-"));
  try {
    fs.writeFileSync(path.join(dir, "d.pdf"), pdf);
    spawnSync("pdftoppm", ["-gray", "-r", "40", "-f", "1", "-l", "1", "-singlefile", path.join(dir, "d.pdf"), path.join(dir, "d")]);
    const pgm = fs.readFileSync(path.join(dir, "d.pgm"));
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString("latin1"));
    if (!header) throw new Error("pdftoppm did not write a PGM");
    const pixels = pgm.subarray(header[0].length);
    let grey = 0;
    for (const value of pixels) if (value >= 160 && value <= 172) grey++;
    return grey / pixels.length;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
