"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { ResourceTable } from "@/components/dashboard/resources/resource-table";
import { SimpleForm, valuesFrom, type FieldDef } from "@/components/dashboard/resources/simple-form";
import { apiFetch } from "@/lib/client/api-fetch";
import { CreateTemplateInput, UpdateTemplateInput, type TemplateResponse } from "@/lib/templates/schemas";


type Editing = { template: TemplateResponse | null; source: "company" | "tenant" };

/**
 * Templates of the three sources. Company templates are edited by writers;
 * tenant templates (shared by the office's companies) by tenant ADMINs;
 * system templates are read-only.
 */
export function TemplatesPanel({ companyId, canWrite, isTenantAdmin }: { companyId: string; canWrite: boolean; isTenantAdmin: boolean }) {
  const tr = useTranslations("templates");
  const common = useTranslations("common");
  const e = useTranslations("enums");
  const errorMessage = useErrorMessage();
  const FIELDS: FieldDef[] = [
    { name: "name", label: tr("fields.name"), required: true },
    { name: "type", label: tr("fields.type"), kind: "select", required: true, options: [{ value: "NFE", label: e("taxRuleModel.NFE") }, { value: "NFSE", label: e("taxRuleModel.NFSE") }] },
    { name: "operationNature", label: tr("fields.operationNature") },
    { name: "cfop", label: tr("fields.cfop"), kind: "picker", table: "cfop" },
    { name: "icmsOrigin", label: tr("fields.icmsOrigin"), kind: "picker", table: "icms-origin" },
    { name: "icmsCst", label: tr("fields.icmsCst"), kind: "picker", table: "icms-situation" },
    { name: "icmsRate", label: tr("fields.icmsRate"), kind: "decimal" },
    { name: "ipiCst", label: tr("fields.ipiCst"), kind: "picker", table: "ipi-cst" },
    { name: "ipiRate", label: tr("fields.ipiRate"), kind: "decimal" },
    { name: "pisCst", label: tr("fields.pisCst"), kind: "picker", table: "pis-cofins-cst" },
    { name: "pisRate", label: tr("fields.pisRate"), kind: "decimal" },
    { name: "cofinsCst", label: tr("fields.cofinsCst"), kind: "picker", table: "pis-cofins-cst" },
    { name: "cofinsRate", label: tr("fields.cofinsRate"), kind: "decimal" },
    { name: "serviceCode", label: tr("fields.serviceCode") },
    { name: "nationalServiceCode", label: tr("fields.nationalServiceCode"), kind: "picker", table: "nfse-service" },
    { name: "additionalInfo", label: tr("fields.additionalInfo") },
  ];
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
          {canWrite && <button type="button" onClick={() => setEditing({ template: null, source: "company" })} className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500">{tr("newCompany")}</button>}
          {isTenantAdmin && <button type="button" onClick={() => setEditing({ template: null, source: "tenant" })} className="rounded-md border border-indigo-600 px-3 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50">{tr("newTenant")}</button>}
        </div>
      )}
      {editing && (
        <SimpleForm
          key={editing.template?.id ?? `new-${editing.source}`}
          ariaLabel={editing.template ? tr("edit", { name: editing.template.name }) : editing.source === "tenant" ? tr("newTenant") : tr("newCompany")}
          title={editing.template ? `${tr("edit", { name: editing.template.name })} (${e(`templateSource.${editing.source}`)})` : editing.source === "tenant" ? tr("newTenant") : tr("newCompany")}
          fields={FIELDS}
          initial={editing.template ? valuesFrom(FIELDS, editing.template as unknown as Record<string, unknown>) : { type: "NFE" }}
          schema={editing.template ? UpdateTemplateInput : CreateTemplateInput}
          url={editing.template ? `${urlFor(editing.source)}/${editing.template.id}` : urlFor(editing.source)}
          method={editing.template ? "PATCH" : "POST"}
          invalidate={base}
          onDone={() => setEditing(null)}
          submitLabel={common("save")}
        />
      )}
      {remove.isError && <p role="alert" className="text-sm text-red-700">{errorMessage(remove.error)}</p>}
      <label className="block text-xs text-slate-600">
        {tr("fields.type")}
        <select value={type} onChange={(e) => setType(e.target.value)} className="mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm">
          <option value="">{common("all")}</option>
          <option value="NFE">{e("taxRuleModel.NFE")}</option>
          <option value="NFSE">{e("taxRuleModel.NFSE")}</option>
        </select>
      </label>
      <ResourceTable<TemplateResponse>
        url={base}
        label={tr("plural")}
        rowTestId="template-row"
        filters={{ type }}
        emptyText={tr("empty")}
        columns={[
          { header: tr("fields.name"), cell: (t) => t.name },
          { header: tr("fields.type"), cell: (t) => e(`taxRuleModel.${t.type}`), className: "whitespace-nowrap" },
          { header: tr("source"), cell: (t) => e(`templateSource.${t.source}`) },
          { header: tr("fields.operationNature"), cell: (t) => t.operationNature ?? "—" },
          { header: tr("cfopService"), cell: (t) => (t.type === "NFE" ? (t.cfop ?? "—") : (t.serviceCode ?? t.nationalServiceCode ?? "—")) },
          { header: "ICMS", cell: (t) => t.icmsCst ?? "—" },
        ]}
        actions={(t) => editable(t) ? (
          <span className="flex justify-end gap-2">
            <button type="button" onClick={() => setEditing({ template: t, source: t.source === "tenant" ? "tenant" : "company" })} className="text-indigo-700 hover:underline">{common("edit")}</button>
            <button type="button" onClick={() => { if (window.confirm(tr("confirmRemove", { name: t.name }))) remove.mutate(t); }} className="text-red-700 hover:underline">{common("remove")}</button>
          </span>
        ) : <span className="whitespace-nowrap text-xs text-slate-400">{tr("readOnly")}</span>}
      />
    </div>
  );
}
