// Display of decimal strings as Brazilian currency (no arithmetic here).
const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

export function formatMoney(value: string | null | undefined): string {
  if (value === null || value === undefined) return "—";
  const n = Number(value);
  return Number.isFinite(n) ? brl.format(n) : value;
}

/** "18.0000" → "18%"; null → "—". */
export function formatRate(value: string | null | undefined): string {
  if (value === null || value === undefined) return "—";
  return `${Number(value).toLocaleString("pt-BR", { maximumFractionDigits: 4 })}%`;
}
