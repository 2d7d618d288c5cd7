import { handle } from "@/lib/api/handle";
import { addTransportManifestDocumentsContract } from "@/lib/mdfe/contracts";
import { addTransportManifestDocuments } from "@/lib/mdfe";

export const POST = handle(addTransportManifestDocumentsContract, ({ companyId, params, body }) => addTransportManifestDocuments({ companyId, manifestId: params.id, body }));
