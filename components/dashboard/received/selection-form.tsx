"use client";

import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";

/** The list's checkboxes and the ZIP download of the selected documents' XML. */
export function ReceivedSelection({ companyId, children }: { companyId: string; children: ReactNode }) {
  const t = useTranslations("received");
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <div
      onChange={(event) => {
        const input = event.target as HTMLInputElement;
        if (input.name !== "selected") return;
        setSelected((current) => (input.checked ? [...current, input.value] : current.filter((id) => id !== input.value)));
      }}
      className="space-y-2"
    >
      {children}
      <a
        aria-disabled={selected.length === 0}
        href={selected.length > 0 ? `/api/dashboard/companies/${companyId}/received-documents/zip?ids=${selected.join(",")}` : undefined}
        className={`inline-block rounded-md border border-slate-300 px-3 py-1.5 text-sm ${selected.length === 0 ? "pointer-events-none opacity-50" : "bg-white hover:bg-slate-50"}`}
      >
        {t("downloadSelected")} ({selected.length})
      </a>
    </div>
  );
}
