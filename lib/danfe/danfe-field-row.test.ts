import { Document, Page, View, renderToBuffer } from "@react-pdf/renderer";
import { createElement as h, type ReactNode } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { danfeStyles as s, Field, frameInnerWidth } from "./danfe-fields";
import { FieldRow } from "./danfe-field-row";
import type { RowField } from "./danfe-field-row-layout";
import { wordBoxes } from "./testing/pdf-tools";
import { loadTextMetrics } from "./text-width";
import "./render-danfe";

// The canvas row must print every word where react-pdf's own layout of the
// Field component puts it (flex shares, wrapped captions and values, right
// alignment, the row's height), read back with pdftotext -bbox.

async function printedWords(children: ReactNode): Promise<string[]> {
  const pdf = await renderToBuffer(h(Document, null, h(Page, { size: "A4", style: s.page }, h(View, { style: [s.frame, { width: 567.28 }] }, children))));
  return wordBoxes(pdf)
    .map((w) => `${w.text} ${[w.xMin, w.yMin, w.xMax, w.yMax].map((n) => n.toFixed(2)).join(" ")}`)
    .sort();
}

const ROWS: RowField[][] = [
  [
    { label: "Nome / Razão social", value: "UMA EMPRESA COM UM NOME BEM MAIS LONGO QUE O CAMPO COMPORTA EM UMA LINHA SO", flex: 3 },
    { label: "CNPJ / CPF", value: "06.929.383/0001-63", flex: 1.3 },
    { label: "Data da emissão", value: "25/09/2018", width: 88 },
  ],
  [
    { label: "Base de cálc. do ICMS", value: "1.234,56", align: "right" },
    { label: "Valor total dos produtos", value: "500,00", align: "right" },
    { label: "Inscrição estadual do subst. trib.", value: "" },
    { label: "UF", value: "SP", width: 24 },
    { label: "Código ANTT", value: "ABC", flex: 0.8 },
  ],
];

describe("FieldRow", () => {
  beforeAll(loadTextMetrics);

  it.each(ROWS.map((row, index) => [index, row] as const))("row %i prints like react-pdf's Field layout", async (_, fields) => {
    const expected = await printedWords(h(View, { style: s.row }, ...fields.map((field) => h(Field, { key: field.label, ...field }))));
    const actual = await printedWords(h(FieldRow, { fields, width: frameInnerWidth(567.28) }));
    expect(expected.length).toBeGreaterThan(20);
    expect(actual).toEqual(expected);
  });
});
