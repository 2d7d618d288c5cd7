"use client";

import { useTranslations } from "next-intl";
import { maskUf } from "@/lib/br/masks";
import type { FieldErrors } from "@/components/dashboard/resources/field-errors";
import { SelectInput, TextInput } from "@/components/dashboard/resources/form-field";
import { VEHICLE_OWNER_TYPES } from "@/lib/carriers/schemas";

export type OwnerForm = { enabled: boolean; documentType: "CPF" | "CNPJ"; document: string; rntrc: string; name: string; stateRegistration: string; state: string; ownerType: (typeof VEHICLE_OWNER_TYPES)[number] };

export const EMPTY_OWNER: OwnerForm = { enabled: false, documentType: "CPF", document: "", rntrc: "", name: "", stateRegistration: "", state: "", ownerType: "TAC_AGGREGATED" };

/** The request's owner: absent unless the vehicle is a third party's (the checks are the API's and its schema's). */
export function ownerBody(owner: OwnerForm) {
  if (!owner.enabled) return undefined;
  return {
    document: { type: owner.documentType, value: owner.document },
    rntrc: owner.rntrc,
    name: owner.name,
    ...(owner.stateRegistration.trim() ? { stateRegistration: owner.stateRegistration } : {}),
    state: owner.state,
    ownerType: owner.ownerType,
  };
}

/** The owner (proprietário) of a vehicle that is not the issuer's: the MDF-e's prop group, asked only when ticked. */
export function VehicleOwnerFields({ owner, onChange, errors }: { owner: OwnerForm; onChange: (owner: OwnerForm) => void; errors: FieldErrors }) {
  const t = useTranslations("carriers.fleetPanel.owner");
  const set = (fields: Partial<OwnerForm>) => onChange({ ...owner, ...fields });
  return (
    <fieldset className="col-span-full grid grid-cols-2 gap-3 md:grid-cols-4">
      <label className="col-span-full flex items-center gap-2 text-sm">
        <input type="checkbox" checked={owner.enabled} onChange={(e) => set({ enabled: e.target.checked })} /> {t("enabled")}
      </label>
      {owner.enabled && (
        <>
          <p className="col-span-full text-xs text-slate-500">{t("hint")}</p>
          <SelectInput id="owner-type" label={t("ownerType")} value={owner.ownerType} error={errors["owner.ownerType"]} onChange={(ownerType) => set({ ownerType: ownerType as OwnerForm["ownerType"] })} options={VEHICLE_OWNER_TYPES.map((value) => ({ value, label: t(`ownerTypes.${value}`) }))} />
          <SelectInput id="owner-document-type" label={t("documentType")} value={owner.documentType} onChange={(documentType) => set({ documentType: documentType as OwnerForm["documentType"] })} options={[{ value: "CPF", label: "CPF" }, { value: "CNPJ", label: "CNPJ" }]} />
          <TextInput id="owner-document" label={owner.documentType} value={owner.document} error={errors["owner.document.value"]} onChange={(document) => set({ document })} />
          <TextInput id="owner-name" label={t("name")} value={owner.name} error={errors["owner.name"]} onChange={(name) => set({ name })} />
          <TextInput id="owner-rntrc" label="RNTRC" value={owner.rntrc} error={errors["owner.rntrc"]} onChange={(rntrc) => set({ rntrc: rntrc.replace(/\D/g, "") })} placeholder="00000000" />
          <TextInput id="owner-state-registration" label={t("stateRegistration")} value={owner.stateRegistration} error={errors["owner.stateRegistration"]} onChange={(stateRegistration) => set({ stateRegistration })} placeholder="ISENTO" />
          <TextInput id="owner-state" label={t("state")} value={owner.state} error={errors["owner.state"]} onChange={(state) => set({ state: maskUf(state) })} />
        </>
      )}
    </fieldset>
  );
}
