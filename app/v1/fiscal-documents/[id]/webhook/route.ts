import { handle } from "@/lib/api/handle";
import { redispatchDocumentWebhook } from "@/lib/webhooks";
import { redispatchDocumentWebhookContract } from "@/lib/webhooks/contracts";

export const POST = handle(redispatchDocumentWebhookContract, ({ companyId, params }) => redispatchDocumentWebhook({ companyId, documentId: params.id }));
