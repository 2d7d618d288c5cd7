"use client";

import { useState } from "react";
import { RegisterPanel } from "@/components/dashboard/resources/register-panel";
import type { FieldDef } from "@/components/dashboard/resources/simple-form";
import { CreateClientInput, UpdateClientInput, type ClientResponse } from "@/lib/clients/schemas";

const opts = (values: string[], blank = "Infer from document") => [{ value: "", label: blank }, ...values.map((v) => ({ value: v, label: v }))];

const FIELDS: FieldDef[] = [
  { name: "name", label: "Name", required: true },
  { name: "fantasyName", label: "Fantasy name" },
  { name: "document", label: "Document (CPF/CNPJ)", placeholder: "empty = final consumer" },
  { name: "documentType", label: "Document type", kind: "select", options: opts(["CPF", "CNPJ", "FOREIGN", "OTHER"]) },
  { name: "type", label: "Client type", kind: "select", options: opts(["INDIVIDUAL", "COMPANY", "FOREIGN"]) },
  { name: "icmsTaxpayer", label: "ICMS taxpayer", kind: "select", options: opts(["CONTRIBUINTE", "NAO_CONTRIBUINTE", "ISENTO"], "Not informed") },
  { name: "stateRegistration", label: "State registration (IE)" },
  { name: "email", label: "Email" },
  { name: "phone", label: "Phone" },
  { name: "zipCode", label: "ZIP code" },
  { name: "street", label: "Street" },
  { name: "number", label: "Number" },
  { name: "complement", label: "Complement" },
  { name: "neighborhood", label: "Neighborhood" },
  { name: "city", label: "City" },
  { name: "state", label: "State (UF)" },
  { name: "municipalityCode", label: "IBGE municipality code" },
  { name: "isActive", label: "Active", kind: "checkbox" },
];

export function ClientsPanel({ companyId, canWrite }: { companyId: string; canWrite: boolean }) {
  const [isActive, setIsActive] = useState("");
  return (
    <div className="space-y-3">
      <label className="block text-xs text-slate-600">
        Status
        <select aria-label="Status filter" value={isActive} onChange={(e) => setIsActive(e.target.value)} className="mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm">
          <option value="">All</option>
          <option value="true">Active</option>
          <option value="false">Inactive</option>
        </select>
      </label>
      <RegisterPanel<ClientResponse>
        base={`/api/dashboard/companies/${encodeURIComponent(companyId)}/clients`}
        noun="client"
        plural="clients"
        fields={FIELDS}
        createSchema={CreateClientInput}
        updateSchema={UpdateClientInput}
        createDefaults={{ isActive: true }}
        canWrite={canWrite}
        filters={{ isActive }}
        columns={[
          { header: "Name", cell: (c) => <>{c.name}{c.fantasyName && <span className="block text-xs text-slate-500">{c.fantasyName}</span>}</> },
          { header: "Document", cell: (c) => (c.document ? `${c.documentType} ${c.document}` : "Final consumer") },
          { header: "Email", cell: (c) => c.email ?? "—" },
          { header: "City", cell: (c) => [c.city, c.state].filter(Boolean).join(" / ") || "—" },
          { header: "Active", cell: (c) => (c.isActive ? "Yes" : "No") },
        ]}
      />
    </div>
  );
}
