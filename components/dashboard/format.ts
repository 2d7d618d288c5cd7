// Display formats shared by dashboard pages (no business rules). Brazilian
// formats in both languages: the data are Brazilian fiscal records.

/** 11222333000181 → 11.222.333/0001-81; 52998224725 → 529.982.247-25; other shapes are shown as they are. */
export function formatCnpj(cnpj: string): string {
  if (/^\d{11}$/.test(cnpj)) return `${cnpj.slice(0, 3)}.${cnpj.slice(3, 6)}.${cnpj.slice(6, 9)}-${cnpj.slice(9)}`;
  return /^[0-9A-Z]{12}\d{2}$/.test(cnpj) ? `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}` : cnpj;
}

export const DEFAULT_TIME_ZONE = "America/Sao_Paulo";

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(timeZone: string, withTime: boolean, withSeconds = false): Intl.DateTimeFormat {
  const key = `${timeZone}|${withTime}|${withSeconds}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    const time = withTime ? { hour: "2-digit", minute: "2-digit", ...(withSeconds ? { second: "2-digit" } : {}) } as const : {};
    format = new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "2-digit", year: "numeric", ...time, timeZone });
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** dd/mm/aaaa hh:mm in the company's state's time zone (America/Manaus for AM…); hh:mm:ss with `withSeconds`. */
export function formatDateTime(value: string | Date | null | undefined, timeZone: string = DEFAULT_TIME_ZONE, empty = "—", withSeconds = false): string {
  if (!value) return empty;
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? empty : dateTimeFormat(timeZone, true, withSeconds).format(date).replace(",", "");
}

/** A calendar date (2026-11-23 → 23/11/2026); an instant is shown in the given zone. */
export function formatDate(value: string | Date | null | undefined, timeZone: string = DEFAULT_TIME_ZONE, empty = "—"): string {
  if (!value) return empty;
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`;
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? empty : dateTimeFormat(timeZone, false).format(date);
}

/** A 44-character access key in groups of four, as the DANFE prints it: "3526 1233 0542 …". */
export function formatAccessKey(key: string): string {
  return key.replace(/(.{4})(?=.)/g, "$1 ");
}
