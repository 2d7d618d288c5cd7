import { Canvas, View } from "@react-pdf/renderer";
import type { DanfeItem } from "./danfe-data";
import { SectionTitle } from "./danfe-fields";
import {
  CELL_PADDING_X,
  CELL_PADDING_Y,
  HEADER_FONT,
  HEADER_FONT_SIZE,
  HEADER_LINE_HEIGHT,
  ITEM_FONT_SIZE,
  ITEM_LINE_HEIGHT,
  itemsTableLayout,
  type ItemsTable,
  type TableRow,
} from "./danfe-nfe-items-layout";
import type { DanfeGeometry } from "./danfe-nfe-pages";
import { drawBoxLine, type TextPainter } from "./canvas-text";

// Quadro 7, "Dados dos produtos / serviços": the rows of one sheet under the
// column header (repeated on every sheet), drawn from the layout of
// danfe-nfe-items-layout.ts. The lines are the black of the table showing
// between its white (grey in the header) cells, as in the other frames.

function paintRowCells(painter: TextPainter, row: TableRow, color: string) {
  for (const cell of row.cells) painter.rect(cell.x, row.top, cell.width, row.height);
  painter.fill(color);
}

function paintRowText(painter: TextPainter, row: TableRow, text: { font: "Helvetica" | "Helvetica-Bold"; size: number; lineHeight: number }) {
  for (const cell of row.cells) {
    cell.lines.forEach((line, index) => {
      drawBoxLine(painter, line, {
        box: cell,
        paddingX: CELL_PADDING_X,
        top: row.top + CELL_PADDING_Y + index * text.lineHeight,
        align: cell.right ? "right" : "left",
        font: text.font,
        size: text.size,
      });
    });
  }
}

function paintItemsTable(painter: TextPainter, table: ItemsTable) {
  painter.rect(0, 0, table.width, table.height).fill("#000");
  paintRowCells(painter, table.header, "#eeeeee");
  for (const row of table.rows) paintRowCells(painter, row, "#fff");
  painter.fillColor("#000");
  paintRowText(painter, table.header, { font: HEADER_FONT, size: HEADER_FONT_SIZE, lineHeight: HEADER_LINE_HEIGHT });
  for (const row of table.rows) paintRowText(painter, row, { font: "Helvetica", size: ITEM_FONT_SIZE, lineHeight: ITEM_LINE_HEIGHT });
  return null;
}

export function ItemsBlock({ items, continued, geometry }: { items: DanfeItem[]; continued: boolean; geometry: DanfeGeometry }) {
  const table = itemsTableLayout(items, geometry);
  return (
    <View>
      <SectionTitle title={continued ? "Dados dos produtos / serviços (continuação)" : "Dados dos produtos / serviços"} />
      <Canvas style={{ width: table.width, height: table.height }} paint={(painter) => paintItemsTable(painter as unknown as TextPainter, table)} />
    </View>
  );
}
