"use client";

import { useTranslations } from "next-intl";
import { CodePicker } from "@/components/dashboard/pickers/code-picker";
import { SelectInput, TextInput } from "@/components/dashboard/resources/form-field";
import type { FieldErrors } from "@/components/dashboard/resources/field-errors";
import { SubRuleFrame } from "./sub-rule-frame";
import { NFSE_DECIMAL_FIELDS as DECIMALS, RETENTIONS, type NfseSubRuleState } from "./sub-rule-state";

const LOCATIONS = ["NO_MUNICIPIO_EMPRESA", "FORA_MUNICIPIO_EMPRESA", "EXTERIOR"] as const;
const MUNICIPALITY_CHOICES = ["MUNICIPIO_PRESTACAO_SERVICO", "MUNICIPIO_CLIENTE", "MUNICIPIO_EMPRESA"] as const;
const TEXT_FIELDS = ["name", "operationNature", "issRate", "pisRate", "cofinsRate", "deductionsRate", "irRate", "inssRate", "csllRate", "additionalInfo"] as const;

/** The inputs of one NFSE sub-rule; errors are keyed "nfseTaxRules.<index>.<field>". */
export function NfseSubRuleFields({ index, value, onChange, errors, onRemove }: {
  index: number; value: NfseSubRuleState; onChange: (next: NfseSubRuleState) => void; errors: FieldErrors; onRemove: () => void;
}) {
  const t = useTranslations("taxRules.nfse");
  const locations = useTranslations("enums.serviceLocation");
  const municipalities = useTranslations("enums.municipalityChoice");
  const active = useTranslations("common")("active");
  const municipalityOptions = MUNICIPALITY_CHOICES.map((choice) => ({ value: choice, label: municipalities(choice) }));
  const id = (field: string) => `nfse-${index}-${field}`;
  const error = (field: string) => errors[`nfseTaxRules.${index}.${field}`];
  return (
    <SubRuleFrame model="NFSE" index={index} onRemove={onRemove}>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {TEXT_FIELDS.map((field) => (
          <TextInput key={field} id={id(field)} label={t(field)} value={value[field]} error={error(field)} inputMode={DECIMALS.has(field) ? "decimal" : undefined} onChange={(v) => onChange({ ...value, [field]: v })} />
        ))}
        <CodePicker inputId={id("piscofinsCst")} label={t("piscofinsCst")} table="pis-cofins-cst" value={value.piscofinsCst} error={error("piscofinsCst")} onChange={(code) => onChange({ ...value, piscofinsCst: code })} />
        <SelectInput id={id("serviceLocationMunicipality")} label={t("serviceLocationMunicipality")} value={value.serviceLocationMunicipality} options={municipalityOptions} error={error("serviceLocationMunicipality")} onChange={(v) => onChange({ ...value, serviceLocationMunicipality: v })} />
        <SelectInput id={id("incidenceMunicipality")} label={t("incidenceMunicipality")} value={value.incidenceMunicipality} options={municipalityOptions} error={error("incidenceMunicipality")} onChange={(v) => onChange({ ...value, incidenceMunicipality: v })} />
      </div>
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="mb-1 text-xs font-medium text-slate-600">{t("serviceLocation")}</legend>
        {LOCATIONS.map((location) => (
          <label key={location} className="flex items-center gap-1">
            <input type="checkbox" checked={value.serviceLocation.includes(location)} onChange={(e) => onChange({ ...value, serviceLocation: e.target.checked ? [...value.serviceLocation, location] : value.serviceLocation.filter((l) => l !== location) })} />
            {locations(location)}
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="mb-1 text-xs font-medium text-slate-600">{t("retentions")}</legend>
        {RETENTIONS.map((field) => (
          <label key={field} className="flex items-center gap-1">
            <input type="checkbox" checked={value[field]} onChange={(e) => onChange({ ...value, [field]: e.target.checked })} />
            {t(field)}
          </label>
        ))}
        <label className="flex items-center gap-1">
          <input type="checkbox" checked={value.isActive} onChange={(e) => onChange({ ...value, isActive: e.target.checked })} />
          {active}
        </label>
      </fieldset>
    </SubRuleFrame>
  );
}
