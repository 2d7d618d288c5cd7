"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { formatCnpj } from "@/components/dashboard/format";
import { maskCpfCnpj, maskStateRegistration, maskUf } from "@/lib/br/masks";
import { RegisterPanel } from "@/components/dashboard/resources/register-panel";
import type { FieldDef } from "@/components/dashboard/resources/simple-form";
import { CreateCarrierInput, UpdateCarrierInput, type CarrierResponse } from "@/lib/carriers/schemas";
import { FleetPanel } from "./fleet-panel";

export function CarriersPanel({ companyId, canWrite }: { companyId: string; canWrite: boolean }) {
  const t = useTranslations("carriers");
  const FIELDS: FieldDef[] = [
    { name: "name", label: t("fields.name"), required: true },
    { name: "document", label: t("fields.document"), required: true, mask: maskCpfCnpj },
    { name: "documentType", label: t("fields.documentType"), kind: "select", options: [{ value: "", label: t("infer") }, { value: "CNPJ", label: "CNPJ" }, { value: "CPF", label: t("cpfSelfEmployed") }] },
    { name: "stateRegistration", label: t("fields.stateRegistration"), mask: maskStateRegistration },
    { name: "anttCode", label: t("fields.anttCode") },
    { name: "street", label: t("fields.street") },
    { name: "number", label: t("fields.number") },
    { name: "neighborhood", label: t("fields.neighborhood") },
    { name: "city", label: t("fields.city") },
    { name: "state", label: t("fields.state"), mask: maskUf },
  ];
  const base = `/api/dashboard/companies/${encodeURIComponent(companyId)}/carriers`;
  const [fleetOf, setFleetOf] = useState<CarrierResponse | null>(null);
  return (
    <div className="space-y-4">
      {fleetOf && <FleetPanel key={fleetOf.id} base={base} carrierId={fleetOf.id} carrierName={fleetOf.name} canWrite={canWrite} onClose={() => setFleetOf(null)} />}
      <RegisterPanel<CarrierResponse>
        base={base}
        noun={t("noun")}
        plural={t("plural")}
        fields={FIELDS}
        createSchema={CreateCarrierInput}
        updateSchema={UpdateCarrierInput}
        createDefaults={{}}
        canWrite={canWrite}
        columns={[
          { header: t("fields.name"), cell: (c) => c.name },
          { header: t("fields.document"), cell: (c) => <>{c.documentType} <span className="whitespace-nowrap">{formatCnpj(c.document)}</span></> },
          { header: t("fields.city"), cell: (c) => [c.city, c.state].filter(Boolean).join(" / ") || "—" },
          { header: t("defaultVehicle"), cell: (c) => c.vehicles.find((v) => v.isDefault)?.plate ?? "—" },
          { header: t("fleet"), cell: (c) => String(c.vehicles.length) },
        ]}
        extraActions={(c) => <button type="button" onClick={() => setFleetOf(c)} className="text-indigo-700 hover:underline">{t("fleet")}</button>}
      />
    </div>
  );
}
