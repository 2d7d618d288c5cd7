"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useIssueMessage } from "@/components/i18n/use-issue-message";
import { useRef, useState, type FormEvent } from "react";
import type { InstalledCertificate } from "@/lib/certificates/install-certificate";
import { UploadCertificateBody } from "@/lib/companies/setup-contracts";
import { apiFetch } from "@/lib/client/api-fetch";
import { FileInput } from "@/components/dashboard/file-input";
import { locateServerMessage } from "@/lib/i18n/server-message-location";

async function toBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** File + password; the password travels once and is never shown again. */
export function CertificateUploadForm({ endpoint, replacing }: { endpoint: string; replacing: boolean }) {
  const t = useTranslations("certificate.upload");
  const errorMessage = useErrorMessage();
  const issueMessage = useIssueMessage();
  const router = useRouter();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (body: UploadCertificateBody) => apiFetch<InstalledCertificate>(endpoint, { method: "POST", body }),
    onSuccess: () => {
      setPassword("");
      setFile(null);
      if (fileInput.current) fileInput.current.value = "";
      router.refresh();
    },
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = { pfxBase64: file ? await toBase64(file) : "", password };
    const parsed = UploadCertificateBody.safeParse(body);
    if (!parsed.success) {
      setFormError(parsed.error.issues.map(issueMessage).join("; "));
      return;
    }
    setFormError(null);
    upload.mutate(body);
  }

  const error = formError ?? (upload.error ? errorMessage(upload.error) : null);
  // The warning's English message names the issuer the chain stopped at; the page says it in its own language.
  const notInTrustStore = upload.isSuccess ? upload.data.warnings.find((w) => w.code === "certificate_not_icp_brasil") : undefined;
  return (
    <form onSubmit={onSubmit} aria-label={t("title")} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold">{replacing ? t("replaceHeading") : t("uploadHeading")}</h2>
      <p className="text-sm text-slate-600">
        {t("intro")}
      </p>
      <div>
        <label htmlFor="certificate-file" className="block text-sm font-medium text-slate-700">
          {t("file")}
        </label>
        <FileInput ref={fileInput} id="certificate-file" accept=".pfx,.p12,application/x-pkcs12" file={file} onChange={setFile} />
      </div>
      <div>
        <label htmlFor="certificate-password" className="block text-sm font-medium text-slate-700">
          {t("password")}
        </label>
        <input id="certificate-password" type="password" autoComplete="off" value={password} onChange={(e) => setPassword(e.target.value)} className="mt-1 block w-full max-w-sm rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:outline-none" />
      </div>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {upload.isSuccess && (
        <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          {t("installedFor", { holder: upload.data.holderName })}
        </p>
      )}
      {notInTrustStore && (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t("warningNotIcpBrasil", { issuer: locateServerMessage(notInTrustStore.message).untrustedIssuer ?? "?" })}
        </p>
      )}
      <button type="submit" disabled={upload.isPending} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-60">
        {upload.isPending ? t("installing") : replacing ? t("replace") : t("install")}
      </button>
    </form>
  );
}
