import { handleSession } from "@/lib/api/handle-session";
import { WRITER_ROLES } from "@/lib/auth/roles";
import { fileResponse } from "@/lib/downloads/get-document-xml";
import { previewTransportManifestDamdfe } from "@/lib/mdfe";
import { dashboardPreviewTransportManifestContract } from "@/lib/mdfe/dashboard-contracts";

// Writers only, as the form it previews (Novo manifesto).
export const POST = handleSession(dashboardPreviewTransportManifestContract, async ({ companyId, body }) => fileResponse(await previewTransportManifestDamdfe({ companyId, body })), { roles: WRITER_ROLES });
