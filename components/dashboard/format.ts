// Display formats shared by dashboard pages (no business rules).

/** 11222333000181 → 11.222.333/0001-81; other shapes are shown as they are. */
export function formatCnpj(cnpj: string): string {
  return /^[0-9A-Z]{12}\d{2}$/.test(cnpj) ? `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}` : cnpj;
}

const dateTime = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short", timeZone: "America/Sao_Paulo" });

export function formatDateTime(value: string | Date | null | undefined, empty = "—"): string {
  if (!value) return empty;
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? empty : dateTime.format(date);
}
