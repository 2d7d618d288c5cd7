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

/** react-pdf's Helvetica line: ascent 0.9 em, descent 0.2 em (@react-pdf/font). */
export const ASCENT = 0.9;
export const LINE_HEIGHT = 1.1;

type LineOptions = { x: number; top: number; maxWidth: number; font: DanfeFont; size: number; align: "left" | "right" | "center" };

/**
 * One line of text; `x` is its left edge, its right edge when aligned
 * right, its middle when centred. A line wider than `maxWidth` that
 * wrapLines kept whole (its spaces may shrink) is set with narrower spaces,
 * as react-pdf justifies it.
 */
export function drawTextLine(painter: TextPainter, line: string, { x, top, maxWidth, font, size, align }: LineOptions): void {
  if (!line) return;
  const natural = textWidth(line, size, font);
  const spaces = line.split(" ").length - 1;
  const wordSpacing = natural > maxWidth && spaces > 0 ? (maxWidth - natural) / spaces : 0;
  const width = natural + wordSpacing * spaces;
  const left = align === "right" ? x - width : align === "center" ? x - width / 2 : x;
  painter.font(font).fontSize(size).text(line, left, top + ASCENT * size, { lineBreak: false, baseline: "alphabetic", ...(wordSpacing ? { wordSpacing } : {}) });
}

type BoxLineOptions = Omit<LineOptions, "x" | "maxWidth"> & { box: { x: number; width: number }; paddingX: number };

/** One line in a box with `paddingX` on each side, aligned within what the padding leaves. */
export function drawBoxLine(painter: TextPainter, line: string, { box, paddingX, ...options }: BoxLineOptions): void {
  const x = options.align === "right" ? box.x + box.width - paddingX : options.align === "center" ? box.x + box.width / 2 : box.x + paddingX;
  drawTextLine(painter, line, { ...options, x, maxWidth: box.width - 2 * paddingX });
}
