import { notFound, redirect } from "next/navigation";
import { getSessionUser, type SessionUser } from "./session";
import { findTenantCompany, type CompanySummary } from "./session-companies";

// Guards for dashboard server components and layouts.

/** Where a user with a temporary password is sent before any other page (issue 36 item 10). */
export const PASSWORD_PAGE = "/dashboard/password";

/**
 * The signed-in user; otherwise a redirect to the sign-in page. A user whose
 * password is temporary is sent to the password page first, unless the
 * caller is that page (or the frame around every page).
 */
export async function requireSessionUser(options: { allowPendingPasswordChange?: boolean } = {}): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect("/signin");
  if (user.mustChangePassword && !options.allowPendingPasswordChange) redirect(PASSWORD_PAGE);
  return user;
}

/** The company of /dashboard/c/[companyId]; another tenant's id is a 404, as if it did not exist. */
export async function requireSessionCompany(companyId: string): Promise<{ user: SessionUser; company: CompanySummary }> {
  const user = await requireSessionUser();
  const company = await findTenantCompany(user.tenantId, companyId);
  if (!company) notFound();
  return { user, company };
}
