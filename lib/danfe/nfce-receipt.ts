import type { DanfeData, DanfeItem } from "./danfe-data";
import { formatDateTime, formatDocument, formatMoney, paymentMethodLabel } from "./format";

// What a DANFE NFC-e says, division by division (Manual de Especificações
// Técnicas do DANFE NFC-e e QR Code), as plain lines: the PDF roll
// (danfe-nfce-document.tsx) and the ESC/POS commands (escpos-nfce.ts) print
// the same content from it.

export type ReceiptLine = { label: string; value: string; bold?: boolean };

export type NfceReceipt = {
  /** Division I: issuer and the document's title. */
  issuer: { name: string; lines: string[] };
  title: string;
  /** Division II: empty on the summary layout (DANFE NFC-e resumido), whose totals still count the items. */
  items: DanfeItem[];
  /** The summary layout: division II left out (see nfceReceipt). */
  summary: boolean;
  /** Division III: totals, then payments with the change. */
  totals: ReceiptLine[];
  payments: ReceiptLine[];
  /** Division IV: homologation, preview and cancellation messages. */
  fiscalMessages: string[];
  /** Division V: where to consult the key (absent on a preview). */
  consultation?: { url: string; accessKey: string };
  /** Division VI. */
  consumer: { title: string; lines: string[] };
  /** Division VII: number, series, issue date, protocol. */
  identification: string[];
  /** Division VIII: the QR code's content (absent on a preview). */
  qrCode?: string;
  /** Division IX: approximate taxes (Lei 12.741/2012) and infCpl. */
  taxpayerMessages: string[];
};

export const NFCE_TITLE = "DANFE NFC-e - Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica";
export const PREVIEW_MARK = "PRÉ-VISUALIZAÇÃO – SEM VALOR FISCAL";

const positive = (value: string) => Number(value) > 0;

/**
 * `summary`: the DANFE NFC-e "resumido" (ecológico), without division II's items. MOC, "DANFE NFC-e e
 * QR Code", item 1 (Leiaute de Impressão; text up to NT 2023.005 v1.02, moc.sped.fazenda.pr.gov.br):
 * it may be printed when the state's law allows it and the consumer asks; the consumer may later ask
 * for the complete one, free (GET …/danfe?nfceLayout=full prints it whatever the company's setting).
 */
export function nfceReceipt(data: DanfeData, options: { cancelled?: boolean; summary?: boolean } = {}): NfceReceipt {
  const issuer = data.issuer;
  const t = data.totals;
  const recipient = data.recipient;
  const fiscalMessages = [
    ...(data.preview ? [PREVIEW_MARK] : []),
    ...(data.homologation && !data.preview ? ["EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL"] : []),
    ...(options.cancelled ? ["CANCELADA"] : []),
    // Manual do DANFE NFC-e (Divisão IV): an NFC-e issued in contingency prints both until the authority authorizes it.
    // Offline (9) and EPEC (4, SP) alike: MOC Anexo IV (Contingência NFC-e) asks "EMITIDA EM CONTINGÊNCIA" for both
    // tpEmis and prints neither dhCont nor xJust ("não serão impressos no DANFE NFC-e").
    ...((data.contingency?.tpEmis === "9" || data.contingency?.tpEmis === "4") && !data.preview ? ["EMITIDA EM CONTINGÊNCIA", ...(data.protocol ? [] : ["Pendente de autorização"])] : []),
  ];
  const number = data.number ? data.number.padStart(9, "0") : "A DEFINIR";
  return {
    issuer: {
      name: issuer.name,
      lines: [
        `CNPJ: ${formatDocument(issuer.document)}  IE: ${issuer.stateRegistration ?? ""}`,
        [issuer.street, issuer.number, issuer.district, issuer.city, issuer.state].filter(Boolean).join(", "),
      ],
    },
    title: NFCE_TITLE,
    items: options.summary ? [] : data.items,
    summary: options.summary ?? false,
    totals: [
      { label: "Qtde. total de itens", value: String(data.items.length) },
      { label: "Valor total R$", value: formatMoney(t.productsValue) },
      ...(positive(t.discountValue) ? [{ label: "Desconto R$", value: formatMoney(t.discountValue) }] : []),
      ...(positive(t.freightValue) ? [{ label: "Frete R$", value: formatMoney(t.freightValue) }] : []),
      ...(positive(t.otherValue) ? [{ label: "Acréscimos R$", value: formatMoney(t.otherValue) }] : []),
      { label: "Valor a pagar R$", value: formatMoney(t.totalValue), bold: true },
    ],
    payments: [
      ...data.payments.map((payment) => ({ label: paymentMethodLabel(payment.method), value: formatMoney(payment.value) })),
      ...(data.change && positive(data.change) ? [{ label: "Troco R$", value: formatMoney(data.change) }] : []),
    ],
    fiscalMessages,
    consultation: data.preview ? undefined : { url: data.consultationUrl ?? "", accessKey: data.accessKey },
    consumer: {
      title: "CONSUMIDOR",
      lines: recipient?.document
        ? [`CPF/CNPJ: ${formatDocument(recipient.document)}`, ...(recipient.name ? [recipient.name] : [])]
        : ["CONSUMIDOR NÃO IDENTIFICADO"],
    },
    identification: [
      `NFC-e nº ${number} Série ${data.series.padStart(3, "0")} ${formatDateTime(data.issuedAt)}`,
      ...(data.protocol ? [`Protocolo de autorização: ${data.protocol.number}`, `Data de autorização: ${formatDateTime(data.protocol.receivedAt)}`] : []),
    ],
    qrCode: data.preview ? undefined : data.qrCode,
    taxpayerMessages: [
      `Tributos totais incidentes (Lei Federal 12.741/2012): R$ ${formatMoney(t.approximateTaxes)}`,
      ...(data.additionalInfo ? [data.additionalInfo] : []),
    ],
  };
}
