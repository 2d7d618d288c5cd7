"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { FileInput } from "@/components/dashboard/file-input";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useIssueMessage } from "@/components/i18n/use-issue-message";
import { UploadLogoBody, type LogoPrintingBody } from "@/lib/branding/contracts";
import type { LogoSummary } from "@/lib/branding/company-logo";
import { apiFetch } from "@/lib/client/api-fetch";

async function toBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The company's logo on its DANFE and DANFE NFC-e: the current one, upload or replace, print it or leave it off, remove. */
export function LogoForm({ endpoint, logo, image, canManage }: { endpoint: string; logo: LogoSummary | null; image: string | null; canManage: boolean }) {
  const t = useTranslations("companyLogo");
  const errorMessage = useErrorMessage();
  const issueMessage = useIssueMessage();
  const router = useRouter();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const done = () => {
    setFile(null);
    if (fileInput.current) fileInput.current.value = "";
    router.refresh();
  };
  const upload = useMutation({ mutationFn: (body: UploadLogoBody) => apiFetch<LogoSummary>(endpoint, { method: "PUT", body }), onSuccess: done });
  const printing = useMutation({ mutationFn: (body: LogoPrintingBody) => apiFetch<LogoSummary>(endpoint, { method: "PATCH", body }), onSuccess: done });
  const remove = useMutation({ mutationFn: () => apiFetch<{ deleted: boolean }>(endpoint, { method: "DELETE" }), onSuccess: done });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = { imageBase64: file ? await toBase64(file) : "" };
    const parsed = UploadLogoBody.safeParse(body);
    if (!parsed.success) {
      setFormError(parsed.error.issues.map(issueMessage).join("; "));
      return;
    }
    setFormError(null);
    upload.mutate(body);
  }

  const failed = upload.error ?? printing.error ?? remove.error;
  const error = formError ?? (failed ? errorMessage(failed) : null);
  const busy = upload.isPending || printing.isPending || remove.isPending;
  return (
    <form onSubmit={onSubmit} aria-label={t("title")} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold">{t("title")}</h2>
      <p className="text-sm text-slate-600">{t("intro")}</p>
      {logo && image ? (
        <div className="flex flex-wrap items-center gap-4">
          {/* A data: URI of the stored file; next/image adds nothing for it. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={image} alt={t("current")} className="max-h-20 max-w-48 rounded border border-slate-200 bg-white object-contain p-1" />
          <p className="text-sm text-slate-700" data-testid="logo-details">
            {t("details", { type: logo.contentType === "image/png" ? "PNG" : "JPEG", width: logo.width, height: logo.height, kilobytes: Math.max(1, Math.round(logo.sizeBytes / 1024)) })}
          </p>
        </div>
      ) : (
        <p className="text-sm text-slate-600">{t("none")}</p>
      )}
      {logo ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={logo.printOnDocuments} disabled={!canManage || busy} onChange={(e) => printing.mutate({ printOnDocuments: e.target.checked })} />
          <span>{t("print")}</span>
        </label>
      ) : null}
      {canManage ? (
        <>
          <div>
            <label htmlFor="company-logo-file" className="block text-sm font-medium text-slate-700">
              {t("file")}
            </label>
            <FileInput ref={fileInput} id="company-logo-file" accept="image/png,image/jpeg" file={file} onChange={setFile} />
            <p className="mt-1 text-xs text-slate-500">{t("limits")}</p>
          </div>
          {error && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={busy} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-60">
              {upload.isPending ? t("uploading") : logo ? t("replace") : t("upload")}
            </button>
            {logo ? (
              <button type="button" disabled={busy} onClick={() => remove.mutate()} className="rounded-md border border-slate-300 px-4 py-2 text-sm text-slate-800 hover:bg-slate-50 disabled:opacity-60">
                {t("remove")}
              </button>
            ) : null}
          </div>
        </>
      ) : (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">{t("readOnly")}</p>
      )}
    </form>
  );
}
