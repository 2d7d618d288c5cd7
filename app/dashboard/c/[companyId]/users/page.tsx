import { UsersPanel } from "@/components/dashboard/users/users-panel";
import { canManageUsers } from "@/lib/auth/roles";
import { requireSessionCompany } from "@/lib/auth/session-guard";

const TEXT = {
  title: "Users and roles",
  intro: "Everyone who signs in to this office's dashboard. A change of role or a deactivation applies at that person's next click, not at their next sign-in.",
  adminOnly: "Only an Admin can see and change users. Ask an Admin of your office.",
};

export default async function UsersPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  return (
    <div className="max-w-5xl space-y-4">
      <div>
        <h1 className="text-xl font-semibold">{TEXT.title}</h1>
        <p className="mt-1 text-sm text-slate-600">{TEXT.intro}</p>
      </div>
      {canManageUsers(user.role) ? (
        <UsersPanel companyId={company.id} currentUserId={user.userId} />
      ) : (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">{TEXT.adminOnly}</p>
      )}
    </div>
  );
}
