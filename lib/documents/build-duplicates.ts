import type { Decimal } from "decimal.js";
import { badRequest } from "@/lib/errors";
import { dec, money, sum } from "@/lib/tax/decimal";
import type { DuplicateInput } from "./schemas";

export type DuplicateRow = { number: string; dueDate: Date; value: Decimal };

/**
 * Installments (api.md, Duplicates): numbered 001, 002, ... when the number is
 * omitted, and their sum must equal the document total exactly; otherwise
 * 400 invalid_duplicates saying the shortfall or the excess.
 */
export function buildDuplicates(duplicates: DuplicateInput[], documentTotal: Decimal): DuplicateRow[] {
  if (duplicates.length === 0) return [];
  const rows = duplicates.map((d, index) => ({
    number: d.number ?? String(index + 1).padStart(3, "0"),
    dueDate: new Date(`${d.dueDate}T00:00:00Z`),
    value: dec(String(d.value)),
  }));
  if (new Set(rows.map((r) => r.number)).size !== rows.length) {
    throw badRequest("validation_error", "body.duplicates: installment numbers must be unique (omitted numbers are 001, 002, ... by position)");
  }
  const total = sum(rows.map((r) => r.value));
  const difference = documentTotal.minus(total);
  if (!difference.isZero()) {
    const what = difference.isPositive() ? `a shortfall of ${money(difference)}` : `an excess of ${money(difference.negated())}`;
    throw badRequest(
      "invalid_duplicates",
      `The installments sum to ${money(total)} but the document total is ${money(documentTotal)}: ${what}. Put any remainder in the last installment.`,
    );
  }
  return rows;
}
