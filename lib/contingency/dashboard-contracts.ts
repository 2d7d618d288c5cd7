import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";
import { ContingencyOverview, ContingencyState, EnterContingencyBody, LeaveContingencyQuery } from "./schemas";

// The dashboard's contingency switch (components/dashboard/contingency): the same
// schemas as /v1/contingency, behind the session; changes for ADMIN and ACCOUNTANT.

const params = z.object({ companyId: z.string().min(1) });
const tag = "Dashboard: contingency";
const path = "/api/dashboard/companies/{companyId}/contingency";

export const dashboardGetContingencyContract = defineContract({ method: "GET", path, summary: "The company's contingency per model", tag, scope: null, params, response: ContingencyOverview });

export const dashboardEnterContingencyContract = defineContract({
  method: "POST",
  path,
  summary: "Enter contingency by hand",
  tag,
  scope: null,
  params,
  body: EnterContingencyBody,
  response: ContingencyState,
  errorStatuses: [403, 404],
});

export const dashboardLeaveContingencyContract = defineContract({
  method: "DELETE",
  path,
  summary: "Leave contingency",
  tag,
  scope: null,
  params,
  query: LeaveContingencyQuery,
  response: ContingencyState,
  errorStatuses: [403, 404],
});
