"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { CreateAccountKeyBody } from "@/lib/auth/account-key-contracts";
import { CreateApiKeyBody, type CreatedApiKey } from "@/lib/auth/api-key-contracts";
import { ACCOUNT_SCOPES, SCOPES } from "@/lib/contracts/scopes";
import { useTranslations } from "next-intl";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useIssueMessages } from "@/components/i18n/use-issue-message";
import { apiFetch } from "@/lib/client/api-fetch";
import { ScopePicker } from "./scope-picker";

export type ApiKeyKind = "company" | "account";
// A company key holds company scopes; an account key also the companies' (lib/auth/scopes.ts).
const KINDS = { company: { schema: CreateApiKeyBody, scopes: SCOPES }, account: { schema: CreateAccountKeyBody, scopes: ACCOUNT_SCOPES } } as const;

export function CreateApiKeyForm({ endpoint, onCreated, kind = "company" }: { endpoint: string; onCreated: (created: CreatedApiKey) => void; kind?: ApiKeyKind }) {
  const t = useTranslations("apiKeys");
  const errorMessage = useErrorMessage();
  const issueMessages = useIssueMessages();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<string[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (body: { name: string; scopes: string[] }) => apiFetch<CreatedApiKey>(endpoint, { method: "POST", body }),
    onSuccess: (created) => {
      setName("");
      setScopes([]);
      onCreated(created);
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The same schema as the route: the message appears before a round trip.
    const parsed = KINDS[kind].schema.safeParse({ name, scopes });
    if (!parsed.success) {
      setFormError(issueMessages(parsed.error, { name: t("name"), scopes: t("scopes") }));
      return;
    }
    setFormError(null);
    create.mutate({ name, scopes });
  }

  const error = formError ?? (create.error ? errorMessage(create.error) : null);
  const placeholder = t("namePlaceholder");
  return (
    <form onSubmit={onSubmit} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4" aria-label={t("createTitle")}>
      <h2 className="text-base font-semibold">{t("createHeading")}</h2>
      <div>
        <label htmlFor="api-key-name" className="block text-sm font-medium text-slate-700">
          {t("name")}
        </label>
        <input id="api-key-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={80} placeholder={placeholder} className="mt-1 block w-full max-w-sm rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:outline-none" />
      </div>
      <ScopePicker selected={scopes} onChange={setScopes} available={KINDS[kind].scopes} />
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <button type="submit" disabled={create.isPending} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-60">
        {create.isPending ? t("creating") : t("create")}
      </button>
    </form>
  );
}
