"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { apiFetch } from "@/lib/client/api-fetch";
import { QueryFrame } from "../resources/query-frame";

type Preview = { id: string; status: string; subject: string | null; text: string | null; html: string | null; recipients: string[]; attachments: string[] };

/** The message as built: subject, attachments, and its HTML (in a sandboxed frame: no script, no navigation) or plain text. */
export function EmailPreview({ url }: { url: string }) {
  const t = useTranslations("documentEmails.previewPanel");
  const [view, setView] = useState<"html" | "text">("html");
  const preview = useQuery({ queryKey: [url], queryFn: () => apiFetch<Preview>(url) });
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 p-3" data-testid="document-email-preview">
      <QueryFrame query={preview} loading={t("loading")} isEmpty={(data) => !data.subject} empty={t("notBuilt")}>
        {(data) => (
          <div className="space-y-2 text-sm">
            <p>
              <span className="font-semibold">{t("subject")}:</span> {data.subject}
            </p>
            <p>
              <span className="font-semibold">{t("to")}:</span> {data.recipients.join(", ") || "—"}
            </p>
            <p>
              <span className="font-semibold">{t("attachments")}:</span> {data.attachments.join(", ") || "—"}
            </p>
            <div className="flex gap-2" role="tablist">
              {(["html", "text"] as const).map((option) => (
                <button key={option} type="button" role="tab" aria-selected={view === option} onClick={() => setView(option)} className={`rounded px-2 py-0.5 text-xs ${view === option ? "bg-indigo-600 text-white" : "border border-slate-300 bg-white"}`}>
                  {t(option)}
                </button>
              ))}
            </div>
            {view === "html" ? (
              <iframe title={t("frameTitle")} sandbox="" srcDoc={data.html ?? ""} className="h-96 w-full rounded border border-slate-200 bg-white" />
            ) : (
              <pre className="max-h-96 overflow-auto whitespace-pre-wrap rounded border border-slate-200 bg-white p-2 text-xs">{data.text}</pre>
            )}
          </div>
        )}
      </QueryFrame>
    </div>
  );
}
