import { handleSession } from "@/lib/api/handle-session";
import { WRITER_ROLES } from "@/lib/auth/roles";
import { enterContingencyManually, getContingencyOverview, leaveContingencyManually } from "@/lib/contingency/contingency-state";
import { dashboardEnterContingencyContract, dashboardGetContingencyContract, dashboardLeaveContingencyContract } from "@/lib/contingency/dashboard-contracts";

export const GET = handleSession(dashboardGetContingencyContract, ({ companyId }) => getContingencyOverview(companyId));
export const POST = handleSession(dashboardEnterContingencyContract, ({ companyId, body }) => enterContingencyManually(companyId, body), { roles: WRITER_ROLES });
export const DELETE = handleSession(dashboardLeaveContingencyContract, ({ companyId, query }) => leaveContingencyManually(companyId, query.model), { roles: WRITER_ROLES });
