"use client";

import { useTranslations } from "next-intl";
import { DateInput } from "@/components/dashboard/date-input";
import { formatMoney } from "../money";
import { AddButton, Field, inputClass, RemoveButton, Section } from "../form-rows";
import { installmentGap, type DuplicateRow, type FormState } from "./form-state";

/** Installments (cobr/dup) with their sum checked live against the previewed total (api.md: must be equal, else 400 invalid_duplicates). */
export function InstallmentsSection({ form, setForm, total }: { form: FormState; setForm: (patch: Partial<FormState>) => void; total: string | null }) {
  const t = useTranslations("documentForm.installments");
  const update = (index: number, patch: Partial<DuplicateRow>) => setForm({ duplicates: form.duplicates.map((row, i) => (i === index ? { ...row, ...patch } : row)) });
  const gap = installmentGap(form.duplicates, total);
  return (
    <Section title={t("title")} action={<AddButton label={t("add")} onClick={() => setForm({ duplicates: [...form.duplicates, { dueDate: "", value: "" }] })} />}>
      {form.duplicates.length === 0 ? (
        <p className="text-sm text-slate-500">{t("empty")}</p>
      ) : (
        <>
          {form.duplicates.map((row, index) => (
            <div key={index} className="grid grid-cols-2 gap-2 md:grid-cols-4" data-testid="installment-row">
              <Field label={t("dueDate", { number: String(index + 1).padStart(3, "0") })}><DateInput value={row.dueDate} onChange={(dueDate) => update(index, { dueDate })} className={inputClass} /></Field>
              <Field label={t("value")}><input inputMode="decimal" value={row.value} onChange={(e) => update(index, { value: e.target.value })} className={inputClass} /></Field>
              <div className="flex items-end"><RemoveButton label={t("remove", { n: index + 1 })} onClick={() => setForm({ duplicates: form.duplicates.filter((_, i) => i !== index) })} /></div>
            </div>
          ))}
          <p role="status" data-testid="installments-sum" className={`text-sm ${gap.differenceCents === 0 ? "text-emerald-700" : "text-amber-700"}`}>
            {gap.differenceCents === null
              ? t("sumNoTotal", { sum: formatMoney(gap.sum) })
              : gap.differenceCents === 0
                ? t("sumMatches", { sum: formatMoney(gap.sum) })
                : gap.differenceCents < 0
                  ? t("sumShort", { sum: formatMoney(gap.sum), total: formatMoney(total), difference: formatMoney(String(-gap.differenceCents / 100)) })
                  : t("sumOver", { sum: formatMoney(gap.sum), total: formatMoney(total), difference: formatMoney(String(gap.differenceCents / 100)) })}
          </p>
        </>
      )}
    </Section>
  );
}
