"use client";

import { SelectInput, TextInput } from "@/components/dashboard/resources/form-field";
import type { FieldErrors } from "@/components/dashboard/resources/field-errors";
import { SubRuleFrame } from "./sub-rule-frame";
import { RETENTIONS, type NfseSubRuleState } from "./sub-rule-state";

const LOCATIONS = ["NO_MUNICIPIO_EMPRESA", "FORA_MUNICIPIO_EMPRESA", "EXTERIOR"] as const;
const MUNICIPALITIES = ["MUNICIPIO_PRESTACAO_SERVICO", "MUNICIPIO_CLIENTE", "MUNICIPIO_EMPRESA"].map((m) => ({ value: m, label: m }));
const TEXT: { field: "name" | "operationNature" | "issRate" | "pisRate" | "cofinsRate" | "deductionsRate" | "irRate" | "inssRate" | "csllRate" | "piscofinsCst" | "additionalInfo"; label: string }[] = [
  { field: "name", label: "Sub-rule name" }, { field: "operationNature", label: "Operation nature" }, { field: "issRate", label: "ISS rate (%)" },
  { field: "pisRate", label: "PIS rate (%)" }, { field: "cofinsRate", label: "COFINS rate (%)" }, { field: "deductionsRate", label: "Deductions (%)" },
  { field: "irRate", label: "IR rate (%)" }, { field: "inssRate", label: "INSS rate (%)" }, { field: "csllRate", label: "CSLL rate (%)" },
  { field: "piscofinsCst", label: "PIS/COFINS CST" }, { field: "additionalInfo", label: "Additional info" },
];

export function NfseSubRuleFields({ index, value, onChange, errors, onRemove }: {
  index: number; value: NfseSubRuleState; onChange: (next: NfseSubRuleState) => void; errors: FieldErrors; onRemove: () => void;
}) {
  const id = (field: string) => `nfse-${index}-${field}`;
  const error = (field: string) => errors[`nfseTaxRules.${index}.${field}`];
  return (
    <SubRuleFrame model="NFSE" index={index} onRemove={onRemove}>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {TEXT.map(({ field, label }) => (
          <TextInput key={field} id={id(field)} label={label} value={value[field]} error={error(field)} onChange={(v) => onChange({ ...value, [field]: v })} />
        ))}
        <SelectInput id={id("serviceLocationMunicipality")} label="Service location municipality" value={value.serviceLocationMunicipality} options={MUNICIPALITIES} error={error("serviceLocationMunicipality")} onChange={(v) => onChange({ ...value, serviceLocationMunicipality: v })} />
        <SelectInput id={id("incidenceMunicipality")} label="Incidence municipality" value={value.incidenceMunicipality} options={MUNICIPALITIES} error={error("incidenceMunicipality")} onChange={(v) => onChange({ ...value, incidenceMunicipality: v })} />
      </div>
      <div className="flex flex-wrap gap-4 text-sm">
        <span className="text-xs font-medium text-slate-600">Service location (none = any):</span>
        {LOCATIONS.map((location) => (
          <label key={location} className="flex items-center gap-1">
            <input type="checkbox" checked={value.serviceLocation.includes(location)} onChange={(e) => onChange({ ...value, serviceLocation: e.target.checked ? [...value.serviceLocation, location] : value.serviceLocation.filter((l) => l !== location) })} />
            {location}
          </label>
        ))}
      </div>
      <div className="flex flex-wrap gap-4 text-sm">
        {RETENTIONS.map((field) => (
          <label key={field} className="flex items-center gap-1">
            <input type="checkbox" checked={value[field]} onChange={(e) => onChange({ ...value, [field]: e.target.checked })} />
            {field}
          </label>
        ))}
        <label className="flex items-center gap-1">
          <input type="checkbox" checked={value.isActive} onChange={(e) => onChange({ ...value, isActive: e.target.checked })} />
          Active
        </label>
      </div>
    </SubRuleFrame>
  );
}
