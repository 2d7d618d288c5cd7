import { Text, View } from "@react-pdf/renderer";
import type { DanfeData } from "./danfe-data";
import { danfeStyles as s, Field, Section } from "./danfe-fields";
import { FieldRow, FieldRows } from "./danfe-field-row";
import type { RowField } from "./danfe-field-row-layout";
import { formatDate, formatDecimal, formatDocument, formatMoney, formatTime, formatZipCode, freightModeLabel } from "./format";

// Recipient, invoice/installments, tax totals, transport and additional
// information blocks (MOC Anexo II, quadros 3 to 6 and 8).

export function RecipientBlock({ data, width }: { data: DanfeData; width: number }) {
  const r = data.recipient;
  const address = r ? [r.street, r.number, r.complement].filter(Boolean).join(", ") : "";
  return (
    <Section title="Destinatário / Remetente">
      <FieldRows
        width={width}
        rows={[
          [
            { label: "Nome / Razão social", value: r?.name, flex: 3 },
            { label: "CNPJ / CPF", value: formatDocument(r?.document), flex: 1.3 },
            { label: "Data da emissão", value: formatDate(data.issuedAt), width: 88 },
          ],
          [
            { label: "Endereço", value: address, flex: 2.4 },
            { label: "Bairro / Distrito", value: r?.district, flex: 1.2 },
            { label: "CEP", value: formatZipCode(r?.zipCode), flex: 0.7 },
            { label: "Data da saída/entrada", value: formatDate(data.exitAt), width: 88 },
          ],
          [
            { label: "Município", value: r?.city, flex: 2 },
            { label: "Fone / Fax", value: r?.phone, flex: 1 },
            { label: "UF", value: r?.state, width: 30 },
            { label: "Inscrição estadual", value: r?.stateRegistration, flex: 1.3 },
            { label: "Hora da saída/entrada", value: formatTime(data.exitAt), width: 88 },
          ],
        ]}
      />
    </Section>
  );
}

/** Printed only when the NF-e has a billing group (api.md, Duplicates). */
export function InvoiceBlock({ data, perRow, width }: { data: DanfeData; perRow: number; width: number }) {
  if (data.installments.length === 0 && !data.invoice) return null;
  return (
    <Section title="Fatura / Duplicatas">
      {data.invoice ? (
        <FieldRow
          width={width}
          fields={[
            { label: "Fatura", value: data.invoice.number },
            { label: "Valor original", value: formatMoney(data.invoice.originalValue), align: "right" },
            { label: "Valor do desconto", value: formatMoney(data.invoice.discount), align: "right" },
            { label: "Valor líquido", value: formatMoney(data.invoice.netValue), align: "right" },
          ]}
        />
      ) : null}
      {rowsOf(data.installments, perRow).map((row, index) => (
        <View key={index} style={s.row}>
          {row.map((installment, column) =>
            installment ? (
              <View key={installment.number} style={[s.field, { flex: 1 }]}>
                <Text style={s.value}>{`Nº ${installment.number}`}</Text>
                <Text style={s.value}>{`Venc. ${formatDate(installment.dueDate)}`}</Text>
                <Text style={s.value}>{`Valor R$ ${formatMoney(installment.value)}`}</Text>
              </View>
            ) : (
              <View key={`empty-${column}`} style={[s.field, { flex: 1 }]} />
            ),
          )}
        </View>
      ))}
    </Section>
  );
}

/**
 * Quadro "Cálculo do imposto". An interstate sale to a final consumer adds
 * the ICMS shared between the states (EC 87/2015, NT 2015.003): "V. ICMS UF
 * remet." and "V. FCP UF dest." before the products' total, "V. ICMS UF
 * dest." before the note's total, as DANFEs have printed them since 2016.
 */
export function TaxBlock({ data, width }: { data: DanfeData; width: number }) {
  const t = data.totals;
  const money = (label: string, value: string): RowField => ({ label, value: formatMoney(value), align: "right" });
  const interstate = t.interstate;
  return (
    <Section title="Cálculo do imposto">
      <FieldRows
        width={width}
        rows={[
          [
            money("Base de cálc. do ICMS", t.icmsBase),
            money("Valor do ICMS", t.icmsValue),
            money("Base de cálc. ICMS S.T.", t.icmsStBase),
            money("Valor do ICMS subst.", t.icmsStValue),
            ...(interstate ? [money("V. ICMS UF remet.", interstate.icmsOrigin), money("V. FCP UF dest.", interstate.fcpDestination)] : []),
            money("V. tot. tributos", t.approximateTaxes),
            money("Valor total dos produtos", t.productsValue),
          ],
          [
            money("Valor do frete", t.freightValue),
            money("Valor do seguro", t.insuranceValue),
            money("Desconto", t.discountValue),
            money("Outras despesas", t.otherValue),
            money("Valor total do IPI", t.ipiValue),
            ...(interstate ? [money("V. ICMS UF dest.", interstate.icmsDestination)] : []),
            money("Valor total da nota", t.totalValue),
          ],
        ]}
      />
    </Section>
  );
}

