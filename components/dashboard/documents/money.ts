// Display of decimal strings in Brazilian formats (no arithmetic here).
const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const rate = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 4 });
const decimal = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 4 });

/** "1234.5" → "R$ 1.234,50"; null → "—". */
export function formatMoney(value: string | null | undefined): string {
  if (value === null || value === undefined) return "—";
  const n = Number(value);
  // Intl puts a no-break space after R$; a plain space reads and copies the same everywhere.
  return Number.isFinite(n) ? brl.format(n).replace(/\u00a0/g, " ") : value;
}

/** "18.0000" → "18,00 %"; null → "—". */
export function formatRate(value: string | null | undefined): string {
  if (value === null || value === undefined) return "—";
  const n = Number(value);
  return Number.isFinite(n) ? `${rate.format(n)} %` : value;
}

/** Quantities: "2.5000" → "2,5". */
export function formatQuantity(value: string | null | undefined): string {
  if (value === null || value === undefined) return "—";
  const n = Number(value);
  return Number.isFinite(n) ? decimal.format(n) : value;
}
