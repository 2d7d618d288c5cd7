"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "@/components/dashboard/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { FileInput } from "@/components/dashboard/file-input";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { ApiError, apiFetch } from "@/lib/client/api-fetch";
import type { ImportBatchResult } from "@/lib/imports/import-batch";

const th = "px-3 py-2 font-medium";
const td = "px-3 py-2";

async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** One nfeProc (.xml) or a ZIP of them, with their procEventoNFe: each answered on its own line. */
export function ImportDocumentsForm({ companyId }: { companyId: string }) {
  const t = useTranslations("documentImport");
  const errorMessage = useErrorMessage();
  const [file, setFile] = useState<File | null>(null);
  const send = useMutation({
    mutationFn: async (chosen: File) => {
      const body = /\.zip$/i.test(chosen.name) ? { zip: await base64Of(chosen) } : { documents: [{ xml: await chosen.text() }] };
      return apiFetch<{ results: ImportBatchResult[] }>(`/api/dashboard/companies/${companyId}/documents/import`, { method: "POST", body });
    },
  });
  return (
    <div className="space-y-4">
      <form
        aria-label={t("title")}
        className="space-y-2 rounded-lg border border-slate-200 bg-white p-3 text-sm"
        onSubmit={(event) => {
          event.preventDefault();
          if (file) send.mutate(file);
        }}
      >
        <label htmlFor="import-file" className="block font-medium">{t("file")}</label>
        <FileInput id="import-file" accept=".xml,.zip,application/xml,text/xml,application/zip" file={file} onChange={setFile} />
        <p className="text-slate-600">{t("fileHint")}</p>
        <button type="submit" disabled={!file || send.isPending} className="rounded-md bg-indigo-600 px-3 py-2 font-semibold text-white hover:bg-indigo-500 disabled:opacity-50">
          {send.isPending ? t("sending") : t("submit")}
        </button>
        {send.isError && <p role="alert" className="text-red-700">{errorMessage(send.error)}</p>}
      </form>
      {send.data && (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table aria-label={t("results")} className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className={th}>{t("columns.file")}</th>
                <th className={th}>{t("columns.result")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {send.data.results.map((result) => (
                <tr key={result.index}>
                  <td className={`${td} font-mono text-xs`}>{result.file ?? file?.name ?? result.index + 1}</td>
                  <td className={td}>
                    {"document" in result ? (
                      <Link className="text-indigo-700 underline" href={`/dashboard/c/${companyId}/documents/${result.document.id}`}>
                        {t("imported", { series: result.document.series ?? 0, number: result.document.number, status: result.document.status })}
                      </Link>
                    ) : (
                      <span className="text-red-700">{errorMessage(new ApiError(result.error))}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
