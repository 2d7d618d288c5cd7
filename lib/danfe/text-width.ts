import { Font } from "@react-pdf/renderer";
import { cacheGlyphLayouts } from "./glyph-layout-cache";

// Line counts of wrapped text, measured with the same Helvetica metrics
// react-pdf lays the PDF out with (the standard font's AFM widths), so the
// DANFE's own pagination (danfe-nfe-pages.ts) agrees with the layout.

type Metrics = { layout(text: string): { advanceWidth: number } };

let helvetica: Metrics | undefined;

/**
 * Loads the fonts the DANFE uses once (every measurement after it is
 * synchronous) and keeps their glyph layouts between renders.
 */
export async function loadTextMetrics(): Promise<void> {
  if (helvetica) return;
  for (const fontFamily of ["Helvetica", "Helvetica-Bold"]) {
    await Font.load({ fontFamily });
    cacheGlyphLayouts(Font.getFont({ fontFamily }).data as unknown as Parameters<typeof cacheGlyphLayouts>[0]);
  }
  helvetica = Font.getFont({ fontFamily: "Helvetica" }).data as unknown as Metrics;
}

const widthCache = new Map<string, number>();

/** Width of a word in points at the given size (1000 units per em). */
function wordWidth(word: string, size: number): number {
  if (!helvetica) throw new Error("loadTextMetrics() must run before measuring text");
  let units = widthCache.get(word);
  if (units === undefined) {
    units = helvetica.layout(word).advanceWidth;
    if (widthCache.size < 20_000) widthCache.set(word, units);
  }
  return (units * size) / 1000;
}

/**
 * The text with a line break inside every word wider than the box: react-pdf
 * (without hyphenation) would clip such a word, as a 60-character cProd in
 * the code column. Text without such words is returned as it is.
 */
export function breakLongWords(text: string, width: number, size: number): string {
  if (!text.split(/\s+/).some((word) => wordWidth(word, size) > width)) return text;
  return text.replace(/\S+/g, (word) => {
    if (wordWidth(word, size) <= width) return word;
    const pieces: string[] = [];
    let piece = "";
    for (const char of word) {
      if (piece && wordWidth(piece + char, size) > width) {
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

/**
 * Lines the text takes in a box of the given width: each line of it
 * wrapped greedily at spaces, as react-pdf lays it out; words wider than the
 * box are expected broken already (breakLongWords).
 */
export function lineCount(text: string, width: number, size: number): number {
  const paragraphs = text.split("\n");
  if (paragraphs.length > 1) return paragraphs.reduce((sum, paragraph) => sum + lineCount(paragraph, width, size), 0);
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return 1;
  const space = wordWidth(" ", size);
  let lines = 1;
  let used = 0;
  for (const word of words) {
    const w = wordWidth(word, size);
    if (used === 0) used = w;
    else if (used + space + w <= width) used += space + w;
    else {
      lines += 1;
      used = w;
    }
  }
  return lines;
}

/** The text wrapped into lines of the box's width (the same greedy rule as lineCount; long words broken). */
export function wrapLines(text: string, width: number, size: number): string[] {
  const lines: string[] = [];
  for (const paragraph of breakLongWords(text, width, size).split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && wordWidth(line, size) + wordWidth(" ", size) + wordWidth(word, size) > width) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    lines.push(line);
  }
  return lines;
}
