"use client";

import { useTranslations } from "next-intl";
import type { DocumentPreviewResponse } from "@/lib/documents/dashboard-contracts";
import type { z } from "zod";
import { DocumentItemsTable } from "../document-items-table";
import { formatMoney } from "../money";

type Preview = z.infer<typeof DocumentPreviewResponse>;

/** The taxes creation would resolve and compute, field by field with where each came from. */
export function TaxPreview({ preview, pending, error }: { preview: Preview | undefined; pending: boolean; error: string | null }) {
  const t = useTranslations("documentForm.preview");
  return (
    <section aria-labelledby="tax-preview-title" className="space-y-2 rounded-lg border border-indigo-100 bg-indigo-50/40 p-4" data-testid="tax-preview">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="tax-preview-title" className="text-base font-semibold">{t("title")}</h2>
        {preview && <p className="text-sm">{t("total")} <strong data-testid="preview-total">{formatMoney(preview.totalValue)}</strong> · {preview.operationNature}</p>}
      </div>
      {error ? <p className="text-sm text-amber-800">{error}</p> : !preview ? <p className="text-sm text-slate-500">{pending ? t("computing") : t("incomplete")}</p> : <DocumentItemsTable items={preview.items} />}
    </section>
  );
}
