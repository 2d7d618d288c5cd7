import Link from "@/components/dashboard/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { DeleteDraftButton } from "@/components/dashboard/documents/delete-draft-button";
import { DocumentDetailView } from "@/components/dashboard/documents/document-detail-view";
import { EmitDocumentControl } from "@/components/dashboard/documents/emit-document-control";
import { DocumentEventsPanel } from "@/components/documents/document-events-panel";
import { SubstituteNfseAction } from "@/components/documents/substitute-nfse-action";
import { ReformEventsPanel } from "@/components/dashboard/reform-events/reform-events-panel";
import { DocumentDeliveriesPanel } from "@/components/dashboard/webhooks/document-deliveries-panel";
import { DocumentEmailsPanel } from "@/components/dashboard/email/document-emails-panel";
import { canOperateWebhooks, canWrite } from "@/lib/auth/roles";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { isStateCode, stateInfo } from "@/lib/br/states";
import { substitutionOffer } from "@/lib/document-events/substitution-offer";
import { getDocument } from "@/lib/documents/get-document";
import { linkReferencedDocuments } from "@/lib/documents/referenced-documents";
import { EDITABLE_STATUSES } from "@/lib/documents/update-document";
import { DomainError } from "@/lib/errors";

export default async function DocumentPage({ params }: { params: Promise<{ companyId: string; documentId: string }> }) {
  const { companyId, documentId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const writer = canWrite(user.role);
  const t = await getTranslations("documentDetail");
  const document = await getDocument({ companyId: company.id, documentId }).catch((error: unknown) => {
    if (error instanceof DomainError && error.status === 404) notFound();
    throw error;
  });
  // "Substituir NFS-e": an authorized NFS-e of an ABRASF city, for ADMIN and ACCOUNTANT (lib/document-events/substitution-offer.ts).
  const substitution = writer ? await substitutionOffer({ companyId: company.id, documentId: document.id }) : null;
  const timeZone = isStateCode(company.state) ? stateInfo(company.state).timezone : "America/Sao_Paulo";
  const references = await linkReferencedDocuments(company.id, document.environment, [
    ...document.referencedDocuments.map((ref) => ref.accessKey),
    ...(document.referencedAccessKey ? [document.referencedAccessKey] : []),
  ]);
  return (
    <div className="max-w-6xl space-y-3">
      <Link href={`/dashboard/c/${company.id}/documents`} className="inline-block text-sm text-indigo-700 hover:underline" data-testid="back-to-list">
        ← {t("backToList")}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        {/* SUPPORT does not emit; it still gets the control while PROCESSING or CONTINGENCY, which refreshes the page until the outcome. */}
        {(writer || document.status === "PROCESSING" || document.status === "CONTINGENCY") && <EmitDocumentControl companyId={company.id} documentId={document.id} status={document.status} processingReason={document.processingReason} nextAttemptAt={document.nextAttemptAt} timeZone={timeZone} />}
        {writer && EDITABLE_STATUSES.includes(document.status) && (
          <Link href={`/dashboard/c/${company.id}/documents/${document.id}/edit`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50" data-testid="edit-document">
            {t("edit")}
          </Link>
        )}
        {writer && document.status === "DRAFT" && <DeleteDraftButton companyId={company.id} documentId={document.id} />}
        {substitution && <SubstituteNfseAction companyId={company.id} documentId={document.id} nfseNumber={document.nfseNumber} offer={substitution} />}
      </div>
      <DocumentDetailView document={document} timeZone={timeZone} companyId={company.id} references={references} />
      <DocumentEventsPanel companyId={company.id} documentId={document.id} status={document.status} canWrite={writer} />
      {/* The tax reform's IBS/CBS events (NT 2025.002-RTC): NF-e only, once authorized (the recipient's come by distribution). */}
      {document.type === "NFE" && (document.status === "AUTHORIZED" || document.status === "CANCELLED") && (
        <ReformEventsPanel companyId={company.id} documentId={document.id} side="issued" canWrite={writer && document.status === "AUTHORIZED"} />
      )}
      <DocumentEmailsPanel companyId={company.id} documentId={document.id} canResend={writer && (document.status === "AUTHORIZED" || document.status === "CANCELLED")} />
      <DocumentDeliveriesPanel companyId={company.id} documentId={document.id} canOperate={canOperateWebhooks(user.role)} />
    </div>
  );
}
