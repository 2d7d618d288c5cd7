import Link from "@/components/dashboard/link";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { formFromDocument } from "@/components/dashboard/documents/form/form-from-document";
import { NewDocumentForm } from "@/components/dashboard/documents/new-document-form";
import { canWrite } from "@/lib/auth/roles";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { getDocument } from "@/lib/documents/get-document";
import { EDITABLE_STATUSES } from "@/lib/documents/update-document";
import { DomainError } from "@/lib/errors";

export async function generateMetadata() {
  return { title: (await getTranslations("documentForm"))("editTitle") };
}

/** The create form, prefilled, for a DRAFT or REJECTED document; any other status goes back to the document's page. */
export default async function EditDocumentPage({ params }: { params: Promise<{ companyId: string; documentId: string }> }) {
  const { companyId, documentId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const t = await getTranslations();
  const documentPath = `/dashboard/c/${company.id}/documents/${documentId}`;
  const document = await getDocument({ companyId: company.id, documentId }).catch((error: unknown) => {
    if (error instanceof DomainError && error.status === 404) notFound();
    throw error;
  });
  if (!canWrite(user.role) || !EDITABLE_STATUSES.includes(document.status)) redirect(documentPath);
  return (
    <div className="max-w-6xl space-y-4">
      <Link href={documentPath} className="inline-block text-sm text-indigo-700 hover:underline">← {t("documentDetail.backToDocument")}</Link>
      <div>
        <h1 className="text-xl font-semibold">{t("documentForm.editTitle")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("documentForm.editNote")}</p>
      </div>
      <NewDocumentForm companyId={company.id} edit={{ documentId: document.id, initial: formFromDocument(document) }} />
    </div>
  );
}
