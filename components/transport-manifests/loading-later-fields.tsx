"use client";

import { useTranslations } from "next-intl";

const input = "mt-1 block w-full rounded-md border border-slate-300 px-2 py-1";

export type LoadingLaterForm = { enabled: boolean; code: string; name: string };

/**
 * "Carregamento posterior" (loadingLater, ide/indCarregaPosterior=1): the manifest goes out with no NF-e
 * and one municipality, where it loads and unloads; the NF-e come later by inclusão de DF-e. The rules
 * (no documents, one municipality, one state) are lib/mdfe's: this only asks the municipality.
 */
export function LoadingLaterFields({ value, onChange }: { value: LoadingLaterForm; onChange: (value: LoadingLaterForm) => void }) {
  const t = useTranslations("transportManifests.new");
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 md:grid-cols-3">
      <label className="flex items-center gap-2 font-semibold md:col-span-3">
        <input type="checkbox" name="loadingLater" checked={value.enabled} onChange={(e) => onChange({ ...value, enabled: e.target.checked })} />
        {t("loadingLater")}
      </label>
      <p className="text-xs text-slate-500 md:col-span-3">{t("loadingLaterHint")}</p>
      {value.enabled && (
        <>
          <label className="block">
            <span className="text-slate-600">{t("loadingMunicipalityCode")}</span>
            <input name="loadingMunicipalityCode" inputMode="numeric" maxLength={7} value={value.code} onChange={(e) => onChange({ ...value, code: e.target.value.replace(/\D/g, "") })} className={input} />
          </label>
          <label className="block md:col-span-2">
            <span className="text-slate-600">{t("loadingMunicipalityName")}</span>
            <input name="loadingMunicipalityName" value={value.name} onChange={(e) => onChange({ ...value, name: e.target.value })} className={input} />
          </label>
        </>
      )}
    </fieldset>
  );
}
