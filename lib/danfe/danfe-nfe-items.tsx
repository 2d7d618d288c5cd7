import { StyleSheet, Text, View } from "@react-pdf/renderer";
import type { DanfeData } from "./danfe-data";
import { danfeStyles as s } from "./danfe-fields";

const danfeRow = s.row;
import { formatDecimal, formatMoney, formatQuantity } from "./format";

// Quadro 7, "Dados dos produtos / serviços": one row per det, wrapping onto
// further pages with the column header repeated.

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

const styles = StyleSheet.create({
  cell: { paddingHorizontal: 1.5, paddingVertical: 1, borderRightWidth: 0.5, borderColor: "#000", fontSize: 6 },
  header: { borderWidth: 0.5, borderColor: "#000", backgroundColor: "#eeeeee" },
  line: { borderLeftWidth: 0.5, borderBottomWidth: 0.25, borderColor: "#000" },
});

// Per-column styles, built once (react-pdf merges style arrays on every node).
const headerCellStyles = COLUMNS.map((column) => ({ ...styles.cell, width: column.width, fontSize: 5 }));
const cellStyles = COLUMNS.map((column) => ({ ...styles.cell, width: column.width, textAlign: "right" in column ? ("right" as const) : ("left" as const) }));
const headerRowStyle = { ...danfeRow, ...styles.header };
const lineRowStyle = { ...danfeRow, ...styles.line };

type ItemCells = Record<(typeof COLUMNS)[number]["key"], string>;

function cells(item: DanfeData["items"][number]): ItemCells {
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

export function ItemsBlock({ data }: { data: DanfeData }) {
  return (
    <View>
      <Text style={s.sectionTitle}>DADOS DOS PRODUTOS / SERVIÇOS</Text>
      <View fixed style={headerRowStyle}>
        {COLUMNS.map((column, index) => (
          <Text key={column.key} style={headerCellStyles[index]}>
            {column.label.toUpperCase()}
          </Text>
        ))}
      </View>
      {data.items.map((item, index) => {
        const values = cells(item);
        return (
          <View key={index} wrap={false} style={lineRowStyle}>
            {COLUMNS.map((column, columnIndex) => (
              <Text key={column.key} style={cellStyles[columnIndex]}>
                {values[column.key]}
              </Text>
            ))}
          </View>
        );
      })}
    </View>
  );
}
