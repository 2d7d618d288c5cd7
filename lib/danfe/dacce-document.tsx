import { Document, Page, Text, View } from "@react-pdf/renderer";
import { AccessKeyBarcode, ACCESS_KEY_BARCODE_WIDTH } from "./access-key-barcode";
import type { DacceData } from "./dacce-data";
import { danfeStyles as s, Field, Section, Watermarks } from "./danfe-fields";
import { formatNumber } from "./danfe-nfe-header";
import { formatAccessKey, formatDate, formatDateTime, formatDocument } from "./format";

/**
 * DACCE, the auxiliary print of a registered Carta de Correção Eletrônica
 * (event 110110): issuer, the NF-e it corrects (key with its barcode, number,
 * series, issue date, recipient), the event (sequence, date, protocol), the
 * correction's text and the conditions of use the event carries. No manual
 * prescribes its layout; it follows the DANFE's frames and captions.
 */
export function DacceDocument({ data }: { data: DacceData }) {
  const { document } = data;
  const issuer = document.issuer;
  const recipient = document.recipient;
  return (
    <Document title={`DACCE ${data.accessKey} seq. ${data.sequence}`} author={issuer.name} producer="fiscal-issuer">
      <Page size="A4" style={{ ...s.page, minHeight: 841.89 }} wrap={false}>
        <View style={s.frame}>
          <View style={s.row}>
            <View style={[s.field, { flex: 1.2, minHeight: 70 }]}>
              <Text style={s.label}>EMITENTE</Text>
              <Text style={[s.bold, { fontSize: 9, marginTop: 3 }]}>{issuer.name}</Text>
              <Text style={s.value}>{[issuer.street, issuer.number, issuer.district].filter(Boolean).join(", ")}</Text>
              <Text style={s.value}>{[issuer.city, issuer.state].filter(Boolean).join(" - ")}</Text>
              <Text style={s.value}>{`CNPJ ${formatDocument(issuer.document)}  IE ${issuer.stateRegistration ?? ""}`}</Text>
            </View>
            <View style={[s.field, { flex: 1, alignItems: "center", justifyContent: "center" }]}>
              <Text style={[s.bold, { fontSize: 14 }]}>DACCE</Text>
              <Text style={{ fontSize: 7, textAlign: "center" }}>DOCUMENTO AUXILIAR DA CARTA DE CORREÇÃO ELETRÔNICA</Text>
            </View>
          </View>
        </View>
        <Section title="NF-e corrigida">
          <View style={[s.field, { alignItems: "center", paddingVertical: 3 }]}>
            <AccessKeyBarcode accessKey={data.accessKey} width={ACCESS_KEY_BARCODE_WIDTH} height={30} />
          </View>
          <Field label="Chave de acesso" value={formatAccessKey(data.accessKey)} bold />
          <View style={s.row}>
            <Field label="Modelo" value={document.model} width={50} />
            <Field label="Série" value={document.series.padStart(3, "0")} width={50} />
            <Field label="Número" value={formatNumber(document.number)} width={90} />
            <Field label="Data de emissão" value={formatDate(document.issuedAt)} width={90} />
            <Field label="Destinatário" value={recipient ? `${recipient.name} - ${formatDocument(recipient.document)}` : ""} />
          </View>
        </Section>
        <Section title="Carta de correção">
          <View style={s.row}>
            <Field label="Evento" value="110110 - Carta de Correção" flex={1.4} />
            <Field label="Sequência" value={data.sequence} width={60} />
            <Field label="Data do evento" value={formatDateTime(data.eventAt)} />
            <Field label="Protocolo de registro" value={[data.protocol, formatDateTime(data.registeredAt)].filter(Boolean).join(" - ")} flex={1.4} />
          </View>
          {data.status ? <Field label="Situação" value={data.status} /> : null}
        </Section>
        <Section title="Correção">
          <View style={[s.field, { minHeight: 160 }]}>
            <Text style={[s.value, { fontSize: 9, lineHeight: 1.3 }]}>{data.correction}</Text>
          </View>
        </Section>
        <Section title="Condições de uso">
          <View style={s.field}>
            <Text style={[s.value, { lineHeight: 1.3 }]}>{data.conditionsOfUse}</Text>
          </View>
        </Section>
        <Watermarks homologation={data.homologation} cancelled={false} pageHeight={841.89} />
      </Page>
    </Document>
  );
}
