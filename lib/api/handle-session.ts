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

/** The signed-in user of a dashboard route (401 session_required otherwise). */
async function requireRequestSession(request: Request): Promise<SessionUser> {
  assertSameOriginJson(request);
  const user = await readRequestSession(request);
  if (!user) throw new DomainError(401, "session_required", "Sign in to use the dashboard.");
  return user;
}

/**
 * The user's own account routes (/api/dashboard/account/...): a signed-in
 * user, no company, and allowed while a temporary password waits to be
 * changed (changing it is what these routes are for).
 */
export function handleSessionUser<C extends Contract>(
  contract: C,
  fn: (input: ParsedInput<C> & { session: SessionPrincipal & { email?: string } }) => Promise<unknown>,
): RouteHandler {
  return contractRoute(
    contract,
    async (request) => {
      const user = await requireRequestSession(request);
      return { session: { userId: user.userId, tenantId: user.tenantId, role: user.role, email: user.email } };
    },
    fn,
  );
}

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
      const user = await requireRequestSession(request);
      // A temporary password opens nothing but its own change (issue 36 item 10).
      if (user.mustChangePassword) throw new DomainError(403, "password_change_required", "Change your temporary password first.");
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
