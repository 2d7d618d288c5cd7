"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { describeFieldPath } from "@/lib/i18n/field-path";

type RowKey = Parameters<ReturnType<typeof useTranslations<"fieldPaths.rows">>>[0];
type FieldKey = Parameters<ReturnType<typeof useTranslations<"fieldPaths.fields">>>[0];
type ErrorFieldKey = Parameters<ReturnType<typeof useTranslations<"errors.fields">>>[0];

/**
 * A field path ("payments.0.value") in the user's language ("Pagamento 1 — valor"), from
 * `fieldPaths.*` and `errors.fields`; null when a part has no label (lib/i18n/field-path.ts).
 */
export function useFieldPath(): (path: string | readonly PropertyKey[]) => string | null {
  const rows = useTranslations("fieldPaths.rows");
  const fields = useTranslations("fieldPaths.fields");
  const errorFields = useTranslations("errors.fields");
  return useCallback(
    (path: string | readonly PropertyKey[]) =>
      describeFieldPath(path, {
        row: (list, n) => (rows.has(list as RowKey) ? rows(list as RowKey, { n }) : null),
        field: (name) => (fields.has(name as FieldKey) ? fields(name as FieldKey) : errorFields.has(name as ErrorFieldKey) ? errorFields(name as ErrorFieldKey) : null),
      }),
    [rows, fields, errorFields],
  );
}
