"use client";

import { useTranslations } from "next-intl";
import { CodePicker } from "@/components/dashboard/pickers/code-picker";
import { maskCep, maskCpfCnpj, maskPhone, maskStateRegistration, maskUf, stripMask } from "@/lib/br/masks";
import type { DocumentFormOptions } from "@/lib/documents/dashboard-contracts";
import { Field, inputClass, Section } from "../form-rows";
import type { FormState, InlineClient } from "./form-state";

type Props = { form: FormState; setForm: (patch: Partial<FormState>) => void; clients: DocumentFormOptions["clients"] };

/** Registered client, or a new one with the full address an identified NF-e/NFS-e recipient needs (api.md, Create rule 3). */
export function ClientSection({ form, setForm, clients }: Props) {
  const t = useTranslations("documentForm.client");
  const setInline = (patch: Partial<InlineClient>) => setForm({ inline: { ...form.inline, ...patch } });
  // An alphanumeric CNPJ identifies the recipient as much as a numeric one (NT Conjunta 2025.001).
  const identified = stripMask(form.inline.document).length > 0;
  const needsAddress = form.type === "NFSE" || (form.type === "NFE" && identified);
  // Only an NFC-e may go to an unidentified consumer; another type shows the registered-client choice instead.
  const mode = form.type !== "NFCE" && form.clientMode === "anonymous" ? "existing" : form.clientMode;
  const input = (key: keyof InlineClient, label: string, mask?: (v: string) => string, extra: { className?: string; required?: boolean; inputMode?: "numeric" | "email" | "tel"; maxLength?: number } = {}) => (
    <Field label={extra.required ? `${label} *` : label} className={extra.className}>
      <input value={form.inline[key]} inputMode={extra.inputMode} maxLength={extra.maxLength} required={extra.required} onChange={(e) => setInline({ [key]: mask ? mask(e.target.value) : e.target.value })} className={inputClass} />
    </Field>
  );
  return (
    <Section title={t("title")}>
      <div className="flex flex-wrap gap-4 text-sm" role="radiogroup" aria-label={t("title")}>
        {form.type === "NFCE" && (
          <label className="flex items-center gap-1"><input type="radio" name="client-mode" checked={mode === "anonymous"} onChange={() => setForm({ clientMode: "anonymous" })} /> {t("anonymous")}</label>
        )}
        <label className="flex items-center gap-1"><input type="radio" name="client-mode" checked={mode === "existing"} onChange={() => setForm({ clientMode: "existing" })} /> {t("registered")}</label>
        <label className="flex items-center gap-1"><input type="radio" name="client-mode" checked={mode === "inline"} onChange={() => setForm({ clientMode: "inline" })} /> {t("new")}</label>
      </div>
      {mode === "anonymous" ? (
        <p className="text-sm text-slate-600">{t("anonymousHint")}</p>
      ) : mode === "existing" ? (
        <Field label={t("client")} className="max-w-md">
          <select value={form.clientId} onChange={(e) => setForm({ clientId: e.target.value })} className={inputClass}>
            <option value="">{t("choose")}</option>
            {clients.map((c) => <option key={c.id} value={c.id}>{c.name}{c.document ? ` (${maskCpfCnpj(c.document)})` : ""}{c.state ? ` · ${c.state}` : ""}</option>)}
          </select>
        </Field>
      ) : (
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {input("name", t("name"), undefined, { className: "col-span-2", required: true })}
          {input("document", t("document"), maskCpfCnpj)}
          {input("stateRegistration", t("stateRegistration"), maskStateRegistration)}
          {input("email", t("email"), undefined, { inputMode: "email" })}
          {input("phone", t("phone"), maskPhone, { inputMode: "tel" })}
          {input("zipCode", t("zipCode"), maskCep, { inputMode: "numeric", required: needsAddress })}
          {input("street", t("street"), undefined, { className: "col-span-2", required: needsAddress })}
          {input("number", t("number"), undefined, { required: needsAddress })}
          {input("complement", t("complement"))}
          {input("neighborhood", t("neighborhood"), undefined, { required: needsAddress })}
          {input("city", t("city"), undefined, { required: needsAddress })}
          {input("state", t("state"), maskUf, { required: needsAddress, maxLength: 2 })}
          <CodePicker
            label={needsAddress ? `${t("municipalityCode")} *` : t("municipalityCode")}
            table="municipality"
            value={form.inline.municipalityCode}
            filters={{ uf: form.inline.state }}
            onChange={(code, match) => setInline({ municipalityCode: code, ...(match && { city: match.description, state: match.detail ?? form.inline.state }) })}
            className="col-span-2"
          />
          <p className="col-span-2 text-xs text-slate-500 lg:col-span-4">{needsAddress ? t("addressRequired") : t("finalConsumer")}</p>
        </div>
      )}
    </Section>
  );
}
