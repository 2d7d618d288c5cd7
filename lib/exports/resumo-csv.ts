import Decimal from "decimal.js";
import { brazilParts } from "./period";

// resumo.csv of an export: what a Brazilian spreadsheet opens as is (Excel pt-BR, LibreOffice):
// UTF-8 with a BOM, ";" between fields, decimal comma, dd/mm/aaaa dates, CRLF lines.
// One line per document, then the count and total per status.

export const CSV_BOM = "\uFEFF";
const HEADER = ["Tipo", "Série", "Número", "Chave de acesso", "Data de emissão", "Situação", "Destinatário", "CPF/CNPJ do destinatário", "Valor total"];

export const TYPE_LABELS: Record<string, string> = { NFE: "NF-e", NFCE: "NFC-e", NFSE: "NFS-e" };
export const STATUS_LABELS: Record<string, string> = { AUTHORIZED: "Autorizada", CANCELLED: "Cancelada", DENIED: "Denegada" };

export type ResumoDocument = {
  type: string;
  status: string;
  series: number | null;
  number: number;
  nfseNumber: string | null;
  accessKey: string | null;
  issueDateTime: Date;
  totalValue: Decimal.Value | { toString(): string };
  clientSnapshot: unknown;
};

/** A field as a cell: quoted when it holds ; " or a line break, and a leading = + - @ neutralised (no formula runs on opening). */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** 1234.5 → "1234,50": the decimal comma, no thousands separator (spreadsheets then read a number). */
export function decimalComma(value: Decimal.Value): string {
  return new Decimal(value).toFixed(2).replace(".", ",");
}

const line = (cells: string[]) => `${cells.map(csvCell).join(";")}\r\n`;

export function resumoHeader(): string {
  return CSV_BOM + line(HEADER);
}

function recipient(snapshot: unknown): { name: string; document: string } {
  const s = (snapshot ?? {}) as { name?: unknown; document?: unknown };
  return { name: typeof s.name === "string" ? s.name : "", document: typeof s.document === "string" ? s.document : "" };
}

/** Type, series, number, access key and issue date: the columns that name a document in both sections. */
function identityColumns(document: Pick<ResumoDocument, "type" | "series" | "number" | "nfseNumber" | "accessKey" | "issueDateTime">): string[] {
  // An NFS-e is known by the number Sefin gave it; the DPS number is the request's.
  const number = document.type === "NFSE" && document.nfseNumber ? document.nfseNumber : String(document.number);
  return [TYPE_LABELS[document.type] ?? document.type, document.series === null ? "" : String(document.series), number, document.accessKey ?? "", brazilParts(document.issueDateTime).display];
}

export function resumoLine(document: ResumoDocument): string {
  const to = recipient(document.clientSnapshot);
  return line([
    ...identityColumns(document),
    STATUS_LABELS[document.status] ?? document.status,
    to.name,
    to.document,
    decimalComma(document.totalValue.toString()),
  ]);
}

/** Running count and total per status, for the closing lines. */
export class ResumoTotals {
  private readonly byStatus = new Map<string, { count: number; total: Decimal }>();

  add(document: Pick<ResumoDocument, "status" | "totalValue">): void {
    const entry = this.byStatus.get(document.status) ?? { count: 0, total: new Decimal(0) };
    entry.count += 1;
    entry.total = entry.total.plus(document.totalValue.toString());
    this.byStatus.set(document.status, entry);
  }

  /** A blank line, then "Totais por situação": status, count, total; and the overall line. */
  footer(): string {
    const order = ["AUTHORIZED", "CANCELLED", "DENIED"];
    const statuses = [...this.byStatus.keys()].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    let count = 0;
    let total = new Decimal(0);
    let text = "\r\n" + line(["Totais por situação", "Quantidade", "Valor total"]);
    for (const status of statuses) {
      const entry = this.byStatus.get(status)!;
      count += entry.count;
      total = total.plus(entry.total);
      text += line([STATUS_LABELS[status] ?? status, String(entry.count), decimalComma(entry.total)]);
    }
    return text + line(["Total geral", String(count), decimalComma(total)]);
  }
}

export const EVENT_LABELS: Record<string, string> = {
  CANCELLATION: "Cancelamento",
  CORRECTION_LETTER: "Carta de correção",
  DELIVERY_RECEIPT: "Comprovante de entrega",
  DELIVERY_RECEIPT_CANCELLATION: "Cancelamento do comprovante de entrega",
};

export type ResumoEarlierEvent = {
  kind: string;
  sequence: number;
  occurredAt: Date;
  document: Pick<ResumoDocument, "type" | "series" | "number" | "nfseNumber" | "accessKey" | "issueDateTime">;
};

/**
 * After the totals, when the period registered events of documents issued before it: a blank
 * line, a title line and a header, then a line per event (they are not documents of the period,
 * so they are in no total).
 */
export function earlierEventsHeader(): string {
  return "\r\n" + line(["Eventos registrados no período, de documentos emitidos antes dele"]) + line(["Tipo", "Série", "Número", "Chave de acesso", "Data de emissão", "Evento", "Sequência", "Data do registro"]);
}

export function earlierEventLine(event: ResumoEarlierEvent): string {
  return line([
    ...identityColumns(event.document),
    EVENT_LABELS[event.kind] ?? event.kind,
    String(event.sequence),
    brazilParts(event.occurredAt).display,
  ]);
}
