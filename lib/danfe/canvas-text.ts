import { textWidth, type DanfeFont } from "./text-width";

// Text drawn straight through pdfkit inside a react-pdf <Canvas>, for tables
// whose lines are already wrapped (danfe-nfe-items-layout.ts): placed where
// react-pdf would put them (baseline at 0.9 em below the line's top, its
// Helvetica ascent), without a text layout per cell.

/** The part of react-pdf's canvas painter (pdfkit's document methods) used here. */
export type TextPainter = {
  rect(x: number, y: number, width: number, height: number): TextPainter;
  fill(color?: string): TextPainter;
  fillColor(color: string): TextPainter;
  font(name: string): TextPainter;
  fontSize(size: number): TextPainter;
  text(text: string, x: number, y: number, options: { lineBreak: false; baseline: "alphabetic"; wordSpacing?: number }): TextPainter;
};

const ASCENT = 0.9;

type LineOptions = { x: number; top: number; maxWidth: number; font: DanfeFont; size: number; align: "left" | "right" };

/**
 * One line of text; `x` is its left edge, or its right edge when aligned
 * right. A line wider than `maxWidth` that wrapLines kept whole (its spaces
 * may shrink) is set with narrower spaces, as react-pdf justifies it.
 */
export function drawTextLine(painter: TextPainter, line: string, { x, top, maxWidth, font, size, align }: LineOptions): void {
  if (!line) return;
  const natural = textWidth(line, size, font);
  const spaces = line.split(" ").length - 1;
  const wordSpacing = natural > maxWidth && spaces > 0 ? (maxWidth - natural) / spaces : 0;
  const width = natural + wordSpacing * spaces;
  const left = align === "right" ? x - width : x;
  painter.font(font).fontSize(size).text(line, left, top + ASCENT * size, { lineBreak: false, baseline: "alphabetic", ...(wordSpacing ? { wordSpacing } : {}) });
}
