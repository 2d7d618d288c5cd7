import { handleSession } from "@/lib/api/handle-session";
import { dashboardTimelineContract } from "@/lib/document-events/dashboard-contracts";
import { listDocumentTimeline } from "@/lib/document-events/list-document-timeline";

export const GET = handleSession(dashboardTimelineContract, ({ companyId, params }) => listDocumentTimeline(companyId, params.documentId));
