import { handle } from "@/lib/api/handle";
import { enterContingencyContract, getContingencyContract, leaveContingencyContract } from "@/lib/contingency/contracts";
import { enterContingencyManually, getContingencyOverview, leaveContingencyManually } from "@/lib/contingency/contingency-state";

export const GET = handle(getContingencyContract, ({ companyId }) => getContingencyOverview(companyId));
export const POST = handle(enterContingencyContract, ({ companyId, body }) => enterContingencyManually(companyId, body));
export const DELETE = handle(leaveContingencyContract, ({ companyId, query }) => leaveContingencyManually(companyId, query.model));
