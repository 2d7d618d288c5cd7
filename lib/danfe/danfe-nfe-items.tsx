import { StyleSheet, Text, View } from "@react-pdf/renderer";
import type { DanfeItem } from "./danfe-data";
import { printedItemTexts, type DanfeGeometry } from "./danfe-nfe-pages";
import { danfeStyles as s } from "./danfe-fields";
import { formatDecimal, formatMoney, formatQuantity } from "./format";

// Quadro 7, "Dados dos produtos / serviços": the rows of one sheet, under the
// column header (repeated on every sheet). Column widths are those
// danfe-nfe-pages.ts measures with (ITEM_FIXED_COLUMNS_WIDTH).

const COLUMNS = [
  { key: "code", label: "Código", width: 40 },
  { key: "description", label: "Descrição do produto / serviço", width: 135 },
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

// Lines as in the other frames (danfe-fields.tsx), drawn per row so a table
// split over pages stays closed: each row is a black strip whose white (grey
// in the header) cells leave 0.5 pt between them and at its sides, with
// 0.25 pt under an item. The description takes whatever width the fixed
// columns leave, so the table spans the page like the blocks above it.
const styles = StyleSheet.create({
  cell: { paddingHorizontal: 1.5, paddingVertical: 1, fontSize: 6, backgroundColor: "#fff" },
  headerRow: { ...s.row, backgroundColor: "#000", padding: 0.5 },
  itemRow: { ...s.row, backgroundColor: "#000", paddingHorizontal: 0.5, paddingBottom: 0.25 },
});

// Per-column styles, built once (react-pdf merges style arrays on every node).
const width = (column: (typeof COLUMNS)[number]) => (column.key === "description" ? { width: column.width, flexGrow: 1 } : { width: column.width });
// Captions of this table may be 5 pt (MOC 7.7.2); its contents print at 6 pt.
const headerCellStyles = COLUMNS.map((column) => ({ ...styles.cell, ...width(column), fontSize: 5, fontFamily: "Helvetica-Bold", backgroundColor: "#eeeeee" }));
const cellStyles = COLUMNS.map((column) => ({ ...styles.cell, ...width(column), textAlign: "right" in column ? ("right" as const) : ("left" as const) }));

type ItemCells = Record<(typeof COLUMNS)[number]["key"], string>;

function cells(item: DanfeItem, geometry: DanfeGeometry): ItemCells {
  const texts = printedItemTexts(item, geometry);
  return {
    code: texts.code,
    description: texts.description,
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

export function ItemsBlock({ items, continued, geometry }: { items: DanfeItem[]; continued: boolean; geometry: DanfeGeometry }) {
  return (
    <View>
      <Text style={s.sectionTitle}>{continued ? "DADOS DOS PRODUTOS / SERVIÇOS (CONTINUAÇÃO)" : "DADOS DOS PRODUTOS / SERVIÇOS"}</Text>
      <View>
        <View style={styles.headerRow}>
          {COLUMNS.map((column, index) => (
            <Text key={column.key} style={headerCellStyles[index]}>
              {column.label.toUpperCase()}
            </Text>
          ))}
        </View>
        {items.map((item, index) => {
          const values = cells(item, geometry);
          return (
            <View key={index} style={styles.itemRow}>
              {COLUMNS.map((column, columnIndex) => (
                <Text key={column.key} style={cellStyles[columnIndex]}>
                  {values[column.key]}
                </Text>
              ))}
            </View>
          );
        })}
      </View>
    </View>
  );
}
