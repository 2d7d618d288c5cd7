import { describe, expect, it } from "vitest";
import { renderDanfe } from "./render-danfe";
import { standardFontsReused } from "./standard-font-cache";
import { exampleNfe, pdfText } from "./testing/pdf-tools";

describe("standard font metrics shared between PDF documents", () => {
  it("reuses the parsed Helvetica of an earlier render and prints the same PDF text", async () => {
    const xml = exampleNfe();
    const first = await renderDanfe(xml);
    const before = standardFontsReused();
    const second = await renderDanfe(xml);
    // Helvetica and Helvetica-Bold at least: a pdfkit upgrade that disables the cache fails here.
    expect(standardFontsReused() - before).toBeGreaterThanOrEqual(2);
    expect(pdfText(second)).toBe(pdfText(first));
    // Each document embeds its own font dictionaries.
    expect(second.toString("latin1")).toMatch(/\/BaseFont \/Helvetica-Bold/);
    expect(second.toString("latin1")).toMatch(/\/BaseFont \/Helvetica\b/);
  });
});
