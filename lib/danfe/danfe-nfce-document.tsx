import { Document, Image, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { DanfeData } from "./danfe-data";
import { formatAccessKey, formatMoney, formatQuantity } from "./format";
import { nfceReceipt, type NfceReceipt } from "./nfce-receipt";
import { breakLongWords } from "./text-width";
import { pdfCreationDate } from "./pdf-creation-date";
import { LogoImage, type DanfeLogo } from "./danfe-logo";

// DANFE NFC-e (model 65) on a thermal roll, in the divisions of the "Manual
// de Especificações Técnicas do DANFE NFC-e e QR Code" (I header, II items,
// III totals and payments, IV fiscal message, V consultation URL and key,
// VI consumer, VII identification and protocol, VIII QR code, IX the
// taxpayer's message). The content comes from nfce-receipt.ts, which the
// ESC/POS output prints too. The page is as tall as its content (an
// unwrapped react-pdf page takes its content's height).

export type NfceRollWidth = 80 | 58;

// Points, to the hundredth as PDF page sizes are usually written.
export const NFCE_WIDTH_PT: Record<NfceRollWidth, number> = { 80: 226.77, 58: 164.41 };

const base = StyleSheet.create({
  center: { textAlign: "center" },
  bold: { fontFamily: "Helvetica-Bold" },
  divider: { borderTopWidth: 0.5, borderStyle: "dashed", borderColor: "#000", marginVertical: 3 },
  row: { flexDirection: "row", justifyContent: "space-between" },
});

// 58 mm rolls print the same divisions in smaller type and narrower columns.
const ROLL = {
  80: { page: { paddingHorizontal: 8, paddingVertical: 10, fontFamily: "Helvetica", fontSize: 7 }, small: 6, qr: 110, qty: 44, unit: 18, total: 50 },
  58: { page: { paddingHorizontal: 5, paddingVertical: 8, fontFamily: "Helvetica", fontSize: 6 }, small: 5.5, qr: 90, qty: 34, unit: 14, total: 40 },
} as const;

type Props = { data: DanfeData; qrCode?: string; cancelled: boolean; width: NfceRollWidth; logo?: DanfeLogo; footerMessage?: string; summary?: boolean };

// Division I may open with the issuer's logo (Manual do DANFE NFC-e, Divisão I): centred above
// the name, at most 40 % of the roll's printable width and 50 pt tall, proportions kept.
const LOGO_MAX_HEIGHT = 50;

export function DanfeNfceDocument({ data, qrCode, cancelled, width, logo, footerMessage, summary }: Props) {
  const receipt = nfceReceipt(data, { cancelled, summary });
  const roll = ROLL[width];
  return (
    <Document title={data.preview ? "DANFE NFC-e (pré-visualização)" : `DANFE NFC-e ${data.accessKey}`} author={data.issuer.name} producer="fiscal-issuer" creationDate={pdfCreationDate(data.protocol?.receivedAt, data.issuedAt)}>
      <Page size={[NFCE_WIDTH_PT[width], 400]} style={roll.page} wrap={false}>
        {logo ? (
          <View style={{ marginBottom: 3 }}>
            <LogoImage logo={logo} maxWidth={0.4 * (NFCE_WIDTH_PT[width] - 2 * roll.page.paddingHorizontal)} maxHeight={LOGO_MAX_HEIGHT} center />
          </View>
        ) : null}
        <Header receipt={receipt} />
        <View style={base.divider} />
        {receipt.summary ? null : (
          <>
            <Items receipt={receipt} roll={roll} textWidth={NFCE_WIDTH_PT[width] - 2 * roll.page.paddingHorizontal} />
            <View style={base.divider} />
          </>
        )}
        <Totals receipt={receipt} />
        <View style={base.divider} />
        {receipt.fiscalMessages.map((message) => (
          <Text key={message} style={[base.center, base.bold, message === "CANCELADA" ? { fontSize: 14, color: "#d00000" } : {}]}>
            {message}
          </Text>
        ))}
        {receipt.consultation ? (
          <>
            <Text style={[base.center, base.bold, { marginTop: 2 }]}>Consulte pela Chave de Acesso em</Text>
            {/* A URL is one long word: broken to the roll's width, or react-pdf would clip it. */}
            <Text style={base.center}>{breakLongWords(receipt.consultation.url, NFCE_WIDTH_PT[width] - 2 * roll.page.paddingHorizontal, roll.page.fontSize)}</Text>
            <Text style={[base.center, { marginTop: 2 }]}>{formatAccessKey(receipt.consultation.accessKey)}</Text>
          </>
        ) : null}
        <View style={base.divider} />
        <Text style={[base.center, base.bold]}>{receipt.consumer.title}</Text>
        {receipt.consumer.lines.map((line) => (
          <Text key={line} style={base.center}>
            {line}
          </Text>
        ))}
        <View style={base.divider} />
        {receipt.identification.map((line, index) => (
          <Text key={line} style={index === 0 ? [base.center, base.bold] : base.center}>
            {line}
          </Text>
        ))}
        {/* react-pdf images have no alt attribute; the key is printed as text above it. */}
        {/* eslint-disable-next-line jsx-a11y/alt-text */}
        {qrCode ? <Image src={qrCode} style={{ width: roll.qr, height: roll.qr, alignSelf: "center", marginTop: 6 }} /> : null}
        {receipt.taxpayerMessages.map((line) => (
          <Text key={line} style={[base.center, { fontSize: roll.small, marginTop: 3 }]}>
            {line}
          </Text>
        ))}
        {/* The company's footer message (docs/api-notes/branding.md): after division VIII, the roll's last line. */}
        {footerMessage ? (
          <>
            <View style={base.divider} />
            <Text style={[base.center, { fontSize: roll.small }]}>{breakLongWords(footerMessage, NFCE_WIDTH_PT[width] - 2 * roll.page.paddingHorizontal, roll.small)}</Text>
          </>
        ) : null}
      </Page>
    </Document>
  );
}

function Header({ receipt }: { receipt: NfceReceipt }) {
  return (
    <>
      <Text style={[base.center, base.bold]}>{receipt.issuer.name}</Text>
      {receipt.issuer.lines.map((line) => (
        <Text key={line} style={base.center}>
          {line}
        </Text>
      ))}
      <View style={base.divider} />
      <Text style={[base.center, base.bold]}>{receipt.title}</Text>
    </>
  );
}

type Roll = (typeof ROLL)[NfceRollWidth];

function Items({ receipt, roll, textWidth }: { receipt: NfceReceipt; roll: Roll; textWidth: number }) {
  return (
    <>
      <View style={[base.row, base.bold, { fontSize: roll.small }]}>
        <Text style={{ flex: 1 }}>Código Descrição</Text>
      </View>
      <View style={[base.row, base.bold, { fontSize: roll.small }]}>
        <Text style={{ width: roll.qty }}>Qtde</Text>
        <Text style={{ width: roll.unit }}>UN</Text>
        <Text style={{ flex: 1, textAlign: "right" }}>Vl. Unit.</Text>
        <Text style={{ width: roll.total, textAlign: "right" }}>Vl. Total</Text>
      </View>
      {receipt.items.map((item, index) => (
        <View key={index} style={{ marginTop: 2 }}>
          <Text>{breakLongWords(`${item.code} ${item.description}`, textWidth, roll.page.fontSize)}</Text>
          <View style={base.row}>
            <Text style={{ width: roll.qty }}>{formatQuantity(item.quantity)}</Text>
            <Text style={{ width: roll.unit }}>{item.unit}</Text>
            <Text style={{ flex: 1, textAlign: "right" }}>{formatMoney(item.unitValue)}</Text>
            <Text style={{ width: roll.total, textAlign: "right" }}>{formatMoney(item.totalValue)}</Text>
          </View>
        </View>
      ))}
    </>
  );
}

function Totals({ receipt }: { receipt: NfceReceipt }) {
  return (
    <>
      {receipt.totals.map((line) => (
        <Line key={line.label} label={line.label} value={line.value} bold={line.bold} />
      ))}
      <View style={[base.row, base.bold, { marginTop: 3 }]}>
        <Text>FORMA DE PAGAMENTO</Text>
        <Text>VALOR PAGO R$</Text>
      </View>
      {receipt.payments.map((line, index) => (
        <Line key={index} label={line.label} value={line.value} />
      ))}
    </>
  );
}

function Line({ label, value, bold }: { label: string; value: string; bold?: boolean }) {
  return (
    <View style={bold ? [base.row, base.bold] : base.row}>
      <Text>{label}</Text>
      <Text>{value}</Text>
    </View>
  );
}
