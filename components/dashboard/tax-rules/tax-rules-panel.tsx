"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { ResourceTable } from "@/components/dashboard/resources/resource-table";
import { apiFetch } from "@/lib/client/api-fetch";
import type { TaxRuleResponse } from "@/lib/tax-rules/schemas";
import type { TaxRegime } from "@/lib/tax/taxation-rules";
import { TaxRuleForm } from "./tax-rule-form";

export function TaxRulesPanel({ companyId, regime, canWrite }: { companyId: string; regime: TaxRegime; canWrite: boolean }) {
  const base = `/api/dashboard/companies/${encodeURIComponent(companyId)}/tax-rules`;
  const t = useTranslations("taxRules");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<TaxRuleResponse | "new" | null>(null);
  const [model, setModel] = useState("");
  const remove = useMutation({
    mutationFn: (id: string) => apiFetch(`${base}/${id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [base] }),
  });

  return (
    <div className="space-y-4">
      {canWrite && editing === null && (
        <button type="button" onClick={() => setEditing("new")} className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500">{t("new")}</button>
      )}
      {editing !== null && <TaxRuleForm key={editing === "new" ? "new" : editing.id} base={base} regime={regime} rule={editing === "new" ? null : editing} onDone={() => setEditing(null)} />}
      {remove.isError && <p role="alert" className="text-sm text-red-700">{errorMessage(remove.error)}</p>}
      <label className="block text-xs text-slate-600">
        {t("model")}
        <select value={model} onChange={(e) => setModel(e.target.value)} className="mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm">
          <option value="">{common("all")}</option>
          <option value="NFE">NF-e / NFC-e</option>
          <option value="NFSE">NFS-e</option>
        </select>
      </label>
      <ResourceTable<TaxRuleResponse>
        url={base}
        label={t("plural")}
        rowTestId="tax-rule-row"
        filters={{ model }}
        emptyText={t("empty")}
        columns={[
          { header: t("name"), cell: (r) => r.name },
          { header: t("model"), cell: (r) => (r.model === "NFE" ? "NF-e / NFC-e" : "NFS-e") },
          { header: t("subRules"), cell: (r) => (r.model === "NFE" ? r.nfeTaxRules.map((s) => s.icmsCst).join(", ") || "—" : String(r.nfseTaxRules.length)) },
          { header: common("active"), cell: (r) => (r.isActive ? common("yes") : common("no")) },
        ]}
        actions={canWrite ? (r) => (
          <span className="flex justify-end gap-2">
            <button type="button" onClick={() => setEditing(r)} className="text-indigo-700 hover:underline">{common("edit")}</button>
            <button type="button" onClick={() => { if (window.confirm(t("confirmRemove", { name: r.name }))) remove.mutate(r.id); }} className="text-red-700 hover:underline">{common("remove")}</button>
          </span>
        ) : undefined}
      />
    </div>
  );
}
