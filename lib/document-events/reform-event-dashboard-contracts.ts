import { z } from "zod";
import { asDashboardContract } from "@/lib/contracts/dashboard-contract";
import { cancelIssuerReformEventContract, listIssuerReformEventsContract, registerIssuerReformEventContract } from "./reform-event-contracts";

// The document page's "Eventos IBS/CBS" panel (handleSession): the /v1 contracts with session params.
const params = z.object({ companyId: z.string().min(1), documentId: z.string().min(1).max(64) });
const base = "/api/dashboard/companies/{companyId}/documents/{documentId}/events";

export const dashboardRegisterIssuerReformEventContract = { ...asDashboardContract(registerIssuerReformEventContract), path: base, params };
export const dashboardListIssuerReformEventsContract = { ...asDashboardContract(listIssuerReformEventsContract), path: base, params };
export const dashboardCancelIssuerReformEventContract = {
  ...asDashboardContract(cancelIssuerReformEventContract),
  path: `${base}/{eventId}`,
  params: params.extend({ eventId: z.string().min(1).max(64) }),
};
