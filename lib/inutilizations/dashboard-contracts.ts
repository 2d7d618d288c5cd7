import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";
import { AutoInutilizeSetting, AutoInutilizeSettingInput } from "./auto-setting";
import { CreateInutilizationInput, CreateInutilizationResponse, InutilizationPage, ListInutilizationsQuery } from "./schemas";

const params = z.object({ companyId: z.string().min(1) });

export const dashboardListInutilizationsContract = defineContract({
  method: "GET",
  path: "/api/dashboard/companies/{companyId}/inutilizations",
  summary: "List inutilization records",
  tag: "Dashboard: inutilizations",
  scope: null,
  params,
  query: ListInutilizationsQuery,
  response: InutilizationPage,
});

export const dashboardCreateInutilizationContract = defineContract({
  method: "POST",
  path: "/api/dashboard/companies/{companyId}/inutilizations",
  summary: "Declare a range of numbers unused",
  tag: "Dashboard: inutilizations",
  scope: null,
  params,
  body: CreateInutilizationInput,
  response: CreateInutilizationResponse,
  errorStatuses: [404, 422, 503],
});

export const dashboardSetAutoInutilizeContract = defineContract({
  method: "PUT",
  path: "/api/dashboard/companies/{companyId}/numbering/auto-inutilization",
  summary: "Turn the automatic inutilization of a series' confirmed gaps on or off",
  tag: "Dashboard: inutilizations",
  scope: null,
  params,
  body: AutoInutilizeSettingInput,
  response: AutoInutilizeSetting,
  errorStatuses: [404],
});
