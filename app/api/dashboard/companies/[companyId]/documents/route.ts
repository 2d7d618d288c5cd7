import { handleSession } from "@/lib/api/handle-session";
import { createDocument } from "@/lib/documents/create-document";
import { dashboardCreateDocumentContract, dashboardListDocumentsContract } from "@/lib/documents/dashboard-contracts";
import { listDocuments } from "@/lib/documents/list-documents";
import { WRITER_ROLES } from "@/lib/auth/roles";

export const GET = handleSession(dashboardListDocumentsContract, ({ companyId, query }) => {
  const { clientId, from, to, ...list } = query;
  return listDocuments({ companyId, query: list, filters: { clientId, from, to } });
});

export const POST = handleSession(dashboardCreateDocumentContract, ({ companyId, body }) => createDocument({ companyId, body, parsed: true }), { roles: WRITER_ROLES });
