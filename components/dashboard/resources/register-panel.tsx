"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import type { z } from "zod";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { apiFetch } from "@/lib/client/api-fetch";
import { ResourceTable, type Column } from "./resource-table";
import { SimpleForm, valuesFrom, type FieldDef, type FormValues } from "./simple-form";

/** List + create/edit/remove for one register, driven by field definitions and the route's schemas. */
export function RegisterPanel<T extends { id: string; name: string }>({
  base, noun, plural, fields, createSchema, updateSchema, createDefaults, columns, canWrite, canEdit = () => true, extraActions, filters,
}: {
  base: string; noun: string; plural: string; fields: FieldDef[]; createSchema: z.ZodType; updateSchema: z.ZodType; createDefaults: FormValues;
  columns: Column<T>[]; canWrite: boolean; canEdit?: (row: T) => boolean; extraActions?: (row: T) => ReactNode; filters?: Record<string, string>;
}) {
  const t = useTranslations("registers");
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<T | "new" | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => apiFetch(`${base}/${id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [base] }),
  });
  return (
    <div className="space-y-4">
      {canWrite && editing === null && (
        <button type="button" onClick={() => setEditing("new")} className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500">{t("new", { noun })}</button>
      )}
      {editing !== null && (
        <SimpleForm
          key={editing === "new" ? "new" : editing.id}
          ariaLabel={editing === "new" ? t("new", { noun }) : t("edit", { name: noun })}
          title={editing === "new" ? t("new", { noun }) : t("edit", { name: editing.name })}
          fields={fields}
          initial={editing === "new" ? createDefaults : valuesFrom(fields, editing as unknown as Record<string, unknown>)}
          schema={editing === "new" ? createSchema : updateSchema}
          url={editing === "new" ? base : `${base}/${editing.id}`}
          method={editing === "new" ? "POST" : "PATCH"}
          invalidate={base}
          onDone={() => setEditing(null)}
          submitLabel={t("save")}
        />
      )}
      {remove.isError && <p role="alert" className="text-sm text-red-700">{errorMessage(remove.error)}</p>}
      <ResourceTable<T>
        url={base}
        label={plural}
        rowTestId={`${noun.replace(/\s+/g, "-")}-row`}
        filters={filters}
        emptyText={t("empty")}
        columns={columns}
        actions={(row) => (
          <span className="flex justify-end gap-2">
            {extraActions?.(row)}
            {canWrite && canEdit(row) && (
              <>
                <button type="button" onClick={() => setEditing(row)} className="text-indigo-700 hover:underline">{t("editButton")}</button>
                <button type="button" onClick={() => { if (window.confirm(t("confirmRemove", { name: row.name }))) remove.mutate(row.id); }} className="text-red-700 hover:underline">{t("removeButton")}</button>
              </>
            )}
          </span>
        )}
      />
    </div>
  );
}
