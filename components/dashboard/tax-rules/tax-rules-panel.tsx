"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ResourceTable } from "@/components/dashboard/resources/resource-table";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import type { TaxRuleResponse } from "@/lib/tax-rules/schemas";
import type { TaxRegime } from "@/lib/tax/taxation-rules";
import { TaxRuleForm } from "./tax-rule-form";

export function TaxRulesPanel({ companyId, regime, canWrite }: { companyId: string; regime: TaxRegime; canWrite: boolean }) {
  const base = `/api/dashboard/companies/${encodeURIComponent(companyId)}/tax-rules`;
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
        <button type="button" onClick={() => setEditing("new")} className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500">New tax rule</button>
      )}
      {editing !== null && <TaxRuleForm key={editing === "new" ? "new" : editing.id} base={base} regime={regime} rule={editing === "new" ? null : editing} onDone={() => setEditing(null)} />}
      {remove.isError && <p role="alert" className="text-sm text-red-700">{errorMessage(remove.error)}</p>}
      <label className="block text-xs text-slate-600">
        Model
        <select aria-label="Model filter" value={model} onChange={(e) => setModel(e.target.value)} className="mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm">
          <option value="">All</option>
          <option value="NFE">NFE</option>
          <option value="NFSE">NFSE</option>
        </select>
      </label>
      <ResourceTable<TaxRuleResponse>
        url={base}
        label="tax rules"
        rowTestId="tax-rule-row"
        filters={{ model }}
        emptyText="No tax rules yet."
        columns={[
          { header: "Name", cell: (r) => r.name },
          { header: "Model", cell: (r) => r.model },
          { header: "Sub-rules", cell: (r) => (r.model === "NFE" ? r.nfeTaxRules.map((s) => s.icmsCst).join(", ") || "—" : String(r.nfseTaxRules.length)) },
          { header: "Active", cell: (r) => (r.isActive ? "Yes" : "No") },
        ]}
        actions={canWrite ? (r) => (
          <span className="flex justify-end gap-2">
            <button type="button" onClick={() => setEditing(r)} className="text-indigo-700 hover:underline">Edit</button>
            <button type="button" onClick={() => { if (window.confirm(`Remove tax rule ${r.name}?`)) remove.mutate(r.id); }} className="text-red-700 hover:underline">Remove</button>
          </span>
        ) : undefined}
      />
    </div>
  );
}
