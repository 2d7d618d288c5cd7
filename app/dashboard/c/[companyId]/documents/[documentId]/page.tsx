import { notFound } from "next/navigation";
import { DocumentDetailView } from "@/components/dashboard/documents/document-detail-view";
import { EmitDocumentControl } from "@/components/dashboard/documents/emit-document-control";
import { DocumentEventsPanel } from "@/components/documents/document-events-panel";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { getDocument } from "@/lib/documents/get-document";
import { DomainError } from "@/lib/errors";

export default async function DocumentPage({ params }: { params: Promise<{ companyId: string; documentId: string }> }) {
  const { companyId, documentId } = await params;
  const { company } = await requireSessionCompany(companyId);
  const document = await getDocument({ companyId: company.id, documentId }).catch((error: unknown) => {
    if (error instanceof DomainError && error.status === 404) notFound();
    throw error;
  });
  return (
    <div className="max-w-6xl space-y-3">
      <EmitDocumentControl companyId={company.id} documentId={document.id} status={document.status} />
      <DocumentDetailView document={document} />
      <DocumentEventsPanel companyId={company.id} documentId={document.id} status={document.status} />
    </div>
  );
}
