import Decimal from "decimal.js";

// Printing conventions of the DANFE (MOC, Anexo II): Brazilian number format,
// the access key in groups of 4, CNPJ/CPF masks, dates in local time of the
// document's own offset.

/** "1234.5" → "1.234,50" (scale digits, default 2). */
export function formatDecimal(value: string | undefined, scale = 2): string {
  const parsed = new Decimal(value && value.trim() !== "" ? value : "0");
  const [integer = "0", fraction] = parsed.abs().toFixed(scale).split(".");
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${parsed.isNegative() && !parsed.isZero() ? "-" : ""}${grouped}${fraction ? `,${fraction}` : ""}`;
}

export const formatMoney = (value: string | undefined) => formatDecimal(value, 2);

/** Quantities print with 4 decimals as on the XML (qCom is up to 4). */
export const formatQuantity = (value: string | undefined) => formatDecimal(value, 4);

export function formatAccessKey(key: string): string {
  return key.replace(/(.{4})(?=.)/g, "$1 ");
}

export function formatDocument(value: string | undefined): string {
  if (!value) return "";
  if (/^[0-9A-Z]{12}\d{2}$/.test(value)) return value.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, "$1.$2.$3/$4-$5");
  if (/^\d{11}$/.test(value)) return value.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4");
  return value;
}

export function formatZipCode(value: string | undefined): string {
  return value && /^\d{8}$/.test(value) ? `${value.slice(0, 5)}-${value.slice(5)}` : (value ?? "");
}

/** "2018-09-25T15:14:00-03:00" → "25/09/2018" (the date as written, in the document's offset). */
export function formatDate(value: string | undefined): string {
  const match = value?.match(/^(\d{4})-(\d{2})-(\d{2})/);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : "";
}

export function formatTime(value: string | undefined): string {
  const match = value?.match(/T(\d{2}:\d{2}:\d{2})/);
  return match?.[1] ?? "";
}

export function formatDateTime(value: string | undefined): string {
  return [formatDate(value), formatTime(value)].filter(Boolean).join(" ");
}

// modFrete (NT 2016.002).
const FREIGHT_MODES: Record<string, string> = {
  "0": "0 - Por conta do Remetente (CIF)",
  "1": "1 - Por conta do Destinatário (FOB)",
  "2": "2 - Por conta de Terceiros",
  "3": "3 - Próprio por conta do Remetente",
  "4": "4 - Próprio por conta do Destinatário",
  "9": "9 - Sem Ocorrência de Transporte",
};

export const freightModeLabel = (mode: string) => FREIGHT_MODES[mode] ?? mode;

// tPag (NT 2020.006 and later).
const PAYMENT_METHODS: Record<string, string> = {
  "01": "Dinheiro",
  "02": "Cheque",
  "03": "Cartão de Crédito",
  "04": "Cartão de Débito",
  "05": "Crédito Loja",
  "10": "Vale Alimentação",
  "11": "Vale Refeição",
  "12": "Vale Presente",
  "13": "Vale Combustível",
  "15": "Boleto Bancário",
  "16": "Depósito Bancário",
  "17": "Pagamento Instantâneo (PIX)",
  "18": "Transferência bancária, Carteira Digital",
  "19": "Programa de fidelidade, Cashback, Crédito Virtual",
  "20": "Pagamento Instantâneo (PIX) - Estático",
  "21": "Crédito em Loja",
  "22": "Pagamento Eletrônico não Informado",
  "90": "Sem pagamento",
  "99": "Outros",
};

export const paymentMethodLabel = (code: string) => PAYMENT_METHODS[code] ?? code;
