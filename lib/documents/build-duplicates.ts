import type { Decimal } from "decimal.js";
import { badRequest } from "@/lib/errors";
import { dec, money, sum } from "@/lib/tax/decimal";
import type { DuplicateInput } from "./schemas";

export type DuplicateRow = { number: string; dueDate: Date; value: Decimal };

const sequence = (index: number) => String(index + 1).padStart(3, "0");

/**
 * Installments (api.md, Duplicates), as SEFAZ requires them (MOC 4.00 group
 * Y): in due-date order (850), numbered 001, 002, ... in that order (852),
 * each due after the issue date (853: one due on the issue date is a cash
 * payment; 898/900: none before it), summing exactly to the document total.
 * Otherwise 400 invalid_duplicates saying what to change. NF-e only (760).
 */
export function buildDuplicates(duplicates: DuplicateInput[], documentTotal: Decimal, options: { type: "NFE" | "NFCE" | "NFSE"; issueDate: string }): DuplicateRow[] {
  if (duplicates.length === 0) return [];
  if (options.type !== "NFE") {
    throw badRequest("invalid_duplicates", `An ${options.type} has no installments (SEFAZ refuses billing data on an NFC-e, cStat 760): declare how it was paid in payments`);
  }
  const sorted = duplicates
    .map((d, position) => ({ ...d, position }))
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.position - b.position);
  const given = sorted.filter((d) => d.number);
  if (given.length > 0 && sorted.some((d, index) => d.number !== sequence(index))) {
    throw badRequest(
      "invalid_duplicates",
      `Installment numbers must be 001, 002, ... in due-date order (SEFAZ cStat 852); got ${sorted.map((d) => `${d.number ?? "(none)"} due ${d.dueDate}`).join(", ")}. Omit the numbers to have them assigned.`,
    );
  }
  for (const d of sorted) {
    if (d.dueDate === options.issueDate) {
      throw badRequest("invalid_duplicates", `The installment due ${d.dueDate} falls on the issue date: that is a cash payment, declare it in payments instead (SEFAZ cStat 853)`);
    }
    if (d.dueDate < options.issueDate) {
      throw badRequest("invalid_duplicates", `The installment due ${d.dueDate} is before the issue date ${options.issueDate} (SEFAZ cStat 900)`);
    }
  }
  const rows = sorted.map((d, index) => ({ number: sequence(index), dueDate: new Date(`${d.dueDate}T00:00:00Z`), value: dec(String(d.value)) }));
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
