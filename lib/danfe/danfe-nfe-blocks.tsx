import { Text, View } from "@react-pdf/renderer";
import type { DanfeData } from "./danfe-data";
import { danfeStyles as s, Field, Section } from "./danfe-fields";
import { formatDate, formatDecimal, formatDocument, formatMoney, formatTime, formatZipCode, freightModeLabel } from "./format";

// Recipient, invoice/installments, tax totals, transport and additional
// information blocks (MOC Anexo II, quadros 3 to 6 and 8).

export function RecipientBlock({ data }: { data: DanfeData }) {
  const r = data.recipient;
  const address = r ? [r.street, r.number, r.complement].filter(Boolean).join(", ") : "";
  return (
    <Section title="Destinatário / Remetente">
      <View style={s.row}>
        <Field label="Nome / Razão social" value={r?.name} flex={3} />
        <Field label="CNPJ / CPF" value={formatDocument(r?.document)} flex={1.3} />
        <Field label="Data da emissão" value={formatDate(data.issuedAt)} width={88} />
      </View>
      <View style={s.row}>
        <Field label="Endereço" value={address} flex={2.4} />
        <Field label="Bairro / Distrito" value={r?.district} flex={1.2} />
        <Field label="CEP" value={formatZipCode(r?.zipCode)} flex={0.7} />
        <Field label="Data da saída/entrada" value={formatDate(data.exitAt)} width={88} />
      </View>
      <View style={s.row}>
        <Field label="Município" value={r?.city} flex={2} />
        <Field label="Fone / Fax" value={r?.phone} flex={1} />
        <Field label="UF" value={r?.state} width={30} />
        <Field label="Inscrição estadual" value={r?.stateRegistration} flex={1.3} />
        <Field label="Hora da saída/entrada" value={formatTime(data.exitAt)} width={88} />
      </View>
    </Section>
  );
}

/** Printed only when the NF-e has a billing group (api.md, Duplicates). */
export function InvoiceBlock({ data, perRow }: { data: DanfeData; perRow: number }) {
  if (data.installments.length === 0 && !data.invoice) return null;
  return (
    <Section title="Fatura / Duplicatas">
      {data.invoice ? (
        <View style={s.row}>
          <Field label="Fatura" value={data.invoice.number} />
          <Field label="Valor original" value={formatMoney(data.invoice.originalValue)} align="right" />
          <Field label="Valor do desconto" value={formatMoney(data.invoice.discount)} align="right" />
          <Field label="Valor líquido" value={formatMoney(data.invoice.netValue)} align="right" />
        </View>
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

export function TaxBlock({ data }: { data: DanfeData }) {
  const t = data.totals;
  return (
    <Section title="Cálculo do imposto">
      <View style={s.row}>
        <Field label="Base de cálc. do ICMS" value={formatMoney(t.icmsBase)} align="right" />
        <Field label="Valor do ICMS" value={formatMoney(t.icmsValue)} align="right" />
        <Field label="Base de cálc. ICMS S.T." value={formatMoney(t.icmsStBase)} align="right" />
        <Field label="Valor do ICMS subst." value={formatMoney(t.icmsStValue)} align="right" />
        <Field label="V. tot. tributos" value={formatMoney(t.approximateTaxes)} align="right" />
        <Field label="Valor total dos produtos" value={formatMoney(t.productsValue)} align="right" />
      </View>
      <View style={s.row}>
        <Field label="Valor do frete" value={formatMoney(t.freightValue)} align="right" />
        <Field label="Valor do seguro" value={formatMoney(t.insuranceValue)} align="right" />
        <Field label="Desconto" value={formatMoney(t.discountValue)} align="right" />
        <Field label="Outras despesas" value={formatMoney(t.otherValue)} align="right" />
        <Field label="Valor total do IPI" value={formatMoney(t.ipiValue)} align="right" />
        <Field label="Valor total da nota" value={formatMoney(t.totalValue)} align="right" />
      </View>
    </Section>
  );
}

export function TransportBlock({ data }: { data: DanfeData }) {
  const t = data.transport;
  return (
    <Section title="Transportador / Volumes transportados">
      <View style={s.row}>
        <Field label="Nome / Razão social" value={t.carrierName} flex={2.2} />
        <Field label="Frete" value={freightModeLabel(t.freightMode)} flex={1.6} />
        <Field label="Código ANTT" value={t.rntc} flex={0.8} />
        <Field label="Placa do veículo" value={t.vehiclePlate} flex={0.8} />
        <Field label="UF" value={t.vehicleState} width={24} />
        <Field label="CNPJ / CPF" value={formatDocument(t.carrierDocument)} flex={1.2} />
      </View>
      <View style={s.row}>
        <Field label="Endereço" value={t.carrierAddress} flex={2.6} />
        <Field label="Município" value={t.carrierCity} flex={1.6} />
        <Field label="UF" value={t.carrierState} width={24} />
        <Field label="Inscrição estadual" value={t.carrierStateRegistration} flex={1.2} />
      </View>
      <View style={s.row}>
        <Field label="Quantidade" value={t.volumeQuantity} />
        <Field label="Espécie" value={t.volumeSpecies} />
        <Field label="Marca" value="" />
        <Field label="Numeração" value="" />
        <Field label="Peso bruto" value={t.grossWeight ? formatDecimal(t.grossWeight, 3) : ""} align="right" />
        <Field label="Peso líquido" value={t.netWeight ? formatDecimal(t.netWeight, 3) : ""} align="right" />
      </View>
    </Section>
  );
}

/**
 * Quadro "Dados adicionais" at the foot of the first sheet. `lines` are the
 * sheet's lines of infCpl, already wrapped to the field's width
 * (danfe-nfe-pages.ts); what does not fit continues on a later sheet.
 */
export function AdditionalInfoBlock({ data, lines, continues }: { data: DanfeData; lines: string[]; continues: boolean }) {
  return (
    <Section title="Dados adicionais">
      <View style={s.row}>
        <Field label="Informações complementares" flex={2}>
          <Text style={[s.value, { minHeight: 60 }]}>{lines.join("\n") + (continues ? "\n(CONTINUA NAS FOLHAS SEGUINTES)" : "")}</Text>
        </Field>
        <Field label="Reservado ao fisco" value={data.fiscoInfo} flex={1} />
      </View>
    </Section>
  );
}

/** The rest of "informações complementares", at the full width after a later sheet's items. */
export function AdditionalInfoContinuation({ lines }: { lines: string[] }) {
  return (
    <Section title="Dados adicionais (continuação)">
      <Field label="Informações complementares">
        <Text style={s.value}>{lines.join("\n")}</Text>
      </Field>
    </Section>
  );
}

/** The list in rows of `size`, the last one padded with nulls (empty boxes keep the grid). */
function rowsOf<T>(list: T[], size: number): Array<Array<T | null>> {
  const rows: Array<Array<T | null>> = [];
  for (let i = 0; i < list.length; i += size) rows.push(Array.from({ length: size }, (_, j) => list[i + j] ?? null));
  return rows;
}
