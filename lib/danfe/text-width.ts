import { Font } from "@react-pdf/renderer";
import { cacheGlyphLayouts } from "./glyph-layout-cache";

// Line counts of wrapped text, measured with the same Helvetica metrics
// react-pdf lays the PDF out with (the standard font's AFM widths), so the
// DANFE's own pagination (danfe-nfe-pages.ts) agrees with the layout.

type Metrics = { layout(text: string): { positions: Array<{ xAdvance: number }> } };

export type DanfeFont = "Helvetica" | "Helvetica-Bold";
const FONTS: DanfeFont[] = ["Helvetica", "Helvetica-Bold"];
const metrics = new Map<DanfeFont, { font: Metrics; widths: Map<string, number> }>();

/**
 * Loads the fonts the DANFE uses once (every measurement after it is
 * synchronous) and keeps their glyph layouts between renders.
 */
export async function loadTextMetrics(): Promise<void> {
  if (metrics.size === FONTS.length) return;
  for (const fontFamily of FONTS) {
    await Font.load({ fontFamily });
    const font = Font.getFont({ fontFamily }).data;
    cacheGlyphLayouts(font as unknown as Parameters<typeof cacheGlyphLayouts>[0]);
    metrics.set(fontFamily, { font: font as unknown as Metrics, widths: new Map() });
  }
}

/** Width of a text in points at the given size (1000 units per em). */
export function textWidth(text: string, size: number, font: DanfeFont = "Helvetica"): number {
  const entry = metrics.get(font);
  if (!entry) throw new Error("loadTextMetrics() must run before measuring text");
  let units = entry.widths.get(text);
  if (units === undefined) {
    // Kerning included (xAdvance), as textkit measures and pdfkit sets the glyphs.
    units = entry.font.layout(text).positions.reduce((sum, position) => sum + position.xAdvance, 0);
    if (entry.widths.size < 20_000) entry.widths.set(text, units);
  }
  return (units * size) / 1000;
}
const wordWidth = textWidth;

/**
 * The text with a line break inside every word wider than the box: react-pdf
 * (without hyphenation) would clip such a word, as a 60-character cProd in
 * the code column. Text without such words is returned as it is.
 */
export function breakLongWords(text: string, width: number, size: number, font: DanfeFont = "Helvetica"): string {
  if (!text.split(/\s+/).some((word) => wordWidth(word, size, font) > width)) return text;
  return text.replace(/\S+/g, (word) => {
    if (wordWidth(word, size, font) <= width) return word;
    const pieces: string[] = [];
    let piece = "";
    for (const char of word) {
      if (piece && wordWidth(piece + char, size, font) > width) {
        // A URL breaks after its last "/" (or ".", "?", "&", "=") on the line when there is one.
        const cut = Math.max(...["/", ".", "?", "&", "="].map((mark) => piece.lastIndexOf(mark)));
        if (cut > 0 && cut < piece.length - 1) {
          pieces.push(piece.slice(0, cut + 1));
          piece = piece.slice(cut + 1);
        } else {
          pieces.push(piece);
          piece = "";
        }
      }
      piece += char;
    }
    return [...pieces, piece].join("\n");
  });
}

/** Lines the text takes in a box of the given width (wrapLines). */
export const lineCount = (text: string, width: number, size: number): number => wrapLines(text, width, size).length;

/**
 * How far react-pdf's line breaker (Knuth-Plass, @react-pdf/textkit) lets a
 * space shrink: a third of its width. A line whose words fit with its spaces
 * so shrunk is kept whole and set tighter (canvas-text.ts does the same).
 */
export const SPACE_SHRINK = 1 / 3;

/**
 * The width textkit gives a line break ("\n") in a paragraph, in em of its
 * run: a line followed by one must fit with it (measured: a 6 pt caption
 * followed by the 7 pt break, "VALOR TOTAL DOS PRODUTOS", stays whole from a
 * 92.8 pt box, not 92.7).
 */
export const LINE_BREAK_EM = 0.723;

/** Whether a line fits the width with its spaces shrunk as far as react-pdf allows. */
export function lineFits(line: string, width: number, size: number, font: DanfeFont = "Helvetica"): boolean {
  const spaces = line.split(" ").length - 1;
  return wordWidth(line, size, font) - spaces * wordWidth(" ", size, font) * SPACE_SHRINK <= width;
}

/**
 * The text wrapped into lines of the box's width, word by word (greedy),
 * a line fitting when it does with its spaces shrunk; words wider than the
 * box broken (breakLongWords); "\n" starts a new line.
 */
export function wrapLines(text: string, width: number, size: number, font: DanfeFont = "Helvetica"): string[] {
  const space = wordWidth(" ", size, font);
  const lines: string[] = [];
  for (const paragraph of breakLongWords(text, width, size, font).split("\n")) {
    let line = "";
    let used = 0;
    let spaces = 0;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const w = wordWidth(word, size, font);
      if (!line) {
        line = word;
        used = w;
      } else if (used + space + w - (spaces + 1) * space * SPACE_SHRINK <= width) {
        line = `${line} ${word}`;
        used += space + w;
        spaces += 1;
      } else {
        lines.push(line);
        line = word;
        used = w;
        spaces = 0;
      }
    }
    lines.push(line);
  }
  return lines;
}
