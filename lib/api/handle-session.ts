import { readRequestSession, type SessionUser, type UserRole } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { DomainError, notFound } from "@/lib/errors";
import type { Contract } from "@/lib/contracts/contract";
import { assertSameOriginJson } from "./same-origin";
import { contractRoute, type ParsedInput, type RouteHandler } from "./run-contract";

export type SessionPrincipal = Pick<SessionUser, "userId" | "tenantId" | "role">;

export type SessionHandlerInput<C extends Contract> = ParsedInput<C> & {
  session: SessionPrincipal;
  companyId: string;
};

export type SessionRouteOptions = {
  /** Roles allowed to call the route; every role when absent. */
  roles?: readonly UserRole[];
};

/**
 * Internal dashboard JSON routes under /api/dashboard/companies/[companyId]/...:
 * same-origin JSON for mutations (403 cross_origin_request, 415), a signed-in user (401 session_required), a company of the user's tenant
 * (another tenant's company is 404, as if it did not exist), an allowed role
 * (403 forbidden_role), then the same parsing and error mapping as /v1 routes.
 */
export function handleSession<C extends Contract>(
  contract: C,
  fn: (input: SessionHandlerInput<C>) => Promise<unknown>,
  options: SessionRouteOptions = {},
): RouteHandler {
  return contractRoute(
    contract,
    async (request, rawParams) => {
      assertSameOriginJson(request);
      const user = await readRequestSession(request);
      if (!user) throw new DomainError(401, "session_required", "Sign in to use the dashboard.");
      const companyId = rawParams.companyId;
      if (typeof companyId !== "string" || !companyId) throw notFound("Company");
      const company = await db.company.findFirst({ where: { id: companyId, tenantId: user.tenantId }, select: { id: true } });
      if (!company) throw notFound("Company");
      if (options.roles && !options.roles.includes(user.role)) {
        throw new DomainError(403, "forbidden_role", `Your role (${user.role}) cannot do this; allowed: ${options.roles.join(", ")}.`);
      }
      return { session: { userId: user.userId, tenantId: user.tenantId, role: user.role }, companyId };
    },
    fn,
  );
}
