"use client";

import { useState } from "react";
import { RegisterPanel } from "@/components/dashboard/resources/register-panel";
import type { FieldDef } from "@/components/dashboard/resources/simple-form";
import { CreateCarrierInput, UpdateCarrierInput, type CarrierResponse } from "@/lib/carriers/schemas";
import { FleetPanel } from "./fleet-panel";

const FIELDS: FieldDef[] = [
  { name: "name", label: "Name", required: true },
  { name: "document", label: "Document (CNPJ or CPF)", required: true },
  { name: "documentType", label: "Document type", kind: "select", options: [{ value: "", label: "Infer" }, { value: "CNPJ", label: "CNPJ" }, { value: "CPF", label: "CPF (self-employed)" }] },
  { name: "stateRegistration", label: "State registration (IE)" },
  { name: "anttCode", label: "ANTT code" },
  { name: "street", label: "Street" },
  { name: "number", label: "Number" },
  { name: "neighborhood", label: "Neighborhood" },
  { name: "city", label: "City" },
  { name: "state", label: "State (UF)" },
];

export function CarriersPanel({ companyId, canWrite }: { companyId: string; canWrite: boolean }) {
  const base = `/api/dashboard/companies/${encodeURIComponent(companyId)}/carriers`;
  const [fleetOf, setFleetOf] = useState<CarrierResponse | null>(null);
  return (
    <div className="space-y-4">
      {fleetOf && <FleetPanel key={fleetOf.id} base={base} carrierId={fleetOf.id} carrierName={fleetOf.name} canWrite={canWrite} onClose={() => setFleetOf(null)} />}
      <RegisterPanel<CarrierResponse>
        base={base}
        noun="carrier"
        plural="carriers"
        fields={FIELDS}
        createSchema={CreateCarrierInput}
        updateSchema={UpdateCarrierInput}
        createDefaults={{}}
        canWrite={canWrite}
        columns={[
          { header: "Name", cell: (c) => c.name },
          { header: "Document", cell: (c) => `${c.documentType} ${c.document}` },
          { header: "City", cell: (c) => [c.city, c.state].filter(Boolean).join(" / ") || "—" },
          { header: "Default vehicle", cell: (c) => c.vehicles.find((v) => v.isDefault)?.plate ?? "—" },
          { header: "Fleet", cell: (c) => String(c.vehicles.length) },
        ]}
        extraActions={(c) => <button type="button" onClick={() => setFleetOf(c)} className="text-indigo-700 hover:underline">Fleet</button>}
      />
    </div>
  );
}
