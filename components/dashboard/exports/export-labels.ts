// Shared bits of the export page's components.
export const exportsApi = (companyId: string) => `/api/dashboard/companies/${encodeURIComponent(companyId)}/exports`;
export const DOCUMENT_TYPES = ["NFE", "NFCE", "NFSE"] as const;
export type DocumentTypeCode = (typeof DOCUMENT_TYPES)[number];

/** 1536 → "1,5 KB", in pt-BR digits. */
export function formatBytes(bytes: number, locale = "pt-BR"): string {
  const units = ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toLocaleString(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit]}`;
}

/** "2026-11-01" → "01/11/2026". */
export const formatDay = (day: string) => day.split("-").reverse().join("/");

/** The first and last day of a month "2026-11". */
export function monthDays(month: string): { from: string; to: string } {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}

/** The month before today's (the usual one to send): "2026-10" in November. */
export function previousMonthOf(today: string): string {
  const [year, month] = today.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, month - 2, 1));
  return date.toISOString().slice(0, 7);
}
