import { handleSession } from "@/lib/api/handle-session";
import { createDocument } from "@/lib/documents/create-document";
import { DOCUMENT_WRITER_ROLES, dashboardCreateDocumentContract, dashboardListDocumentsContract } from "@/lib/documents/dashboard-contracts";
import { listDocuments } from "@/lib/documents/list-documents";

export const GET = handleSession(dashboardListDocumentsContract, ({ companyId, query }) => {
  const { clientId, from, to, ...list } = query;
  return listDocuments({ companyId, query: list, filters: { clientId, from, to } });
});

export const POST = handleSession(dashboardCreateDocumentContract, ({ companyId, body }) => createDocument({ companyId, body }), { roles: DOCUMENT_WRITER_ROLES });
