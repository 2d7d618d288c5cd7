"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback, useMemo } from "react";
import type { z } from "zod";
import { describeIssue, describeMessage, type IssueText } from "@/lib/i18n/zod-issues";
import { useFieldPath } from "./use-field-path";

type KnownKey = Parameters<ReturnType<typeof useTranslations<"validation.known">>>[0];

/** One zod issue in the user's language (lib/i18n/zod-issues.ts). */
function useIssueText(): { render: (text: IssueText) => string; hasKnown: (slug: string) => boolean } {
  const t = useTranslations("validation");
  const known = useTranslations("validation.known");
  return useMemo(
    () => ({
      render: (text: IssueText) => ("known" in text ? known(text.known as KnownKey) : t(text.key, text.values as Record<string, string>)),
      hasKnown: (slug: string) => known.has(slug as KnownKey),
    }),
    [t, known],
  );
}

export function useIssueMessage(): (issue: z.core.$ZodIssue) => string {
  const { render, hasKnown } = useIssueText();
  return useCallback((issue: z.core.$ZodIssue) => render(describeIssue(issue, hasKnown)), [render, hasKnown]);
}

/**
 * Every issue of a failed parse as one line, "field: message; …": the field named by `labels` when given,
 * else by its path in the user's words ("payments.0.value" → "Pagamento 1 — valor"); never the raw path
 * on a Portuguese page (issue 54 item 6).
 */
export function useIssueMessages(): (error: { issues: readonly z.core.$ZodIssue[] }, labels?: Record<string, string>) => string {
  const message = useIssueMessage();
  const fieldPath = useFieldPath();
  const english = useLocale().startsWith("en");
  return useCallback(
    (error: { issues: readonly z.core.$ZodIssue[] }, labels: Record<string, string> = {}) =>
      error.issues
        .map((issue) => {
          const path = issue.path.map(String).join(".");
          const label = labels[path] ?? fieldPath(issue.path) ?? (english ? path : "");
          return label ? `${label}: ${message(issue)}` : message(issue);
        })
        .join("; "),
    [message, fieldPath, english],
  );
}

/**
 * A validation message of the API ("must have 8 digits") in the user's
 * language when the catalogue knows it; else, on an English page, the API's
 * own (English) text, and on a Portuguese one "Valor inválido." (issue 36 item 11).
 */
export function useKnownMessage(): (message: string) => string {
  const { render, hasKnown } = useIssueText();
  const english = useLocale().startsWith("en");
  return useCallback(
    (message: string) => {
      const text = describeMessage(message, hasKnown);
      if (text) return render(text);
      return english ? message : render({ key: "invalidType" });
    },
    [render, hasKnown, english],
  );
}
