import { handle } from "@/lib/api/handle";
import { redispatchReceivedDocumentWebhook } from "@/lib/webhooks";
import { redispatchReceivedDocumentWebhookContract } from "@/lib/webhooks/contracts";

export const POST = handle(redispatchReceivedDocumentWebhookContract, ({ companyId, params }) => redispatchReceivedDocumentWebhook({ companyId, receivedDocumentId: params.id }));
