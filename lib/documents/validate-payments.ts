import type { Decimal } from "decimal.js";
import { badRequest } from "@/lib/errors";
import { dec, money, sum, ZERO } from "@/lib/tax/decimal";
import type { PaymentInput } from "./schemas";

type Payment = Pick<PaymentInput, "method" | "value">;

/**
 * Payments that SEFAZ could never authorize are refused at creation (400
 * validation_error naming body.payments), with the rule they would break:
 * an NFC-e is paid (899) and declares its payments; NO_PAYMENT has no value
 * (904); the payments cover the total (865); what exceeds it is change
 * (vTroco, 866/869), which only cash (MONEY) gives.
 */
export function assertPayments(type: "NFE" | "NFCE" | "NFSE", payments: Payment[], total: Decimal): void {
  if (type === "NFSE") return;
  const fail = (message: string) => {
    throw badRequest("validation_error", `body.payments: ${message}`);
  };
  if (type === "NFCE" && payments.length === 0) fail(`an NFC-e declares how it was paid (the total is ${money(total)})`);
  if (payments.length === 0) return;
  if (type === "NFCE" && payments.some((p) => p.method === "NO_PAYMENT")) fail("an NFC-e is always paid: NO_PAYMENT is refused by SEFAZ (cStat 899)");
  const noPayment = payments.filter((p) => p.method === "NO_PAYMENT");
  if (noPayment.some((p) => !dec(String(p.value)).isZero())) fail("NO_PAYMENT takes the value 0 (cStat 904)");
  if (noPayment.length > 0) return;
  const paid = sum(payments.map((p) => dec(String(p.value))));
  if (paid.lessThan(total)) fail(`the payments sum to ${money(paid)}, less than the document total of ${money(total)} (SEFAZ cStat 865): add the missing ${money(total.minus(paid))}`);
  const change = paid.minus(total);
  const cash = sum(payments.filter((p) => p.method === "MONEY").map((p) => dec(String(p.value))));
  if (change.greaterThan(ZERO) && change.greaterThanOrEqualTo(cash)) {
    fail(`the payments exceed the total of ${money(total)} by ${money(change)}: only a cash (MONEY) payment larger than that can give change (vTroco)`);
  }
}
