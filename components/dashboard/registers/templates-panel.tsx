"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ResourceTable } from "@/components/dashboard/resources/resource-table";
import { SimpleForm, valuesFrom, type FieldDef } from "@/components/dashboard/resources/simple-form";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { CreateTemplateInput, UpdateTemplateInput, type TemplateResponse } from "@/lib/templates/schemas";

const FIELDS: FieldDef[] = [
  { name: "name", label: "Name", required: true },
  { name: "type", label: "Type", kind: "select", required: true, options: [{ value: "NFE", label: "NFE (NF-e / NFC-e)" }, { value: "NFSE", label: "NFSE" }] },
  { name: "operationNature", label: "Operation nature" },
  { name: "cfop", label: "CFOP (NFE)" },
  { name: "icmsOrigin", label: "ICMS origin (NFE)" },
  { name: "icmsCst", label: "ICMS CST/CSOSN (NFE)" },
  { name: "icmsRate", label: "ICMS rate % (NFE)" },
  { name: "ipiCst", label: "IPI CST (NFE)" },
  { name: "ipiRate", label: "IPI rate % (NFE)" },
  { name: "pisCst", label: "PIS CST" },
  { name: "pisRate", label: "PIS rate (%)" },
  { name: "cofinsCst", label: "COFINS CST" },
  { name: "cofinsRate", label: "COFINS rate (%)" },
  { name: "serviceCode", label: "Municipal service code (NFSE)" },
  { name: "nationalServiceCode", label: "National service code (NFSE)" },
  { name: "additionalInfo", label: "Additional info" },
];

type Editing = { template: TemplateResponse | null; source: "company" | "tenant" };

/**
 * Templates of the three sources. Company templates are edited by writers;
 * tenant templates (shared by the office's companies) by tenant ADMINs;
 * system templates are read-only.
 */
export function TemplatesPanel({ companyId, canWrite, isTenantAdmin }: { companyId: string; canWrite: boolean; isTenantAdmin: boolean }) {
  const base = `/api/dashboard/companies/${encodeURIComponent(companyId)}/templates`;
  const tenantBase = `/api/dashboard/companies/${encodeURIComponent(companyId)}/tenant-templates`;
  const queryClient = useQueryClient();
  const [type, setType] = useState("");
  const [editing, setEditing] = useState<Editing | null>(null);
  const urlFor = (source: "company" | "tenant") => (source === "company" ? base : tenantBase);
  const editable = (t: TemplateResponse) => (t.source === "company" && canWrite) || (t.source === "tenant" && isTenantAdmin);
  const remove = useMutation({
    mutationFn: (t: TemplateResponse) => apiFetch(`${urlFor(t.source === "tenant" ? "tenant" : "company")}/${t.id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [base] }),
  });

  return (
    <div className="space-y-4">
      {editing === null && (
        <div className="flex gap-2">
          {canWrite && <button type="button" onClick={() => setEditing({ template: null, source: "company" })} className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500">New company template</button>}
          {isTenantAdmin && <button type="button" onClick={() => setEditing({ template: null, source: "tenant" })} className="rounded-md border border-indigo-600 px-3 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50">New tenant template</button>}
        </div>
      )}
      {editing && (
        <SimpleForm
          key={editing.template?.id ?? `new-${editing.source}`}
          ariaLabel={editing.template ? "Edit template" : `New ${editing.source} template`}
          title={editing.template ? `Edit ${editing.template.name} (${editing.source})` : `New ${editing.source} template`}
          fields={FIELDS}
          initial={editing.template ? valuesFrom(FIELDS, editing.template as unknown as Record<string, unknown>) : { type: "NFE" }}
          schema={editing.template ? UpdateTemplateInput : CreateTemplateInput}
          url={editing.template ? `${urlFor(editing.source)}/${editing.template.id}` : urlFor(editing.source)}
          method={editing.template ? "PATCH" : "POST"}
          invalidate={base}
          onDone={() => setEditing(null)}
          submitLabel="Save template"
        />
      )}
      {remove.isError && <p role="alert" className="text-sm text-red-700">{errorMessage(remove.error)}</p>}
      <label className="block text-xs text-slate-600">
        Type
        <select aria-label="Type filter" value={type} onChange={(e) => setType(e.target.value)} className="mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm">
          <option value="">All</option>
          <option value="NFE">NFE</option>
          <option value="NFSE">NFSE</option>
        </select>
      </label>
      <ResourceTable<TemplateResponse>
        url={base}
        label="templates"
        rowTestId="template-row"
        filters={{ type }}
        emptyText="No templates."
        columns={[
          { header: "Name", cell: (t) => t.name },
          { header: "Type", cell: (t) => t.type },
          { header: "Source", cell: (t) => t.source },
          { header: "Operation nature", cell: (t) => t.operationNature ?? "—" },
          { header: "CFOP / service", cell: (t) => (t.type === "NFE" ? (t.cfop ?? "—") : (t.serviceCode ?? t.nationalServiceCode ?? "—")) },
          { header: "ICMS", cell: (t) => t.icmsCst ?? "—" },
        ]}
        actions={(t) => editable(t) ? (
          <span className="flex justify-end gap-2">
            <button type="button" onClick={() => setEditing({ template: t, source: t.source === "tenant" ? "tenant" : "company" })} className="text-indigo-700 hover:underline">Edit</button>
            <button type="button" onClick={() => { if (window.confirm(`Remove template ${t.name}?`)) remove.mutate(t); }} className="text-red-700 hover:underline">Remove</button>
          </span>
        ) : <span className="text-xs text-slate-400">read-only</span>}
      />
    </div>
  );
}
