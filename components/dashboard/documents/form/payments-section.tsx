"use client";

import { useTranslations } from "next-intl";
import { maskCpfCnpj } from "@/lib/br/masks";
import { CardFlagSchema, PaymentMethodSchema } from "@/lib/documents/schemas";
import { AddButton, Field, inputClass, RemoveButton, Section } from "../form-rows";
import { emptyPayment, NO_PAYMENT, type FormState, type PaymentRow } from "./form-state";

const CARD_METHODS = new Set(["CREDIT_CARD", "DEBIT_CARD"]);

/** Payment lines (detPag): card flag, acquirer CNPJ and authorization for cards; Pix key and txid for Pix. */
export function PaymentsSection({ form, setForm }: { form: FormState; setForm: (patch: Partial<FormState>) => void }) {
  const t = useTranslations("documentForm.payments");
  const methods = useTranslations("enums.paymentMethod");
  const flags = useTranslations("enums.cardFlag");
  const update = (index: number, patch: Partial<PaymentRow>) => setForm({ payments: form.payments.map((row, i) => (i === index ? { ...row, ...patch } : row)) });
  return (
    <Section title={t("title")} action={<AddButton label={t("add")} onClick={() => setForm({ payments: [...form.payments, emptyPayment] })} />}>
      {form.payments.length === 0 && <p className="text-sm text-slate-500">{t("empty")}</p>}
      {form.payments.map((row, index) => (
        <div key={index} className="grid grid-cols-2 gap-2 border-b border-slate-100 pb-3 md:grid-cols-4" data-testid="payment-row">
          <Field label={t("method")}>
            <select value={row.method} onChange={(e) => update(index, { method: e.target.value })} className={inputClass}>
              {PaymentMethodSchema.options.map((m) => <option key={m} value={m}>{methods(m)}</option>)}
            </select>
          </Field>
          {/* tPag 90 carries the value 0 (SEFAZ 904): nothing to type. */}
          {row.method === NO_PAYMENT ? (
            <p className="col-span-1 self-end pb-2 text-xs text-slate-600 md:col-span-2" data-testid="no-payment-note">{t("noPaymentNote")}</p>
          ) : (
            <Field label={t("value")}><input inputMode="decimal" value={row.value} onChange={(e) => update(index, { value: e.target.value })} className={inputClass} /></Field>
          )}
          {row.method === "OTHERS" && <Field label={t("description")}><input value={row.description} maxLength={60} onChange={(e) => update(index, { description: e.target.value })} className={inputClass} /></Field>}
          {CARD_METHODS.has(row.method) && (
            <>
              <Field label={t("cardFlag")}>
                <select value={row.cardFlag} onChange={(e) => update(index, { cardFlag: e.target.value })} className={inputClass}>
                  <option value="">—</option>
                  {CardFlagSchema.options.map((f) => <option key={f} value={f}>{flags(f)}</option>)}
                </select>
              </Field>
              <Field label={t("cardCNPJ")}><input autoCapitalize="characters" value={row.cardCNPJ} onChange={(e) => update(index, { cardCNPJ: maskCpfCnpj(e.target.value) })} className={inputClass} /></Field>
              <Field label={t("cardAuthorization")}><input value={row.cardAuthorization} maxLength={128} onChange={(e) => update(index, { cardAuthorization: e.target.value })} className={inputClass} /></Field>
            </>
          )}
          {row.method === "PIX" && (
            <>
              <Field label={t("pixKey")}><input value={row.pixKey} maxLength={140} onChange={(e) => update(index, { pixKey: e.target.value })} className={inputClass} /></Field>
              <Field label={t("pixTxId")}><input value={row.pixTxId} maxLength={140} onChange={(e) => update(index, { pixTxId: e.target.value })} className={inputClass} /></Field>
            </>
          )}
          <div className="flex items-end"><RemoveButton label={t("remove", { n: index + 1 })} onClick={() => setForm({ payments: form.payments.filter((_, i) => i !== index) })} /></div>
        </div>
      ))}
    </Section>
  );
}
