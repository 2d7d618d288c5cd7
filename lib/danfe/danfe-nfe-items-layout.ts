import type { DanfeItem } from "./danfe-data";
import type { DanfeGeometry } from "./danfe-nfe-pages";
import { formatDecimal, formatMoney, formatQuantity } from "./format";
import { wrapLines, type DanfeFont } from "./text-width";

// Quadro 7, "Dados dos produtos / serviços", laid out here rather than by
// react-pdf: the columns have fixed widths (the description takes what the
// others leave) and only the code and description wrap, so every cell's
// lines and box follow from the Helvetica metrics react-pdf itself uses. The
// table is then drawn as one canvas per sheet (danfe-nfe-items.tsx), and the
// pagination (danfe-nfe-pages.ts) counts with the same row heights. react-pdf
// laid out 15 text blocks per row: about a quarter of a one-page DANFE's render.

const COLUMNS = [
  { key: "code", label: "Código", width: 40 },
  { key: "description", label: "Descrição do produto / serviço", width: 0 },
  { key: "ncm", label: "NCM/SH", width: 34 },
  { key: "cst", label: "O/CST", width: 22 },
  { key: "cfop", label: "CFOP", width: 20 },
  { key: "unit", label: "UN", width: 18 },
  { key: "quantity", label: "Quant.", width: 36, right: true },
  { key: "unitValue", label: "Valor unit.", width: 38, right: true },
  { key: "totalValue", label: "Valor total", width: 38, right: true },
  { key: "discount", label: "Valor desc.", width: 30, right: true },
  { key: "icmsBase", label: "B.cálc. ICMS", width: 34, right: true },
  { key: "icmsValue", label: "Valor ICMS", width: 30, right: true },
  { key: "ipiValue", label: "Valor IPI", width: 26, right: true },
  { key: "icmsRate", label: "Alíq. ICMS", width: 22, right: true },
  { key: "ipiRate", label: "Alíq. IPI", width: 23, right: true },
] as const;

type ColumnKey = (typeof COLUMNS)[number]["key"];

/** The 0.5 pt lines between and beside the cells (as in the other frames, danfe-fields.tsx); 0.25 pt under an item. */
export const TABLE_RULE = 0.5;
const ITEM_RULE = 0.25;
export const CELL_PADDING_X = 1.5;
export const CELL_PADDING_Y = 1;
// MOC 7.0, 7.7.2: the table's captions may be 5 pt; its contents print at 6 pt.
// A line is 1.1 em: react-pdf's Helvetica ascent (0.9 em) plus descent (0.2 em).
export const ITEM_FONT_SIZE = 6;
export const ITEM_LINE_HEIGHT = 6.6;
export const HEADER_FONT_SIZE = 5;
export const HEADER_LINE_HEIGHT = 5.5;
export const HEADER_FONT: DanfeFont = "Helvetica-Bold";
const FIXED_COLUMNS_WIDTH = COLUMNS.reduce((sum, column) => sum + column.width, 0);
const CODE_TEXT_WIDTH = COLUMNS[0].width - 2 * CELL_PADDING_X;

export type TableCell = { x: number; width: number; lines: string[]; right: boolean };
/** `top` and `height` of the row's cells (the rule under them is not included). */
export type TableRow = { top: number; height: number; cells: TableCell[] };
export type ItemsTable = { width: number; height: number; header: TableRow; rows: TableRow[] };

/** Left edge and width of each column's cell in a table as wide as the sheet's blocks. */
function columnBoxes(tableWidth: number): Array<{ x: number; width: number }> {
  const chrome = (COLUMNS.length + 1) * TABLE_RULE;
  let x = TABLE_RULE;
  return COLUMNS.map((column) => {
    const width = column.key === "description" ? tableWidth - chrome - FIXED_COLUMNS_WIDTH : column.width;
    const box = { x, width };
    x += width + TABLE_RULE;
    return box;
  });
}

const descriptionTextWidth = (geometry: DanfeGeometry) => columnBoxes(geometry.contentWidth)[1]!.width - 2 * CELL_PADDING_X;

function cellTexts(item: DanfeItem): Record<ColumnKey, string> {
  return {
    code: item.code,
    description: item.description,
    ncm: item.ncm,
    cst: item.cst,
    cfop: item.cfop,
    unit: item.unit,
    quantity: formatQuantity(item.quantity),
    unitValue: formatDecimal(item.unitValue, 4),
    totalValue: formatMoney(item.totalValue),
    discount: formatMoney(item.discount),
    icmsBase: formatMoney(item.icmsBase),
    icmsValue: formatMoney(item.icmsValue),
    ipiValue: formatMoney(item.ipiValue),
    icmsRate: formatMoney(item.icmsRate),
    ipiRate: formatMoney(item.ipiRate),
  };
}

/**
 * The lines of an item's code and description: wrapped at spaces, a word
 * wider than its column (a 60-character cProd) broken inside it.
 */
export function itemTextLines(item: DanfeItem, geometry: DanfeGeometry): { code: string[]; description: string[] } {
  return {
    code: wrapLines(item.code, CODE_TEXT_WIDTH, ITEM_FONT_SIZE),
    description: wrapLines(item.description, descriptionTextWidth(geometry), ITEM_FONT_SIZE),
  };
}

const cellsHeight = (lines: { code: string[]; description: string[] }) => Math.max(lines.code.length, lines.description.length) * ITEM_LINE_HEIGHT + 2 * CELL_PADDING_Y;

/** Height of an item's row, the rule under it included. */
export const itemRowHeight = (item: DanfeItem, geometry: DanfeGeometry) => cellsHeight(itemTextLines(item, geometry)) + ITEM_RULE;

/** The column header and the rows of one sheet's items, in points from the table's top left corner. */
export function itemsTableLayout(items: DanfeItem[], geometry: DanfeGeometry): ItemsTable {
  const width = geometry.contentWidth;
  const boxes = columnBoxes(width);
  const headerCells = COLUMNS.map((column, index) => ({
    ...boxes[index]!,
    lines: wrapLines(column.label.toUpperCase(), boxes[index]!.width - 2 * CELL_PADDING_X, HEADER_FONT_SIZE, HEADER_FONT),
    right: false,
  }));
  const headerHeight = Math.max(...headerCells.map((cell) => cell.lines.length)) * HEADER_LINE_HEIGHT + 2 * CELL_PADDING_Y;
  const header: TableRow = { top: TABLE_RULE, height: headerHeight, cells: headerCells };
  let top = TABLE_RULE + headerHeight + TABLE_RULE;
  const rows = items.map((item) => {
    const texts = cellTexts(item);
    const wrapped = itemTextLines(item, geometry);
    const cells = COLUMNS.map((column, index) => ({
      ...boxes[index]!,
      lines: column.key === "code" ? wrapped.code : column.key === "description" ? wrapped.description : [texts[column.key]],
      right: "right" in column,
    }));
    const height = cellsHeight(wrapped);
    const row: TableRow = { top, height, cells };
    top += height + ITEM_RULE;
    return row;
  });
  return { width, height: top, header, rows };
}
