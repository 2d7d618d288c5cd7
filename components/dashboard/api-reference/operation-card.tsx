import { useTranslations } from "next-intl";
import { JsonBlock } from "./json-block";
import type { OperationView } from "@/lib/client/openapi-view-model";

const METHOD_COLORS: Record<string, string> = {
  GET: "bg-sky-100 text-sky-800",
  POST: "bg-emerald-100 text-emerald-800",
  PUT: "bg-amber-100 text-amber-800",
  PATCH: "bg-amber-100 text-amber-800",
  DELETE: "bg-red-100 text-red-800",
};

export function OperationCard({ operation }: { operation: OperationView }) {
  const t = useTranslations("apiReference");
  return (
    <article id={operation.id} data-testid="api-operation" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <header className="flex flex-wrap items-center gap-2">
        <span className={`rounded px-2 py-0.5 font-mono text-xs font-semibold ${METHOD_COLORS[operation.method] ?? "bg-slate-100"}`}>{operation.method}</span>
        <code className="font-mono text-sm font-medium">{operation.path}</code>
        {operation.scope ? (
          <span className="rounded bg-indigo-50 px-1.5 py-0.5 text-xs text-indigo-700" title={t("scopeTitle")}>
            scope: {operation.scope}
          </span>
        ) : (
          <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">{t("noAuth")}</span>
        )}
      </header>
      <p className="text-sm text-slate-700">{operation.summary}</p>
      {operation.description && <p className="whitespace-pre-line text-sm text-slate-600">{operation.description}</p>}
      {operation.parameters.length > 0 && (
        <table className="w-full text-left text-sm">
          <thead className="text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th className="py-1 pr-3 font-medium">{t("parameter")}</th>
              <th className="py-1 pr-3 font-medium">{t("in")}</th>
              <th className="py-1 pr-3 font-medium">{t("type")}</th>
              <th className="py-1 font-medium">{t("required")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {operation.parameters.map((p) => (
              <tr key={`${p.in}-${p.name}`}>
                <td className="py-1 pr-3 font-mono text-xs">{p.name}</td>
                <td className="py-1 pr-3 text-xs text-slate-600">{p.in}</td>
                <td className="py-1 pr-3 text-xs text-slate-600">
                  {p.type}
                  {p.description && <span className="block text-slate-500">{p.description}</span>}
                </td>
                <td className="py-1 text-xs">{p.required ? t("yes") : t("no")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {operation.requestBody && <JsonBlock title={t(operation.requestBody.required ? "requestBody" : "requestBodyOptional", { contentType: operation.requestBody.contentType })} value={operation.requestBody.schema} />}
      <div className="space-y-1">
        {operation.responses.map((r) => (
          <div key={r.status}>
            {r.schema !== undefined ? (
              <JsonBlock title={`${r.status} ${r.description}${r.contentType ? ` (${r.contentType})` : ""}`} value={r.schema} />
            ) : (
              <p className="px-3 text-xs text-slate-600">
                {r.status} {r.description}
              </p>
            )}
          </div>
        ))}
      </div>
    </article>
  );
}
