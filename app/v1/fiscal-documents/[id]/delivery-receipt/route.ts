import { handle } from "@/lib/api/handle";
import { cancelDeliveryReceipt } from "@/lib/document-events/cancel-delivery-receipt";
import { cancelDeliveryReceiptContract, registerDeliveryReceiptContract } from "@/lib/document-events/contracts";
import { registerDeliveryReceipt } from "@/lib/document-events/register-delivery-receipt";

export const POST = handle(registerDeliveryReceiptContract, ({ companyId, params, body }) =>
  registerDeliveryReceipt({ companyId, documentId: params.id, body }),
);

export const DELETE = handle(cancelDeliveryReceiptContract, ({ companyId, params }) => cancelDeliveryReceipt({ companyId, documentId: params.id }));
