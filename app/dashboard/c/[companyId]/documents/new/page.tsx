import Link from "@/components/dashboard/link";
import { getTranslations } from "next-intl/server";
import { NewDocumentForm } from "@/components/dashboard/documents/new-document-form";
import { canWrite } from "@/lib/auth/roles";
import { requireSessionCompany } from "@/lib/auth/session-guard";

export async function generateMetadata() {
  return { title: (await getTranslations("documentForm"))("title") };
}

export default async function NewDocumentPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const t = await getTranslations();
  const home = await getTranslations("home");
  return (
    <div className="max-w-6xl space-y-4">
      <Link href={`/dashboard/c/${company.id}/documents`} className="inline-block text-sm text-indigo-700 hover:underline">← {t("documentDetail.backToList")}</Link>
      <div>
        <h1 className="text-xl font-semibold">{t("documentForm.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("documentsList.resolutionNote")}</p>
      </div>
      {canWrite(user.role) ? (
        <NewDocumentForm companyId={company.id} />
      ) : (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">{home("readOnlyDocuments")}</p>
      )}
    </div>
  );
}
