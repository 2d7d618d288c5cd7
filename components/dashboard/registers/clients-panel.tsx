"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { formatCnpj } from "@/components/dashboard/format";
import { RegisterPanel } from "@/components/dashboard/resources/register-panel";
import type { FieldDef } from "@/components/dashboard/resources/simple-form";
import { maskCep, maskCpfCnpj, maskPhone, maskStateRegistration, maskUf } from "@/lib/br/masks";
import { CreateClientInput, UpdateClientInput, type ClientResponse } from "@/lib/clients/schemas";

const digits = (value: string) => value.replace(/\D/g, "");

export function ClientsPanel({ companyId, canWrite }: { companyId: string; canWrite: boolean }) {
  const t = useTranslations("clients");
  const common = useTranslations("common");
  const e = useTranslations("enums");
  const [isActive, setIsActive] = useState("");
  const inferred = { value: "", label: t("infer") };
  const fields: FieldDef[] = [
    { name: "name", label: t("fields.name"), required: true },
    { name: "fantasyName", label: t("fields.fantasyName") },
    { name: "document", label: t("fields.document"), placeholder: t("finalConsumerHint"), mask: maskCpfCnpj },
    { name: "documentType", label: t("fields.documentType"), kind: "select", options: [inferred, ...(["CPF", "CNPJ", "FOREIGN", "OTHER"] as const).map((v) => ({ value: v, label: e(`personDocumentType.${v}`) }))] },
    { name: "type", label: t("fields.type"), kind: "select", options: [inferred, ...(["INDIVIDUAL", "COMPANY", "FOREIGN"] as const).map((v) => ({ value: v, label: e(`clientType.${v}`) }))] },
    { name: "icmsTaxpayer", label: t("fields.icmsTaxpayer"), kind: "select", options: [{ value: "", label: t("notInformed") }, ...(["CONTRIBUINTE", "NAO_CONTRIBUINTE", "ISENTO"] as const).map((v) => ({ value: v, label: e(`icmsTaxpayer.${v}`) }))] },
    { name: "stateRegistration", label: t("fields.stateRegistration"), mask: maskStateRegistration },
    { name: "email", label: t("fields.email") },
    { name: "phone", label: t("fields.phone"), mask: maskPhone, send: digits },
    { name: "zipCode", label: t("fields.zipCode"), mask: maskCep },
    { name: "street", label: t("fields.street") },
    { name: "number", label: t("fields.number") },
    { name: "complement", label: t("fields.complement") },
    { name: "neighborhood", label: t("fields.neighborhood") },
    { name: "city", label: t("fields.city") },
    { name: "state", label: t("fields.state"), mask: (v) => (v.toUpperCase() === "EX" ? "EX" : maskUf(v)) },
    { name: "municipalityCode", label: t("fields.municipalityCode"), kind: "picker", table: "municipality", filterFrom: { uf: "state" }, fillFrom: (m) => ({ city: m.description, state: m.detail ?? "" }) },
    { name: "isActive", label: common("active"), kind: "checkbox" },
  ];
  return (
    <div className="space-y-3">
      <label className="block text-xs text-slate-600">
        {t("statusFilter")}
        <select value={isActive} onChange={(ev) => setIsActive(ev.target.value)} className="mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm">
          <option value="">{common("all")}</option>
          <option value="true">{common("active")}</option>
          <option value="false">{common("inactive")}</option>
        </select>
      </label>
      <RegisterPanel<ClientResponse>
        base={`/api/dashboard/companies/${encodeURIComponent(companyId)}/clients`}
        noun={t("noun")}
        plural={t("plural")}
        fields={fields}
        createSchema={CreateClientInput}
        updateSchema={UpdateClientInput}
        createDefaults={{ isActive: true }}
        canWrite={canWrite}
        filters={{ isActive }}
        columns={[
          { header: t("fields.name"), cell: (c) => <>{c.name}{c.fantasyName && <span className="block text-xs text-slate-500">{c.fantasyName}</span>}</> },
          { header: t("fields.document"), cell: (c) => (c.document ? <>{e(`personDocumentType.${c.documentType}`)} <span className="whitespace-nowrap">{formatCnpj(c.document)}</span></> : t("finalConsumer")) },
          { header: t("fields.email"), cell: (c) => c.email ?? "—" },
          { header: t("fields.city"), cell: (c) => [c.city, c.state].filter(Boolean).join(" / ") || "—" },
          { header: common("active"), cell: (c) => (c.isActive ? common("yes") : common("no")) },
        ]}
      />
    </div>
  );
}
