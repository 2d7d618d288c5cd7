import { handleSession } from "@/lib/api/handle-session";
import { cancelDeliveryReceipt } from "@/lib/document-events/cancel-delivery-receipt";
import { dashboardCancelDeliveryReceiptContract, dashboardRegisterDeliveryReceiptContract } from "@/lib/document-events/dashboard-contracts";
import { registerDeliveryReceipt } from "@/lib/document-events/register-delivery-receipt";
import { WRITER_ROLES } from "@/lib/auth/roles";

export const POST = handleSession(
  dashboardRegisterDeliveryReceiptContract,
  ({ companyId, params, body }) => registerDeliveryReceipt({ companyId, documentId: params.documentId, body }),
  { roles: WRITER_ROLES },
);

export const DELETE = handleSession(
  dashboardCancelDeliveryReceiptContract,
  ({ companyId, params }) => cancelDeliveryReceipt({ companyId, documentId: params.documentId }),
  { roles: WRITER_ROLES },
);
