import { env } from "@/lib/config/env";
import type { SlotLane } from "@/lib/jobs/local-worker";
import { SEND_DOCUMENT_EMAIL_FUNCTION_ID } from "./events";

/**
 * E-mail runs wait on SMTP servers, some of them a tenant's own (issue 49, finding 2: one
 * company's server answering a byte every 25 s held all 24 main slots, and every tenant's
 * emission waited). They take EMAIL_SLOTS of their own, EMAIL_SLOTS_PER_COMPANY of them per
 * company, so a slow server delays only its company's mail.
 */
export function emailSlotLane(): SlotLane {
  return { functionIds: [SEND_DOCUMENT_EMAIL_FUNCTION_ID], slots: env().EMAIL_SLOTS, perCompany: env().EMAIL_SLOTS_PER_COMPANY };
}
