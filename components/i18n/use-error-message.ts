"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback } from "react";
import { ApiError } from "@/lib/client/api-fetch";
import { describeLocation } from "@/lib/i18n/server-message-location";
import { describeMessage, type IssueText } from "@/lib/i18n/zod-issues";
import { useFieldPath } from "./use-field-path";

type ErrorCodeKey = Parameters<ReturnType<typeof useTranslations<"errors.codes">>>[0];
type KnownKey = Parameters<ReturnType<typeof useTranslations<"validation.known">>>[0];
type FieldKey = Parameters<ReturnType<typeof useTranslations<"errors.fields">>>[0];

/**
 * Text for anything a query or mutation threw, in the user's language, from
 * the catalogue by the error's `code` (issue 36 item 11). The server's
 * message is English (the /v1 API's): an English page adds it as detail, a
 * Portuguese one never shows it. There a validation error names its fields
 * when the catalogue knows every message ("body.ncm: must have 8 digits" →
 * "ncm: …"), any other refusal says where it points (item, field) and the
 * SEFAZ rejection it quotes, and an unknown code says the status.
 */
export function useErrorMessage(): (error: unknown) => string {
  const t = useTranslations("errors");
  const codes = useTranslations("errors.codes");
  const validation = useTranslations("validation");
  const known = useTranslations("validation.known");
  const location = useTranslations("errors.location");
  const fields = useTranslations("errors.fields");
  const fieldPath = useFieldPath();
  const english = useLocale().startsWith("en");
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError) {
        if (error.statusCode === 0) return t("network");
        const code = error.code as ErrorCodeKey | undefined;
        if (!code || !codes.has(code)) return english && error.message ? error.message : t("withStatus", { status: error.statusCode });
        const text = codes(code);
        if (english && error.message) return `${text} ${t("detail", { message: error.message })}`;
        if (!error.message) return text;
        const located = (base: string) => {
          const where = describeLocation(error.message, (key, values) => location(key, values), (field) => (fields.has(field as FieldKey) ? fields(field as FieldKey) : null));
          return where ? `${base} ${where}` : base;
        };
        if (code !== "validation_error") return located(text);
        const render = (issue: IssueText) => ("known" in issue ? known(issue.known as KnownKey) : validation(issue.key, issue.values as Record<string, string>));
        const parts = error.message.split("; ").map((part) => {
          const match = /^(?:body\.|query\.|params\.)?([\w.[\]]+): (.+)$/.exec(part);
          const issue = match ? describeMessage(match[2]!, (slug) => known.has(slug as KnownKey)) : null;
          if (!match || !issue) return null;
          // "payments.0.value" → "Pagamento 1 — valor"; a path without labels keeps the API's name only in English.
          const label = fieldPath(match[1]!) ?? (english ? match[1]! : null);
          return label ? `${label}: ${render(issue)}` : render(issue);
        });
        return parts.every((part) => part !== null) ? `${text} ${parts.join("; ")}` : located(text);
      }
      return t("generic");
    },
    [t, codes, validation, known, location, fields, fieldPath, english],
  );
}
