import { Document, Image, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { DanfeData } from "./danfe-data";
import { formatAccessKey, formatDateTime, formatDocument, formatMoney, formatQuantity, paymentMethodLabel } from "./format";

// DANFE NFC-e (model 65) on an 80 mm roll, following the divisions of the
// "Manual de Especificações Técnicas do DANFE NFC-e e QR Code" (NT 2015.002):
// issuer, items, totals and payments, consultation URL and key, consumer,
// number/protocol, QR code.

export const NFCE_WIDTH_PT = 226.77; // 80 mm

const styles = StyleSheet.create({
  page: { paddingHorizontal: 8, paddingVertical: 10, fontFamily: "Helvetica", fontSize: 7 },
  center: { textAlign: "center" },
  bold: { fontFamily: "Helvetica-Bold" },
  divider: { borderTopWidth: 0.5, borderStyle: "dashed", borderColor: "#000", marginVertical: 4 },
  row: { flexDirection: "row", justifyContent: "space-between" },
  small: { fontSize: 6 },
});

/** The roll is as tall as its content: a fixed part plus one line per item and payment. */
export function nfcePageHeight(data: DanfeData): number {
  const descriptionLines = data.items.reduce((sum, item) => sum + 1 + Math.floor(item.description.length / 40), 0);
  return 470 + descriptionLines * 9 + data.items.length * 9 + data.payments.length * 9 + (data.homologation ? 20 : 0);
}

export function DanfeNfceDocument({ data, qrCode, cancelled }: { data: DanfeData; qrCode?: string; cancelled: boolean }) {
  const issuer = data.issuer;
  const address = [issuer.street, issuer.number, issuer.district, issuer.city, issuer.state].filter(Boolean).join(", ");
  const recipient = data.recipient;
  return (
    <Document title={`DANFE NFC-e ${data.accessKey}`} author={issuer.name} producer="fiscal-issuer">
      <Page size={[NFCE_WIDTH_PT, nfcePageHeight(data)]} style={styles.page}>
        <Text style={[styles.center, styles.bold]}>{issuer.name}</Text>
        <Text style={styles.center}>{`CNPJ: ${formatDocument(issuer.document)}  IE: ${issuer.stateRegistration ?? ""}`}</Text>
        <Text style={styles.center}>{address}</Text>
        <View style={styles.divider} />
        <Text style={[styles.center, styles.bold]}>DANFE NFC-e - Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica</Text>
        {data.homologation ? (
          <Text style={[styles.center, styles.bold, { marginTop: 3 }]}>EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL</Text>
        ) : null}
        {cancelled ? <Text style={[styles.center, styles.bold, { marginTop: 3, fontSize: 14, color: "#d00000" }]}>CANCELADA</Text> : null}
        <View style={styles.divider} />
        <View style={[styles.row, styles.small, styles.bold]}>
          <Text style={{ width: 30 }}>Código</Text>
          <Text style={{ flex: 1 }}>Descrição</Text>
        </View>
        <View style={[styles.row, styles.small, styles.bold]}>
          <Text style={{ width: 50 }}>Qtde</Text>
          <Text style={{ width: 20 }}>UN</Text>
          <Text style={{ flex: 1, textAlign: "right" }}>Vl. Unit.</Text>
          <Text style={{ width: 55, textAlign: "right" }}>Vl. Total</Text>
        </View>
        {data.items.map((item, index) => (
          <View key={index} wrap={false} style={{ marginTop: 2 }}>
            <View style={styles.row}>
              <Text style={{ width: 30 }}>{item.code}</Text>
              <Text style={{ flex: 1 }}>{item.description}</Text>
            </View>
            <View style={styles.row}>
              <Text style={{ width: 50 }}>{formatQuantity(item.quantity)}</Text>
              <Text style={{ width: 20 }}>{item.unit}</Text>
              <Text style={{ flex: 1, textAlign: "right" }}>{formatMoney(item.unitValue)}</Text>
              <Text style={{ width: 55, textAlign: "right" }}>{formatMoney(item.totalValue)}</Text>
            </View>
          </View>
        ))}
        <View style={styles.divider} />
        <Line label="Qtde. total de itens" value={String(data.items.length)} />
        <Line label="Valor total R$" value={formatMoney(data.totals.productsValue)} />
        {Number(data.totals.discountValue) > 0 ? <Line label="Desconto R$" value={formatMoney(data.totals.discountValue)} /> : null}
        {Number(data.totals.freightValue) > 0 ? <Line label="Frete R$" value={formatMoney(data.totals.freightValue)} /> : null}
        <Line label="Valor a pagar R$" value={formatMoney(data.totals.totalValue)} bold />
        <View style={[styles.row, styles.bold, { marginTop: 3 }]}>
          <Text>FORMA DE PAGAMENTO</Text>
          <Text>VALOR PAGO R$</Text>
        </View>
        {data.payments.map((payment, index) => (
          <Line key={index} label={paymentMethodLabel(payment.method)} value={formatMoney(payment.value)} />
        ))}
        {data.change ? <Line label="Troco R$" value={formatMoney(data.change)} /> : null}
        <View style={styles.divider} />
        <Text style={[styles.center, styles.bold]}>Consulte pela Chave de Acesso em</Text>
        <Text style={styles.center}>{data.consultationUrl ?? ""}</Text>
        <Text style={[styles.center, { marginTop: 2 }]}>{formatAccessKey(data.accessKey)}</Text>
        <View style={styles.divider} />
        <Text style={[styles.center, styles.bold]}>CONSUMIDOR</Text>
        <Text style={styles.center}>
          {recipient?.document ? `CPF/CNPJ: ${formatDocument(recipient.document)}${recipient.name ? ` - ${recipient.name}` : ""}` : "CONSUMIDOR NÃO IDENTIFICADO"}
        </Text>
        <View style={styles.divider} />
        <Text style={[styles.center, styles.bold]}>
          {`NFC-e nº ${data.number.padStart(9, "0")} Série ${data.series.padStart(3, "0")} ${formatDateTime(data.issuedAt)}`}
        </Text>
        {data.protocol ? (
          <>
            <Text style={styles.center}>{`Protocolo de autorização: ${data.protocol.number}`}</Text>
            <Text style={styles.center}>{`Data de autorização: ${formatDateTime(data.protocol.receivedAt)}`}</Text>
          </>
        ) : null}
        {/* react-pdf images have no alt attribute; the key is printed as text next to it. */}
        {/* eslint-disable-next-line jsx-a11y/alt-text */}
        {qrCode ? <Image src={qrCode} style={{ width: 110, height: 110, alignSelf: "center", marginTop: 6 }} /> : null}
        <Text style={[styles.center, styles.small, { marginTop: 4 }]}>
          {`Tributos totais incidentes (Lei Federal 12.741/2012): R$ ${formatMoney(data.totals.approximateTaxes)}`}
        </Text>
      </Page>
    </Document>
  );
}

function Line({ label, value, bold }: { label: string; value: string; bold?: boolean }) {
  return (
    <View style={[styles.row, bold ? styles.bold : {}]}>
      <Text>{label}</Text>
      <Text>{value}</Text>
    </View>
  );
}
