"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { apiFetch } from "@/lib/client/api-fetch";
import type { AutoInutilizeSetting, AutoInutilizeSettingInput } from "@/lib/inutilizations/auto-setting";

/** The numbering page's switch: this series' confirmed gaps inutilized by the background job before the 10th. */
export function AutoInutilizeToggle({ companyId, model, series, enabled, canWrite }: { companyId: string; model: "55" | "65"; series: number; enabled: boolean; canWrite: boolean }) {
  const t = useTranslations("numbering");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const save = useMutation({
    mutationFn: (body: AutoInutilizeSettingInput) =>
      apiFetch<AutoInutilizeSetting>(`/api/dashboard/companies/${companyId}/numbering/auto-inutilization`, { method: "PUT", body }),
    onSuccess: () => router.refresh(),
  });
  const checked = save.isPending ? !enabled : enabled;
  return (
    <label className="inline-flex items-center gap-2 text-xs">
      <input
        type="checkbox"
        checked={checked}
        disabled={!canWrite || save.isPending}
        aria-label={t("autoInutilizeFor", { model, series })}
        onChange={(event) => save.mutate({ model, series, autoInutilize: event.target.checked })}
      />
      <span>{checked ? t("autoOn") : t("autoOff")}</span>
      {save.isError && <span role="alert" className="text-red-700">{errorMessage(save.error)}</span>}
    </label>
  );
}
