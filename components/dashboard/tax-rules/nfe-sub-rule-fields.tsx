"use client";

import { TextInput } from "@/components/dashboard/resources/form-field";
import type { FieldErrors } from "@/components/dashboard/resources/field-errors";
import { SubRuleFrame } from "./sub-rule-frame";
import type { NfeSubRuleState } from "./sub-rule-state";

const CLIENT_TYPES = ["CONTRIBUINTE", "NAO_CONTRIBUINTE", "ESTRANGEIRO"] as const;

const FIELDS: { field: Exclude<keyof NfeSubRuleState, "clientTypes" | "isActive">; label: string; placeholder?: string }[] = [
  { field: "name", label: "Sub-rule name" },
  { field: "states", label: "Recipient states", placeholder: "SP, RJ (empty = any)" },
  { field: "cfops", label: "CFOPs", placeholder: "5102, 5405 (empty = any)" },
  { field: "icmsCst", label: "ICMS CST/CSOSN" },
  { field: "icmsModBc", label: "ICMS base modality" },
  { field: "icmsPIcms", label: "ICMS rate (%)" },
  { field: "icmsRedBc", label: "Base reduction (%)" },
  { field: "icmsCBenFiscal", label: "Tax benefit code (cBenef)" },
  { field: "icmsStModBc", label: "ST base modality", placeholder: "4 = MVA, 6 = operation value" },
  { field: "icmsStMva", label: "ST MVA (%)" },
  { field: "icmsStRate", label: "ST rate (%)" },
  { field: "icmsStRedBc", label: "ST base reduction (%)" },
  { field: "icmsSnCreditRate", label: "Simples credit rate (%)" },
  { field: "pisCst", label: "PIS CST" },
  { field: "pisPPis", label: "PIS rate (%)" },
  { field: "cofinsCst", label: "COFINS CST" },
  { field: "cofinsPCofins", label: "COFINS rate (%)" },
  { field: "ipiCst", label: "IPI CST" },
  { field: "ipiPIpi", label: "IPI rate (%)" },
  { field: "ipiCEnq", label: "IPI cEnq" },
];

/** The inputs of one NFE sub-rule; errors are keyed "nfeTaxRules.<index>.<field>". */
export function NfeSubRuleFields({ index, value, onChange, errors, onRemove }: {
  index: number; value: NfeSubRuleState; onChange: (next: NfeSubRuleState) => void; errors: FieldErrors; onRemove: () => void;
}) {
  const id = (field: string) => `nfe-${index}-${field}`;
  const error = (field: string) => errors[`nfeTaxRules.${index}.${field}`];
  return (
    <SubRuleFrame model="NFE" index={index} onRemove={onRemove}>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {FIELDS.map(({ field, label, placeholder }) => (
          <TextInput key={field} id={id(field)} label={label} placeholder={placeholder} value={value[field]} error={error(field)} onChange={(v) => onChange({ ...value, [field]: v })} />
        ))}
      </div>
      <div className="flex flex-wrap gap-4 text-sm">
        <span className="text-xs font-medium text-slate-600">Client types (none = any):</span>
        {CLIENT_TYPES.map((type) => (
          <label key={type} className="flex items-center gap-1">
            <input
              type="checkbox"
              checked={value.clientTypes.includes(type)}
              onChange={(e) => onChange({ ...value, clientTypes: e.target.checked ? [...value.clientTypes, type] : value.clientTypes.filter((t) => t !== type) })}
            />
            {type}
          </label>
        ))}
        <label className="flex items-center gap-1">
          <input type="checkbox" checked={value.isActive} onChange={(e) => onChange({ ...value, isActive: e.target.checked })} />
          Active
        </label>
      </div>
      {error("clientTypes") && <p role="alert" className="text-xs text-red-700">{error("clientTypes")}</p>}
    </SubRuleFrame>
  );
}
