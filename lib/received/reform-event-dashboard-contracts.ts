import { z } from "zod";
import { asDashboardContract } from "@/lib/contracts/dashboard-contract";
import { cancelAcquirerReformEventContract, listAcquirerReformEventsContract, receivedEventXmlContract, registerAcquirerReformEventContract } from "./reform-event-contracts";

// The received NF-e page's "Eventos IBS/CBS" panel (handleSession): the /v1 contracts with session params.
const params = z.object({ companyId: z.string().min(1), id: z.string().min(1).max(64) });
const eventParams = params.extend({ eventId: z.string().min(1).max(64) });

export const dashboardRegisterAcquirerReformEventContract = { ...asDashboardContract(registerAcquirerReformEventContract), params };
export const dashboardListAcquirerReformEventsContract = { ...asDashboardContract(listAcquirerReformEventsContract), params };
export const dashboardCancelAcquirerReformEventContract = { ...asDashboardContract(cancelAcquirerReformEventContract), params: eventParams };
export const dashboardReceivedEventXmlContract = { ...asDashboardContract(receivedEventXmlContract), params: eventParams };
