import Link from "@/components/dashboard/link";
import { getTranslations } from "next-intl/server";
import { DocumentsListPanel } from "@/components/dashboard/documents/documents-list-panel";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { canWrite } from "@/lib/auth/roles";

export async function generateMetadata() {
  return { title: (await getTranslations("documentsList"))("title") };
}

export default async function DocumentsPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const t = await getTranslations("documentsList");
  return (
    <div className="max-w-6xl space-y-4">
      <div className="flex items-center justify-between">
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        {canWrite(user.role) && (
          <div className="flex items-center gap-2">
            <Link href={`/dashboard/c/${company.id}/documents/import`} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50">
              {t("import")}
            </Link>
            <Link href={`/dashboard/c/${company.id}/documents/new`} className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500">
              {t("new")}
            </Link>
          </div>
        )}
      </div>
      <DocumentsListPanel companyId={company.id} />
    </div>
  );
}
