import { ASCENT, LINE_HEIGHT } from "./canvas-text";
import { LINE_BREAK_EM, lineFits, wrapLines, type DanfeFont } from "./text-width";

// A row of the DANFE's boxed fields (caption over value, MOC Anexo II
// "campos") laid out by our own code, as react-pdf laid out the Field
// component (danfe-fields.tsx): widths shared by flex weight after the fixed
// ones, 0.5 pt between boxes, 2 pt of padding each side and 1 pt above and
// below, the caption at 6 pt and the value at 7.5 pt, each
// wrapped to the box, the row as tall as its tallest box and at least 18 pt.
// react-pdf set caption and value as one paragraph pair whose caption line
// also carries the page's 7 pt line break: that line is 7.7 pt tall.

export type RowField = { label: string; value?: string; flex?: number; width?: number; align?: "left" | "right" };

export type FieldLine = { text: string; top: number; font: DanfeFont; size: number; align: "left" | "right" };
export type FieldBox = { x: number; width: number; lines: FieldLine[] };
export type FieldRowLayout = { height: number; boxes: FieldBox[] };

const GAP = 0.5;
const PADDING_X = 2;
const PADDING_Y = 1;
const MIN_HEIGHT = 18;
const LABEL_SIZE = 6;
const BREAK_SIZE = 7;
const VALUE_SIZE = 7.5;
const LINE_BREAK_WIDTH = LINE_BREAK_EM * BREAK_SIZE;

// Yoga never lets a flex basis (0 here) fall below the box's padding: each
// flexible box gets its padding, then a share of what is left by its weight.
function boxWidths(fields: RowField[], rowWidth: number): number[] {
  const flexible = fields.filter((field) => !field.width);
  const fixed = fields.reduce((sum, field) => sum + (field.width ?? 0), 0);
  const weights = flexible.reduce((sum, field) => sum + (field.flex ?? 1), 0);
  const free = rowWidth - fixed - GAP * (fields.length - 1) - 2 * PADDING_X * flexible.length;
  return fields.map((field) => field.width ?? 2 * PADDING_X + (free * (field.flex ?? 1)) / weights);
}

/** The width left for text in each box of a row of fields `rowWidth` wide (for fields that react-pdf still lays out). */
export const fieldTextWidths = (fields: Array<Pick<RowField, "flex" | "width">>, rowWidth: number): number[] =>
  boxWidths(fields as RowField[], rowWidth).map((width) => width - 2 * PADDING_X);

/** The caption's lines: its last line must also hold the line break, or its last word goes down. */
function captionLines(label: string, width: number): string[] {
  const lines = wrapLines(label.toUpperCase(), width, LABEL_SIZE);
  const last = lines[lines.length - 1]!;
  const cut = last.lastIndexOf(" ");
  if (cut < 0 || lineFits(last, width - LINE_BREAK_WIDTH, LABEL_SIZE)) return lines;
  return [...lines.slice(0, -1), last.slice(0, cut), last.slice(cut + 1)];
}

function fieldLines(field: RowField, textWidth: number): { lines: FieldLine[]; height: number } {
  const lines: FieldLine[] = [];
  let top = PADDING_Y;
  const labels = captionLines(field.label, textWidth);
  labels.forEach((text, index) => {
    // The caption's last line holds the line break, set in the page's 7 pt: a taller line, its baseline lower.
    const lineSize = index === labels.length - 1 ? BREAK_SIZE : LABEL_SIZE;
    lines.push({ text, top: top + ASCENT * (lineSize - LABEL_SIZE), font: "Helvetica", size: LABEL_SIZE, align: "left" });
    top += LINE_HEIGHT * lineSize;
  });
  for (const text of field.value ? wrapLines(field.value, textWidth, VALUE_SIZE) : [""]) {
    lines.push({ text, top, font: "Helvetica", size: VALUE_SIZE, align: field.align ?? "left" });
    top += LINE_HEIGHT * VALUE_SIZE;
  }
  return { lines, height: Math.max(MIN_HEIGHT, top + PADDING_Y) };
}

/** Boxes (x from the row's left edge) and lines (top of each line box) of a row `rowWidth` wide. */
export function fieldRowLayout(fields: RowField[], rowWidth: number): FieldRowLayout {
  const widths = boxWidths(fields, rowWidth);
  let x = 0;
  let height = MIN_HEIGHT;
  const boxes = fields.map((field, index) => {
    const width = widths[index]!;
    const { lines, height: boxHeight } = fieldLines(field, width - 2 * PADDING_X);
    height = Math.max(height, boxHeight);
    const box = { x, width, lines };
    x += width + GAP;
    return box;
  });
  return { height, boxes };
}

export const FIELD_PADDING_X = PADDING_X;
