import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderDanfe } from "./render-danfe";
import { standardFontsReused } from "./standard-font-cache";
import { exampleNfe, pdfText } from "./testing/pdf-tools";

// The two caches of font work between renders (standard-font-cache.ts,
// glyph-layout-cache.ts) must not change a pixel: the first render of this
// file's process lays everything out cold, the second from the caches.

const dir = mkdtempSync(path.join(tmpdir(), "font-caches-"));

function pagePng(pdf: Buffer, name: string): Buffer {
  writeFileSync(path.join(dir, `${name}.pdf`), pdf);
  execFileSync("pdftoppm", ["-r", "100", "-png", "-singlefile", path.join(dir, `${name}.pdf`), path.join(dir, name)]);
  return readFileSync(path.join(dir, `${name}.png`));
}

describe("font caches between renders", () => {
  it("reuse the parsed standard fonts and glyph layouts, and the page renders pixel for pixel the same", async () => {
    const xml = exampleNfe();
    const cold = await renderDanfe(xml);
    const before = standardFontsReused();
    const cached = await renderDanfe(xml);
    // Helvetica and Helvetica-Bold at least: a pdfkit upgrade that disables the cache fails here.
    expect(standardFontsReused() - before).toBeGreaterThanOrEqual(2);
    expect(pdfText(cached)).toBe(pdfText(cold));
    expect(pagePng(cached, "cached").equals(pagePng(cold, "cold"))).toBe(true);
    // Each document embeds its own font dictionaries.
    expect(cached.toString("latin1")).toMatch(/\/BaseFont \/Helvetica-Bold/);
    expect(cached.toString("latin1")).toMatch(/\/BaseFont \/Helvetica\b/);
  });
});
