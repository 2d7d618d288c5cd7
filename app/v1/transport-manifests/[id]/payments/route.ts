import { handle } from "@/lib/api/handle";
import { addTransportManifestPaymentContract } from "@/lib/mdfe/contracts";
import { addTransportManifestPayment } from "@/lib/mdfe";

export const POST = handle(addTransportManifestPaymentContract, ({ companyId, params, body }) => addTransportManifestPayment({ companyId, manifestId: params.id, body }));
