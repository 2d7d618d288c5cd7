import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

/** The frame of one sub-rule in the tax-rule form: its legend, a remove button and its inputs. */
export function SubRuleFrame({ model, index, onRemove, children }: { model: "NFE" | "NFSE"; index: number; onRemove: () => void; children: ReactNode }) {
  const t = useTranslations("taxRules");
  return (
    <fieldset aria-label={t("subRuleGroup", { model: model === "NFE" ? "NF-e" : "NFS-e", n: index + 1 })} className="space-y-3 rounded-md border border-slate-200 p-3">
      <div className="flex items-center justify-between">
        <legend className="text-sm font-semibold">{t("subRule", { n: index + 1 })}</legend>
        <button type="button" onClick={onRemove} className="text-sm text-red-700 hover:underline">{t("removeSubRule")}</button>
      </div>
      {children}
    </fieldset>
  );
}
