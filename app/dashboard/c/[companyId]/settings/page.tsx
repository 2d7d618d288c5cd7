import Link from "@/components/dashboard/link";
import { getTranslations } from "next-intl/server";
import { FiscalSettingsForm } from "@/components/dashboard/company-setup/fiscal-settings-form";
import { EmailSettingsForm } from "@/components/dashboard/email/email-settings-form";
import { LogoForm } from "@/components/dashboard/company-setup/logo-form";
import { companyLogoImage, getCompanyLogo } from "@/lib/branding/company-logo";
import { getEmailSettings } from "@/lib/email/email-settings";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { getFiscalSettingsForRole } from "@/lib/companies/fiscal-settings";
import { canWrite } from "@/lib/auth/roles";

export default async function SettingsPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { user, company } = await requireSessionCompany(companyId);
  const canManage = canWrite(user.role);
  const settings = await getFiscalSettingsForRole(company.id, user.role);
  const emailSettings = await getEmailSettings(company.id);
  const [{ logo }, logoImage] = await Promise.all([getCompanyLogo(company.id), companyLogoImage(company.id)]);
  const t = await getTranslations("settings");
  return (
    <div className="max-w-5xl space-y-4">
      <div>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {t("intro")}{" "}
          <Link href={`/dashboard/c/${company.id}/settings/readiness`} className="text-indigo-700 underline">
            {t("readinessLink")}
          </Link>
        </p>
      </div>
      <FiscalSettingsForm endpoint={`/api/dashboard/companies/${encodeURIComponent(company.id)}/settings`} initial={settings} canManage={canManage} />
      <EmailSettingsForm endpoint={`/api/dashboard/companies/${encodeURIComponent(company.id)}/settings/email`} initial={emailSettings} canManage={canManage} />
      <LogoForm endpoint={`/api/dashboard/companies/${encodeURIComponent(company.id)}/logo`} logo={logo} image={logoImage} canManage={canManage} />
    </div>
  );
}
