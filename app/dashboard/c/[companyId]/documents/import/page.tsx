import { getTranslations } from "next-intl/server";
import { ImportDocumentsForm } from "@/components/dashboard/documents/import-documents-form";
import { canWrite } from "@/lib/auth/roles";
import { requireSessionCompany } from "@/lib/auth/session-guard";

export async function generateMetadata() {
  return { title: (await getTranslations("documentImport"))("title") };
}

export default async function ImportDocumentsPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const t = await getTranslations("documentImport");
  return (
    <div className="max-w-4xl space-y-4">
      <div>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      </div>
      {canWrite(user.role) ? <ImportDocumentsForm companyId={company.id} /> : <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">{t("readOnly")}</p>}
    </div>
  );
}
