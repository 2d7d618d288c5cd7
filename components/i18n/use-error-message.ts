"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { ApiError } from "@/lib/client/api-fetch";

type ErrorCodeKey = Parameters<ReturnType<typeof useTranslations<"errors.codes">>>[0];

/**
 * Text for anything a query or mutation threw, in the user's language: a
 * known `code` is translated and the server's message follows as detail
 * (the /v1 messages stay English; they carry the specifics).
 */
export function useErrorMessage(): (error: unknown) => string {
  const t = useTranslations("errors");
  const codes = useTranslations("errors.codes");
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError) {
        if (error.statusCode === 0) return t("network");
        const code = error.code as ErrorCodeKey | undefined;
        if (code && codes.has(code)) {
          const known = codes(code);
          return error.message ? `${known} ${t("detail", { message: error.message })}` : known;
        }
        return error.message || t("withStatus", { status: error.statusCode });
      }
      if (error instanceof Error && error.message) return error.message;
      return t("generic");
    },
    [t, codes],
  );
}
