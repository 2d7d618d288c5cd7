import { handle } from "@/lib/api/handle";
import { rotateWebhookSecret } from "@/lib/webhooks";
import { rotateWebhookSecretContract } from "@/lib/webhooks/contracts";

export const POST = handle(rotateWebhookSecretContract, ({ companyId, params }) => rotateWebhookSecret({ companyId, endpointId: params.id }));
