import { getTranslations } from "next-intl/server";
import { JsonBlock } from "@/components/dashboard/api-reference/json-block";
import { groupOperations } from "@/lib/client/openapi-view-model";
import { OperationCard } from "@/components/dashboard/api-reference/operation-card";
import { buildOpenApiDocument } from "@/openapi/openapi-document";
import { requireSessionCompany } from "@/lib/auth/session-guard";

// The same document GET /v1/openapi.json serves, built from the registered
// contracts: a route added to openapi/contract-registry.ts appears here.
export default async function ApiReferencePage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  await requireSessionCompany(companyId);
  const t = await getTranslations("apiReference");
  const document = buildOpenApiDocument();
  const groups = groupOperations(document);
  const info = document.info as { title?: string; version?: string; description?: string };
  const schemas = (document.components as { schemas?: Record<string, unknown> } | undefined)?.schemas ?? {};
  return (
    <div className="max-w-5xl space-y-6">
      <div>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {info.title} {info.version} — {info.description}{" "}
          <a href="/v1/openapi.json" className="text-indigo-600 hover:underline">
            {t("download")}
          </a>
        </p>
        <nav aria-label={t("sections")} className="mt-3 flex flex-wrap gap-2">
          {groups.map((group) => (
            <a key={group.tag} href={`#tag-${encodeURIComponent(group.tag)}`} className="rounded-full border border-slate-200 bg-white px-3 py-1 text-xs text-slate-700 hover:border-indigo-300">
              {group.tag} <span className="text-slate-400">{group.operations.length}</span>
            </a>
          ))}
        </nav>
      </div>
      {Object.entries(schemas).map(([name, schema]) => (
        <JsonBlock key={name} title={t("schema", { name })} value={schema} />
      ))}
      {groups.map((group) => (
        <section key={group.tag} id={`tag-${encodeURIComponent(group.tag)}`} className="space-y-3">
          <h2 className="text-lg font-semibold">{group.tag}</h2>
          {group.operations.map((operation) => (
            <OperationCard key={`${operation.method} ${operation.path}`} operation={operation} />
          ))}
        </section>
      ))}
    </div>
  );
}