export function TransportBlock({ data, width }: { data: DanfeData; width: number }) {
  const t = data.transport;
  return (
    <Section title="Transportador / Volumes transportados">
      <FieldRows
        width={width}
        rows={[
          [
            { label: "Nome / Razão social", value: t.carrierName, flex: 2.2 },
            { label: "Frete", value: freightModeLabel(t.freightMode), flex: 1.6 },
            { label: "Código ANTT", value: t.rntc, flex: 0.8 },
            { label: "Placa do veículo", value: t.vehiclePlate, flex: 0.8 },
            { label: "UF", value: t.vehicleState, width: 24 },
            { label: "CNPJ / CPF", value: formatDocument(t.carrierDocument), flex: 1.2 },
          ],
          [
            { label: "Endereço", value: t.carrierAddress, flex: 2.6 },
            { label: "Município", value: t.carrierCity, flex: 1.6 },
            { label: "UF", value: t.carrierState, width: 24 },
            { label: "Inscrição estadual", value: t.carrierStateRegistration, flex: 1.2 },
          ],
          [
            { label: "Quantidade", value: t.volumeQuantity },
            { label: "Espécie", value: t.volumeSpecies },
            { label: "Marca", value: "" },
            { label: "Numeração", value: "" },
            { label: "Peso bruto", value: t.grossWeight ? formatDecimal(t.grossWeight, 3) : "", align: "right" },
            { label: "Peso líquido", value: t.netWeight ? formatDecimal(t.netWeight, 3) : "", align: "right" },
          ],
        ]}
      />
    </Section>
  );
}

const CONTINUES = "(CONTINUA NAS FOLHAS SEGUINTES)";

/** A text's lines in a field of the "dados adicionais" block, with the continuation note when it goes on. */
function AdditionalText({ lines, continues, minHeight }: { lines: string[]; continues?: boolean; minHeight?: number }) {
  return <Text style={minHeight ? [s.value, { minHeight }] : s.value}>{[...lines, ...(continues ? [CONTINUES] : [])].join("\n")}</Text>;
}

type AdditionalLines = { lines: string[]; continues: boolean };

/**
 * Quadro "Dados adicionais" at the foot of the first sheet: infCpl and
 * infAdFisco ("reservado ao fisco"), each already wrapped to its field's
 * width (danfe-nfe-pages.ts); what does not fit continues on a later sheet.
 */
export function AdditionalInfoBlock({ complementary, fisco }: { complementary: AdditionalLines; fisco: AdditionalLines }) {
  return (
    <Section title="Dados adicionais">
      <View style={s.row}>
        <Field label="Informações complementares" flex={2}>
          <AdditionalText lines={complementary.lines} continues={complementary.continues} minHeight={60} />
        </Field>
        <Field label="Reservado ao fisco" flex={1}>
          <AdditionalText lines={fisco.lines} continues={fisco.continues} />
        </Field>
      </View>
    </Section>
  );
}

/** The rest of "informações complementares" and of "reservado ao fisco", at the full width after a later sheet's items. */
export function AdditionalInfoContinuation({ complementary, fisco }: { complementary: string[]; fisco: string[] }) {
  return (
    <Section title="Dados adicionais (continuação)">
      {complementary.length > 0 ? (
        <Field label="Informações complementares">
          <AdditionalText lines={complementary} />
        </Field>
      ) : null}
      {fisco.length > 0 ? (
        <Field label="Reservado ao fisco">
          <AdditionalText lines={fisco} />
        </Field>
      ) : null}
    </Section>
  );
}

/** The list in rows of `size`, the last one padded with nulls (empty boxes keep the grid). */
function rowsOf<T>(list: T[], size: number): Array<Array<T | null>> {
  const rows: Array<Array<T | null>> = [];
  for (let i = 0; i < list.length; i += size) rows.push(Array.from({ length: size }, (_, j) => list[i + j] ?? null));
  return rows;
}
