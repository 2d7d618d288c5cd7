import Link from "next/link";
import { FiscalSettingsForm } from "@/components/dashboard/company-setup/fiscal-settings-form";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { getFiscalSettingsForRole } from "@/lib/companies/fiscal-settings";
import { canWrite } from "@/lib/auth/roles";

export default async function SettingsPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const canManage = canWrite(user.role);
  const settings = await getFiscalSettingsForRole(company.id, user.role);
  return (
    <div className="max-w-5xl space-y-4">
      <div>
        <h1 className="text-xl font-semibold">Fiscal settings</h1>
        <p className="mt-1 text-sm text-slate-600">
          What the issuer block of every document carries, the environment, numbering, the NFC-e CSC and the default taxes. See the{" "}
          <Link href={`/dashboard/c/${company.id}/settings/readiness`} className="text-indigo-700 underline">
            readiness checklist
          </Link>{" "}
          for what emission still needs.
        </p>
      </div>
      <FiscalSettingsForm endpoint={`/api/dashboard/companies/${encodeURIComponent(company.id)}/settings`} initial={settings} canManage={canManage} />
    </div>
  );
}
