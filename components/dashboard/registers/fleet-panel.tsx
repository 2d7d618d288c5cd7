"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useIssueMessage, useKnownMessage } from "@/components/i18n/use-issue-message";
import { maskPlate, maskUf } from "@/lib/br/masks";
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from "@/components/dashboard/resources/field-errors";
import { TextInput } from "@/components/dashboard/resources/form-field";
import { CreateVehicleInput, VEHICLE_BODY_TYPES, VEHICLE_WHEEL_TYPES, type VehicleResponse } from "@/lib/carriers/schemas";
import { apiFetch } from "@/lib/client/api-fetch";
import { EMPTY_OWNER, ownerBody, VehicleOwnerFields } from "./vehicle-owner-fields";

/** A carrier's fleet: default first, add a vehicle, make another the default, remove. */
export function FleetPanel({ base, carrierId, carrierName, canWrite, onClose }: { base: string; carrierId: string; carrierName: string; canWrite: boolean; onClose: () => void }) {
  const t = useTranslations("carriers.fleetPanel");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const issueMessage = useIssueMessage();
  const knownMessage = useKnownMessage();
  const url = `${base}/${carrierId}/vehicles`;
  const queryClient = useQueryClient();
  const fleet = useQuery({ queryKey: [base, url], queryFn: () => apiFetch<VehicleResponse[]>(url) });
  const types = useTranslations("transportManifests.new");
  const EMPTY = { plate: "", state: "", rntc: "", description: "", isDefault: false, renavam: "", tareKg: "", capacityKg: "", bodyType: "", wheelType: "", owner: EMPTY_OWNER };
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const refresh = () => queryClient.invalidateQueries({ queryKey: [base] });
  const add = useMutation({
    mutationFn: (body: unknown) => apiFetch(url, { method: "POST", body }),
    onSuccess: async () => { setForm(EMPTY); await refresh(); },
    onError: (error) => setErrors({ ...apiFieldErrors(error, knownMessage), "": errorMessage(error) }),
  });
  const change = useMutation({
    mutationFn: ({ id, body }: { id: string; body?: unknown }) => apiFetch(`${url}/${id}`, { method: body ? "PATCH" : "DELETE", body }),
    onSuccess: refresh,
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const whole = (value: string) => (value.trim() ? Number(value.trim()) : undefined);
    // RENAVAM, tara, capacity and the types are what an MDF-e needs of the vehicle (issue 55); all optional here.
    const body = {
      plate: form.plate, state: form.state, rntc: form.rntc || undefined, description: form.description || undefined, isDefault: form.isDefault,
      renavam: form.renavam || undefined, tareKg: whole(form.tareKg), capacityKg: whole(form.capacityKg), bodyType: form.bodyType || undefined, wheelType: form.wheelType || undefined,
      owner: ownerBody(form.owner),
    };
    const parsed = CreateVehicleInput.safeParse(body);
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error, issueMessage));
    setErrors({});
    add.mutate(body);
  };

  return (
    <section aria-label={t("title", { name: carrierName })} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex items-center justify-between">
        <h2 className="text-base font-semibold">{t("title", { name: carrierName })}</h2>
        <button type="button" onClick={onClose} className="text-sm text-slate-600 hover:underline">{common("close")}</button>
      </div>
      {fleet.isPending ? <p className="text-sm text-slate-500">{common("loading")}</p> : fleet.isError ? <p role="alert" className="text-sm text-red-700">{errorMessage(fleet.error)}</p> : fleet.data.length === 0 ? (
        <p className="text-sm text-slate-500">{t("empty")}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {fleet.data.map((v) => (
            <li key={v.id} data-testid="vehicle-row" className="flex items-center justify-between py-2">
              <span><strong>{v.plate}</strong> ({v.state}){v.rntc && ` · RNTC ${v.rntc}`}{v.description && ` · ${v.description}`}{v.tareKg !== null && ` · ${t("tareShort", { kg: v.tareKg })}`}{v.owner && ` · ${t("owner.short", { name: v.owner.name, type: t(`owner.ownerTypes.${v.owner.ownerType}`) })}`}{v.isDefault && <span className="ml-2 rounded bg-indigo-50 px-1.5 text-xs text-indigo-700">{t("default")}</span>}</span>
              {canWrite && (
                <span className="flex gap-2">
                  {!v.isDefault && <button type="button" onClick={() => change.mutate({ id: v.id, body: { isDefault: true } })} className="text-indigo-700 hover:underline">{t("makeDefault")}</button>}
                  <button type="button" onClick={() => change.mutate({ id: v.id })} className="text-red-700 hover:underline">{common("remove")}</button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {change.isError && <p role="alert" className="text-sm text-red-700">{errorMessage(change.error)}</p>}
      {canWrite && (
        <form aria-label={t("add")} onSubmit={submit} noValidate className="grid grid-cols-2 gap-3 md:grid-cols-5">
          <TextInput id="vehicle-plate" label={t("plate")} value={form.plate} error={errors.plate} onChange={(plate) => setForm({ ...form, plate: maskPlate(plate) })} placeholder="ABC1D23" />
          <TextInput id="vehicle-state" label={t("state")} value={form.state} error={errors.state} onChange={(state) => setForm({ ...form, state: maskUf(state) })} />
          <TextInput id="vehicle-rntc" label="RNTC" value={form.rntc} error={errors.rntc} onChange={(rntc) => setForm({ ...form, rntc })} />
          <TextInput id="vehicle-description" label={t("description")} value={form.description} error={errors.description} onChange={(description) => setForm({ ...form, description })} />
          <TextInput id="vehicle-renavam" label="RENAVAM" value={form.renavam} error={errors.renavam} onChange={(renavam) => setForm({ ...form, renavam: renavam.replace(/\D/g, "") })} />
          <TextInput id="vehicle-tare" label={t("tareKg")} value={form.tareKg} error={errors.tareKg} onChange={(tareKg) => setForm({ ...form, tareKg: tareKg.replace(/\D/g, "") })} />
          <TextInput id="vehicle-capacity" label={t("capacityKg")} value={form.capacityKg} error={errors.capacityKg} onChange={(capacityKg) => setForm({ ...form, capacityKg: capacityKg.replace(/\D/g, "") })} />
          <label className="block text-sm">
            <span className="text-slate-700">{types("bodyType")}</span>
            <select value={form.bodyType} onChange={(e) => setForm({ ...form, bodyType: e.target.value })} className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5">
              <option value="">—</option>
              {VEHICLE_BODY_TYPES.map((b) => <option key={b} value={b}>{types(`bodyTypes.${b}`)}</option>)}
            </select>
          </label>
          <label className="block text-sm">
            <span className="text-slate-700">{types("wheelType")}</span>
            <select value={form.wheelType} onChange={(e) => setForm({ ...form, wheelType: e.target.value })} className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5">
              <option value="">—</option>
              {VEHICLE_WHEEL_TYPES.map((w) => <option key={w} value={w}>{types(`wheelTypes.${w}`)}</option>)}
            </select>
          </label>
          <VehicleOwnerFields owner={form.owner} errors={errors} onChange={(owner) => setForm({ ...form, owner })} />
          <label className="mt-5 flex items-center gap-2 text-sm"><input type="checkbox" checked={form.isDefault} onChange={(e) => setForm({ ...form, isDefault: e.target.checked })} /> {t("default")}</label>
          {errors[""] && <p role="alert" className="col-span-full text-sm text-red-700">{errors[""]}</p>}
          <button type="submit" disabled={add.isPending} className="w-fit rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500">{t("add")}</button>
        </form>
      )}
    </section>
  );
}
