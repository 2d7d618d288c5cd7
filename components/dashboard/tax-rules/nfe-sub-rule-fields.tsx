"use client";

import { useTranslations } from "next-intl";
import { CodePicker, type PickerTable } from "@/components/dashboard/pickers/code-picker";
import { TextInput } from "@/components/dashboard/resources/form-field";
import type { FieldErrors } from "@/components/dashboard/resources/field-errors";
import { SubRuleFrame } from "./sub-rule-frame";
import { NFE_DECIMAL_FIELDS as DECIMALS, type NfeSubRuleState } from "./sub-rule-state";

const CLIENT_TYPES = ["CONTRIBUINTE", "NAO_CONTRIBUINTE", "ESTRANGEIRO"] as const;

type Field = Exclude<keyof NfeSubRuleState, "clientTypes" | "isActive">;
type LabelKey = Parameters<ReturnType<typeof useTranslations<"taxRules.nfe">>>[0];

// [field, label key, picker table]: codes from official tables are pickers, the rest typed.
const FIELDS: [Field, LabelKey, PickerTable?][] = [
  ["name", "name"], ["states", "states"], ["cfops", "cfops"], ["icmsCst", "icmsCst", "icms-situation"], ["icmsModBc", "icmsModBc", "icms-mod-bc"],
  ["icmsPIcms", "icmsPIcms"], ["icmsRedBc", "icmsRedBc"], ["icmsCBenFiscal", "icmsCBenFiscal"], ["icmsStModBc", "icmsStModBc", "icms-mod-bc-st"],
  ["icmsStMva", "icmsStMva"], ["icmsStRate", "icmsStRate"], ["icmsStRedBc", "icmsStRedBc"], ["icmsSnCreditRate", "icmsSnCreditRate"],
  ["pisCst", "pisCst", "pis-cofins-cst"], ["pisPPis", "pisPPis"], ["cofinsCst", "cofinsCst", "pis-cofins-cst"], ["cofinsPCofins", "cofinsPCofins"],
  ["ipiCst", "ipiCst", "ipi-cst"], ["ipiPIpi", "ipiPIpi"], ["ipiCEnq", "ipiCEnq"],
];
const PLACEHOLDERS: Partial<Record<Field, LabelKey>> = { states: "statesPlaceholder", cfops: "cfopsPlaceholder" };

/** The inputs of one NFE sub-rule; errors are keyed "nfeTaxRules.<index>.<field>". */
export function NfeSubRuleFields({ index, value, onChange, errors, onRemove }: {
  index: number; value: NfeSubRuleState; onChange: (next: NfeSubRuleState) => void; errors: FieldErrors; onRemove: () => void;
}) {
  const t = useTranslations("taxRules.nfe");
  const taxpayers = useTranslations("enums.icmsTaxpayer");
  const active = useTranslations("common")("active");
  const id = (field: string) => `nfe-${index}-${field}`;
  const error = (field: string) => errors[`nfeTaxRules.${index}.${field}`];
  return (
    <SubRuleFrame model="NFE" index={index} onRemove={onRemove}>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {FIELDS.map(([field, label, table]) =>
          table ? (
            <CodePicker key={field} inputId={id(field)} label={t(label)} table={table} value={value[field]} error={error(field)} onChange={(code) => onChange({ ...value, [field]: code })} />
          ) : (
            <TextInput key={field} id={id(field)} label={t(label)} placeholder={PLACEHOLDERS[field] ? t(PLACEHOLDERS[field]!) : undefined} value={value[field]} error={error(field)} inputMode={DECIMALS.has(field) ? "decimal" : undefined} onChange={(v) => onChange({ ...value, [field]: v })} />
          ),
        )}
      </div>
      <div className="flex flex-wrap gap-4 text-sm">
        <span className="text-xs font-medium text-slate-600">{t("clientTypes")}</span>
        {CLIENT_TYPES.map((type) => (
          <label key={type} className="flex items-center gap-1">
            <input
              type="checkbox"
              checked={value.clientTypes.includes(type)}
              onChange={(e) => onChange({ ...value, clientTypes: e.target.checked ? [...value.clientTypes, type] : value.clientTypes.filter((t) => t !== type) })}
            />
            {taxpayers(type)}
          </label>
        ))}
        <label className="flex items-center gap-1">
          <input type="checkbox" checked={value.isActive} onChange={(e) => onChange({ ...value, isActive: e.target.checked })} />
          {active}
        </label>
      </div>
      {error("clientTypes") && <p role="alert" className="text-xs text-red-700">{error("clientTypes")}</p>}
    </SubRuleFrame>
  );
}
