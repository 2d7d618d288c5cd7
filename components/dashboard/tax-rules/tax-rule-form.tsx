"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useIssueMessage, useKnownMessage } from "@/components/i18n/use-issue-message";
import { apiFieldErrors, type FieldErrors } from "@/components/dashboard/resources/field-errors";
import { SelectInput, TextInput } from "@/components/dashboard/resources/form-field";
import { apiFetch } from "@/lib/client/api-fetch";
import type { TaxRuleResponse } from "@/lib/tax-rules/schemas";
import type { TaxRegime } from "@/lib/tax/taxation-rules";
import { NfeSubRuleFields } from "./nfe-sub-rule-fields";
import { NfseSubRuleFields } from "./nfse-sub-rule-fields";
import { emptyNfeSubRule, emptyNfseSubRule, nfeStateFrom, nfseStateFrom, toNfeBody, toNfseBody, type NfeSubRuleState, type NfseSubRuleState } from "./sub-rule-state";
import { validateTaxRuleForm } from "./validate-tax-rule-form";

export function TaxRuleForm({ base, regime, rule, onDone }: { base: string; regime: TaxRegime; rule: TaxRuleResponse | null; onDone: () => void }) {
  const t = useTranslations("taxRules");
  const common = useTranslations("common");
  const regimes = useTranslations("enums.taxRegime");
  const errorMessage = useErrorMessage();
  const issueMessage = useIssueMessage();
  const knownMessage = useKnownMessage();
  const queryClient = useQueryClient();
  const [name, setName] = useState(rule?.name ?? "");
  const [model, setModel] = useState<"NFE" | "NFSE">(rule?.model ?? "NFE");
  const [isActive, setIsActive] = useState(rule?.isActive ?? true);
  const [nfe, setNfe] = useState<NfeSubRuleState[]>(rule ? rule.nfeTaxRules.map(nfeStateFrom) : [emptyNfeSubRule()]);
  const [nfse, setNfse] = useState<NfseSubRuleState[]>(rule ? rule.nfseTaxRules.map(nfseStateFrom) : []);
  const [errors, setErrors] = useState<FieldErrors>({});

  const save = useMutation({
    mutationFn: (body: unknown) => apiFetch<TaxRuleResponse>(rule ? `${base}/${rule.id}` : base, { method: rule ? "PATCH" : "POST", body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [base] });
      onDone();
    },
    onError: (error) => setErrors({ ...apiFieldErrors(error, knownMessage), "": errorMessage(error) }),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = { name, model, isActive, nfeTaxRules: model === "NFE" ? nfe.map(toNfeBody) : [], nfseTaxRules: model === "NFSE" ? nfse.map(toNfseBody) : [] };
    const checked = validateTaxRuleForm(regime, body, issueMessage);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(body);
  };

  return (
    <form aria-label={rule ? t("edit") : t("new")} onSubmit={submit} noValidate className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold">{rule ? t("editNamed", { name: rule.name }) : t("new")}</h2>
      <p className="text-xs text-slate-500">{t("regimeNote", { regime: regimes(regime) })} {regime === "SIMPLES_NACIONAL" || regime === "MEI" ? t("csosnNote") : t("cstNote")}</p>
      <div className="grid grid-cols-3 gap-3">
        <TextInput id="tax-rule-name" label={t("name")} value={name} onChange={setName} error={errors.name} />
        <SelectInput id="tax-rule-model" label={t("model")} value={model} onChange={(v) => setModel(v as "NFE" | "NFSE")} options={[{ value: "NFE", label: "NF-e / NFC-e" }, { value: "NFSE", label: "NFS-e" }]} error={errors.model} />
        <label className="mt-5 flex items-center gap-2 text-sm">
          <input type="checkbox" checked={isActive} onChange={(e) => setIsActive(e.target.checked)} /> {common("active")}
        </label>
      </div>
      {model === "NFE" ? (
        <div className="space-y-3">
          {nfe.map((sub, index) => (
            <NfeSubRuleFields key={index} index={index} value={sub} errors={errors} onChange={(next) => setNfe(nfe.map((s, i) => (i === index ? next : s)))} onRemove={() => setNfe(nfe.filter((_, i) => i !== index))} />
          ))}
          <button type="button" onClick={() => setNfe([...nfe, emptyNfeSubRule()])} className="rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-50">{t("addNfe")}</button>
        </div>
      ) : (
        <div className="space-y-3">
          {nfse.map((sub, index) => (
            <NfseSubRuleFields key={index} index={index} value={sub} errors={errors} onChange={(next) => setNfse(nfse.map((s, i) => (i === index ? next : s)))} onRemove={() => setNfse(nfse.filter((_, i) => i !== index))} />
          ))}
          <button type="button" onClick={() => setNfse([...nfse, emptyNfseSubRule()])} className="rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-50">{t("addNfse")}</button>
        </div>
      )}
      {errors[""] && <p role="alert" data-testid="form-error" className="text-sm text-red-700">{errors[""]}</p>}
      <div className="flex gap-2">
        <button type="submit" disabled={save.isPending} className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-50">
          {save.isPending ? common("saving") : t("save")}
        </button>
        <button type="button" onClick={onDone} className="rounded-md px-3 py-2 text-sm text-slate-600 hover:bg-slate-100">{common("cancel")}</button>
      </div>
    </form>
  );
}
