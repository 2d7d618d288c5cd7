"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { buttonClass } from "@/components/dashboard/button-styles";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { apiFetch, apiFetchBlob } from "@/lib/client/api-fetch";
import type { ManifestCandidate, ManifestVehicleOption } from "@/lib/mdfe/manifest-candidates";
import { groupByUnloadingMunicipality } from "@/lib/mdfe/unloading-groups";
import { LoadingLaterFields } from "./loading-later-fields";

const input = "mt-1 block w-full rounded-md border border-slate-300 px-2 py-1";
const BODY_TYPES = ["CLOSED", "OPEN", "BULK", "CONTAINER", "SIDER", "NOT_APPLICABLE"] as const;
const WHEEL_TYPES = ["TRUCK", "TOCO", "TRACTOR", "VAN", "UTILITY", "OTHER"] as const;

/**
 * "Novo manifesto" from selected NF-e (issue 55 item 6): the ids go to POST /v1/transport-manifests,
 * which groups them by unloading municipality (lib/mdfe); the vehicle is a registered one or typed
 * in, one driver; the rules and errors are lib/mdfe's. With "carregamento posterior" no NF-e is sent,
 * only the one loading (and unloading) municipality, the company's by default.
 */
export function NewManifestForm({ api, base, documents, vehicles, loading }: { api: string; base: string; documents: ManifestCandidate[]; vehicles: ManifestVehicleOption[]; loading: { code: string; name: string } }) {
  const t = useTranslations("transportManifests.new");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const [selected, setSelected] = useState<string[]>([]);
  const [vehicleId, setVehicleId] = useState(vehicles.find((v) => v.ready)?.id ?? "");
  const [vehicle, setVehicle] = useState({ plate: "", state: "", tareKg: "", bodyType: "CLOSED", wheelType: "TRUCK" });
  const [driver, setDriver] = useState({ name: "", cpf: "" });
  const [product, setProduct] = useState({ description: "", ncm: "" });
  const [quantity, setQuantity] = useState("");
  const [loadingLater, setLoadingLater] = useState({ enabled: false, ...loading });
  const chosen = vehicles.find((v) => v.id === vehicleId);
  const needsVehicleData = !chosen || !chosen.ready;

  // A preview of the server's grouping (the same lib function); the request sends the ids only.
  const unloading = useMemo(
    () =>
      groupByUnloadingMunicipality(
        documents.filter((d) => selected.includes(d.id) && d.municipalityCode).map((d) => ({ id: d.id, unloading: { code: d.municipalityCode!, name: d.municipalityName ?? "" } })),
      ),
    [documents, selected],
  );

  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  const requestBody = () => {
    const typed = needsVehicleData ? { tareKg: Number(vehicle.tareKg), bodyType: vehicle.bodyType, wheelType: vehicle.wheelType } : {};
    const carried = loadingLater.enabled
      ? { loadingLater: true, loading: [{ code: loadingLater.code, name: loadingLater.name }] }
      : { documents: selected.map((documentId) => ({ documentId })) };
    return {
      ...carried,
      vehicle: chosen ? { vehicleId: chosen.id, ...typed } : { plate: vehicle.plate, ...(vehicle.state ? { state: vehicle.state.toUpperCase() } : {}), ...typed },
      drivers: [driver],
      product: { description: product.description, ...(product.ncm.trim() ? { ncm: product.ncm.trim() } : {}) },
      // Empty: the server sums the NF-e gross weights (and says which NF-e has none); zero when loaded later.
      cargo: { unit: "KG", ...(quantity.trim() ? { quantity: quantity.trim().replace(",", ".") } : {}) },
    };
  };

  const create = useMutation({
    mutationFn: () => apiFetch<{ id: string }>(api, { method: "POST", body: requestBody() }),
    onSuccess: (created) => router.push(`${base}/${created.id}`),
  });

  // The DAMDFE this form would issue, without fiscal value: nothing is numbered or sent (POST …/preview).
  const preview = useMutation({
    mutationFn: () => apiFetchBlob(`${api}/preview`, { method: "POST", body: requestBody() }),
    onSuccess: (pdf) => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
      setPreviewUrl(URL.createObjectURL(pdf));
    },
  });

  const nothingToSend = !loadingLater.enabled && selected.length === 0;
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  return (
    <form
      aria-label={t("heading")}
      className="space-y-4 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate();
      }}
    >
      <LoadingLaterFields value={loadingLater} onChange={setLoadingLater} />

      {!loadingLater.enabled && (
        <fieldset className="rounded-lg border border-slate-200 bg-white p-3">
          <legend className="px-1 font-semibold">{t("documents")}</legend>
          {documents.length === 0 ? (
            <p className="text-slate-500">{t("noDocuments")}</p>
          ) : (
            <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto">
              {documents.map((d) => (
                <li key={d.id} className="py-1">
                  <label className="flex flex-wrap items-center gap-2">
                    <input type="checkbox" checked={selected.includes(d.id)} disabled={!d.municipalityCode} onChange={() => toggle(d.id)} aria-label={`${t("nfe")} ${d.series ?? 0}/${d.number}`} />
                    <span className="font-mono">{d.series ?? 0}/{d.number}</span>
                    <span>{d.clientName}</span>
                    <span className="text-slate-500">{d.municipalityName ?? "—"}/{d.state ?? "—"}</span>
                    <span className="text-slate-500">R$ {d.totalValue.replace(".", ",")}</span>
                    {d.onOpenManifest && <span className="text-amber-700">{t("onOpenManifest")}</span>}
                  </label>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-2 text-xs text-slate-500">{t("unloadingHint", { count: unloading.length })}</p>
        </fieldset>
      )}

      <fieldset className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 md:grid-cols-3">
        <legend className="px-1 font-semibold">{t("vehicle")}</legend>
        <label className="block md:col-span-3">
          <span className="text-slate-600">{t("registeredVehicle")}</span>
          <select name="vehicleId" value={vehicleId} onChange={(e) => setVehicleId(e.target.value)} className={input}>
            <option value="">{t("typeVehicle")}</option>
            {vehicles.map((v) => (
              <option key={v.id} value={v.id}>
                {v.plate} ({v.state}) · {v.carrierName}
              </option>
            ))}
          </select>
        </label>
        {!chosen && (
          <>
            <label className="block">
              <span className="text-slate-600">{t("plate")}</span>
              <input name="plate" value={vehicle.plate} onChange={(e) => setVehicle((v) => ({ ...v, plate: e.target.value }))} className={input} />
            </label>
            <label className="block">
              <span className="text-slate-600">{t("vehicleState")}</span>
              <input name="vehicleState" maxLength={2} value={vehicle.state} onChange={(e) => setVehicle((v) => ({ ...v, state: e.target.value }))} className={input} />
            </label>
          </>
        )}
        {needsVehicleData && (
          <>
            <label className="block">
              <span className="text-slate-600">{t("tareKg")}</span>
              <input name="tareKg" inputMode="numeric" value={vehicle.tareKg} onChange={(e) => setVehicle((v) => ({ ...v, tareKg: e.target.value }))} className={input} />
            </label>
            <label className="block">
              <span className="text-slate-600">{t("bodyType")}</span>
              <select name="bodyType" value={vehicle.bodyType} onChange={(e) => setVehicle((v) => ({ ...v, bodyType: e.target.value }))} className={input}>
                {BODY_TYPES.map((b) => <option key={b} value={b}>{t(`bodyTypes.${b}`)}</option>)}
              </select>
            </label>
            <label className="block">
              <span className="text-slate-600">{t("wheelType")}</span>
              <select name="wheelType" value={vehicle.wheelType} onChange={(e) => setVehicle((v) => ({ ...v, wheelType: e.target.value }))} className={input}>
                {WHEEL_TYPES.map((w) => <option key={w} value={w}>{t(`wheelTypes.${w}`)}</option>)}
              </select>
            </label>
          </>
        )}
      </fieldset>

      <fieldset className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 md:grid-cols-2">
        <legend className="px-1 font-semibold">{t("driverAndCargo")}</legend>
        <label className="block">
          <span className="text-slate-600">{t("driverName")}</span>
          <input name="driverName" value={driver.name} onChange={(e) => setDriver((d) => ({ ...d, name: e.target.value }))} className={input} />
        </label>
        <label className="block">
          <span className="text-slate-600">{t("driverCpf")}</span>
          <input name="driverCpf" inputMode="numeric" value={driver.cpf} onChange={(e) => setDriver((d) => ({ ...d, cpf: e.target.value }))} className={input} />
        </label>
        <label className="block">
          <span className="text-slate-600">{t("product")}</span>
          <input name="product" value={product.description} onChange={(e) => setProduct((p) => ({ ...p, description: e.target.value }))} className={input} />
        </label>
        <label className="block">
          <span className="text-slate-600">{t("ncm")}</span>
          <input name="ncm" inputMode="numeric" value={product.ncm} onChange={(e) => setProduct((p) => ({ ...p, ncm: e.target.value }))} className={input} />
        </label>
        <label className="block">
          <span className="text-slate-600">{t("quantity")}</span>
          <input name="quantity" inputMode="decimal" value={quantity} onChange={(e) => setQuantity(e.target.value)} className={input} />
        </label>
      </fieldset>

      {create.isError && <p role="alert" className="text-red-700">{errorMessage(create.error)}</p>}
      {preview.isError && <p role="alert" className="text-red-700">{errorMessage(preview.error)}</p>}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={create.isPending || nothingToSend} className={buttonClass("primary")}>
          {create.isPending ? t("sending") : t("submit")}
        </button>
        <button type="button" onClick={() => preview.mutate()} disabled={preview.isPending || nothingToSend} className={buttonClass("secondary")}>
          {preview.isPending ? t("previewing") : t("preview")}
        </button>
        {previewUrl && !preview.isPending && (
          <a href={previewUrl} target="_blank" rel="noopener" className="underline">
            {t("openPreview")}
          </a>
        )}
      </div>
      <p className="text-xs text-slate-500">{t("previewHint")}</p>
    </form>
  );
}
