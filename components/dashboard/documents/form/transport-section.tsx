"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCompanyId } from "@/components/dashboard/company-context";
import { maskPlate, maskUf } from "@/lib/br/masks";
import type { VehicleResponse } from "@/lib/carriers/schemas";
import { apiFetch } from "@/lib/client/api-fetch";
import type { DocumentFormOptions } from "@/lib/documents/dashboard-contracts";
import { FreightTypeSchema } from "@/lib/documents/schemas";
import { AddButton, Field, inputClass, RemoveButton, Section } from "../form-rows";
import { emptyTransport, type FormState, type TransportState } from "./form-state";

const NO_VEHICLE = "none";

/** NF-e transport (transp): freight mode, carrier and one of its vehicles by plate, volumes. */
/** `interstate`: SEFAZ accepts no vehicle (868), said next to the field; the server leaves the default vehicle out and refuses a chosen one. */
export function TransportSection({ form, setForm, carriers, interstate }: { form: FormState; setForm: (patch: Partial<FormState>) => void; carriers: DocumentFormOptions["carriers"]; interstate: boolean }) {
  const t = useTranslations("documentForm.transport");
  const freight = useTranslations("enums.freightType");
  const companyId = useCompanyId();
  const transport = form.transport;
  const carrierId = transport?.carrierId ?? "";
  const vehiclesUrl = `/api/dashboard/companies/${encodeURIComponent(companyId)}/carriers/${encodeURIComponent(carrierId)}/vehicles`;
  const vehicles = useQuery({ queryKey: [vehiclesUrl], queryFn: () => apiFetch<VehicleResponse[]>(vehiclesUrl), enabled: carrierId !== "" });
  const set = (patch: Partial<TransportState>) => transport && setForm({ transport: { ...transport, ...patch } });
  const chosenVehicle = vehicles.data?.find((v) => v.plate === transport?.vehiclePlate && v.state === transport?.vehicleState);
  return (
    <Section
      title={t("title")}
      action={transport ? <RemoveButton label={t("remove")} onClick={() => setForm({ transport: null })} /> : <AddButton label={t("add")} onClick={() => setForm({ transport: emptyTransport })} />}
    >
      {!transport ? (
        <p className="text-sm text-slate-500">{t("empty")}</p>
      ) : (
        <div className="grid grid-cols-2 gap-2 md:grid-cols-4">
          <Field label={t("freightType")} className="col-span-2">
            <select value={transport.freightType} onChange={(e) => set({ freightType: e.target.value })} className={inputClass}>
              {FreightTypeSchema.options.map((f) => <option key={f} value={f}>{freight(f)}</option>)}
            </select>
          </Field>
          <Field label={t("freightValue")}><input inputMode="decimal" value={transport.freightValue} onChange={(e) => set({ freightValue: e.target.value })} className={inputClass} /></Field>
          <Field label={t("carrier")}>
            <select value={transport.carrierId} onChange={(e) => set({ carrierId: e.target.value, noVehicle: false, vehiclePlate: "", vehicleState: "" })} className={inputClass}>
              <option value="">{t("noCarrier")}</option>
              {carriers.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
            </select>
          </Field>
          <Field label={t("vehicle")} hint={interstate ? t("interstateVehicleHint") : transport.carrierId ? t("vehicleHint") : undefined}>
            <select
              value={transport.noVehicle ? NO_VEHICLE : chosenVehicle ? chosenVehicle.id : ""}
              disabled={!transport.carrierId}
              data-testid="vehicle-select"
              onChange={(e) => {
                if (e.target.value === NO_VEHICLE) return set({ noVehicle: true, vehiclePlate: "", vehicleState: "" });
                const vehicle = vehicles.data?.find((v) => v.id === e.target.value);
                set({ noVehicle: false, vehiclePlate: vehicle?.plate ?? "", vehicleState: vehicle?.state ?? "" });
              }}
              className={inputClass}
            >
              <option value="">{t("defaultVehicle")}</option>
              <option value={NO_VEHICLE}>{t("noVehicle")}</option>
              {vehicles.data?.map((v) => <option key={v.id} value={v.id}>{v.plate} / {v.state}{v.description ? ` · ${v.description}` : ""}</option>)}
            </select>
          </Field>
          <Field label={t("plate")}><input value={transport.vehiclePlate} disabled={transport.noVehicle} onChange={(e) => set({ vehiclePlate: maskPlate(e.target.value) })} className={inputClass} /></Field>
          <Field label={t("plateState")}><input value={transport.vehicleState} disabled={transport.noVehicle} maxLength={2} onChange={(e) => set({ vehicleState: maskUf(e.target.value) })} className={inputClass} /></Field>
          <Field label={t("volumeQuantity")}><input inputMode="numeric" value={transport.volumeQuantity} onChange={(e) => set({ volumeQuantity: e.target.value.replace(/\D/g, "") })} className={inputClass} /></Field>
          <Field label={t("volumeSpecies")}><input value={transport.volumeSpecies} maxLength={60} onChange={(e) => set({ volumeSpecies: e.target.value })} className={inputClass} /></Field>
          <Field label={t("grossWeight")}><input inputMode="decimal" value={transport.volumeGrossWeight} onChange={(e) => set({ volumeGrossWeight: e.target.value })} className={inputClass} /></Field>
          <Field label={t("netWeight")}><input inputMode="decimal" value={transport.volumeNetWeight} onChange={(e) => set({ volumeNetWeight: e.target.value })} className={inputClass} /></Field>
        </div>
      )}
    </Section>
  );
}
