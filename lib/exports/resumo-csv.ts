import Decimal from "decimal.js";
import { brazilParts } from "./period";
import type { CfopTotal, ResumoInutilization, ResumoRow } from "./resumo-rows";

// resumo.csv of an export: what a Brazilian spreadsheet opens as is (Excel pt-BR, LibreOffice):
// UTF-8 with a BOM, ";" between fields, decimal comma, dd/mm/aaaa dates, CRLF lines. The summary an
// accountant reconciles the month with (docs/api-notes/exports.md): a line per document by model,
// series and number with its CFOPs and taxes; totals by status (the valid total counts only
// authorized notes); totals by CFOP; the ranges inutilized in the period.

export const CSV_BOM = "\uFEFF";
const HEADER = [
  "Tipo", "Série", "Número", "Chave de acesso", "Data de emissão", "Situação", "Destinatário", "CPF/CNPJ do destinatário", "Valor total",
  "Data de autorização", "Protocolo", "Natureza da operação", "CFOP",
  "Base ICMS", "ICMS", "Base ICMS ST", "ICMS ST", "IPI", "PIS", "COFINS", "IBS", "CBS", "ISS",
];

export const TYPE_LABELS: Record<string, string> = { NFE: "NF-e", NFCE: "NFC-e", NFSE: "NFS-e" };
const MODEL_LABELS: Record<string, string> = { "55": "NF-e", "65": "NFC-e" };
export const STATUS_LABELS: Record<string, string> = { AUTHORIZED: "Autorizada", CANCELLED: "Cancelada", DENIED: "Denegada" };

/** A cell a spreadsheet must keep as text (an access key, a CNPJ with its leading zero, a protocol). */
export type TextCell = { text: string };
type Cell = string | TextCell;

/**
 * A field as a cell: quoted when it holds ; " or a line break, and a leading = + - @ neutralised
 * (no formula runs on opening). A TextCell of letters and digits is written ="…", the one form
 * Excel opens as text rather than as a number (3,5261E+43; a CNPJ without its leading zero).
 */
export function csvCell(value: Cell): string {
  if (typeof value !== "string") {
    if (/^[0-9A-Za-z]+$/.test(value.text)) return `"=""${value.text}"""`;
    return csvCell(value.text);
  }
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** 1234.5 → "1234,50": the decimal comma, no thousands separator (spreadsheets then read a number). */
export function decimalComma(value: Decimal.Value): string {
  return new Decimal(value).toFixed(2).replace(".", ",");
}

const amountCell = (value: string | null) => (value === null ? "" : decimalComma(value));
const textCell = (value: string | null): Cell => (value ? { text: value } : "");
const line = (cells: Cell[]) => `${cells.map(csvCell).join(";")}\r\n`;

export function resumoHeader(): string {
  return CSV_BOM + line(HEADER);
}

function recipient(snapshot: unknown): { name: string; document: string } {
  const s = (snapshot ?? {}) as { name?: unknown; document?: unknown };
  return { name: typeof s.name === "string" ? s.name : "", document: typeof s.document === "string" ? s.document : "" };
}

type Identity = Pick<ResumoRow, "type" | "series" | "number" | "nfseNumber" | "accessKey" | "issueDateTime">;

/** Type, series, number, access key and issue date: the columns that name a document in every section. */
function identityColumns(document: Identity): Cell[] {
  // An NFS-e is known by the number Sefin gave it; the DPS number is the request's.
  const number = document.type === "NFSE" && document.nfseNumber ? document.nfseNumber : String(document.number);
  return [TYPE_LABELS[document.type] ?? document.type, document.series === null ? "" : String(document.series), number, textCell(document.accessKey), brazilParts(document.issueDateTime).display];
}

export function resumoLine(document: ResumoRow): string {
  const to = recipient(document.clientSnapshot);
  return line([
    ...identityColumns(document),
    STATUS_LABELS[document.status] ?? document.status,
    to.name,
    textCell(to.document),
    decimalComma(document.totalValue),
    document.authorizationDate ? brazilParts(document.authorizationDate).display : "",
    textCell(document.protocolNumber),
    document.operationNature,
    document.cfops ?? "",
    ...[document.icmsBase, document.icms, document.stBase, document.st, document.ipi, document.pis, document.cofins, document.ibs, document.cbs, document.iss].map(amountCell),
  ]);
}

/** Running count and total per status, for the closing lines. */
export class ResumoTotals {
  private readonly byStatus = new Map<string, { count: number; total: Decimal }>();

  add(document: Pick<ResumoRow, "status" | "totalValue">): void {
    const entry = this.byStatus.get(document.status) ?? { count: 0, total: new Decimal(0) };
    entry.count += 1;
    entry.total = entry.total.plus(document.totalValue);
    this.byStatus.set(document.status, entry);
  }

  /**
   * A blank line, then "Totais por situação": status, count, total; and the valid total, which is
   * the authorized notes' only (a cancelled or denied note is no operation of the month).
   */
  footer(): string {
    const order = ["AUTHORIZED", "CANCELLED", "DENIED"];
    const statuses = [...this.byStatus.keys()].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    let text = "\r\n" + line(["Totais por situação", "Quantidade", "Valor total"]);
    for (const status of statuses) {
      const entry = this.byStatus.get(status)!;
      text += line([STATUS_LABELS[status] ?? status, String(entry.count), decimalComma(entry.total)]);
    }
    const valid = this.byStatus.get("AUTHORIZED") ?? { count: 0, total: new Decimal(0) };
    return text + line(["Total das notas válidas (autorizadas)", String(valid.count), decimalComma(valid.total)]);
  }
}

/** A blank line, a title and a line per CFOP of the authorized NF-e and NFC-e. */
export function cfopSection(totals: CfopTotal[]): string {
  if (totals.length === 0) return "";
  let text = "\r\n" + line(["Totais por CFOP (notas autorizadas)"]) + line(["CFOP", "Documentos", "Valor dos produtos", "Base ICMS", "ICMS", "ICMS ST", "IPI"]);
  for (const total of totals) {
    text += line([total.cfop, String(total.documents), decimalComma(total.products), decimalComma(total.icmsBase), decimalComma(total.icms), decimalComma(total.st), decimalComma(total.ipi)]);
  }
  return text;
}

/** A blank line, a title and a line per range inutilized in the period, so no gap in the numbering goes unexplained. */
export function inutilizationSection(ranges: ResumoInutilization[]): string {
  if (ranges.length === 0) return "";
  let text = "\r\n" + line(["Numeração inutilizada no período"]) + line(["Tipo", "Série", "Número inicial", "Número final", "Protocolo", "Data da inutilização"]);
  for (const range of ranges) {
    text += line([
      MODEL_LABELS[range.model] ?? range.model,
      String(range.series),
      String(range.startNumber),
      String(range.endNumber),
      textCell(range.protocol),
      range.inutilizationDate ? brazilParts(range.inutilizationDate).display : "",
    ]);
  }
  return text;
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
  document: Identity;
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
