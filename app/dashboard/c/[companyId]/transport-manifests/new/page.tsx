import Link from "@/components/dashboard/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { NewManifestForm } from "@/components/transport-manifests/new-manifest-form";
import { canWrite } from "@/lib/auth/roles";
import { requireSessionCompany } from "@/lib/auth/session-guard";
import { listManifestCandidates } from "@/lib/mdfe";

export const dynamic = "force-dynamic";

/** Issue 55 item 6: a manifest created from selected NF-e (ADMIN and ACCOUNTANT). */
export default async function NewTransportManifestPage({ params }: { params: Promise<{ companyId: string }> }) {
  const { companyId } = await params;
  const { company, user } = await requireSessionCompany(companyId);
  if (!canWrite(user.role)) notFound();
  const t = await getTranslations("transportManifests.new");
  const { documents, vehicles, loading } = await listManifestCandidates(company.id);
  const base = `/dashboard/c/${company.id}/transport-manifests`;
  return (
    <div className="max-w-5xl space-y-4">
      <div>
        <Link href={base} className="text-sm underline">{t("back")}</Link>
        <h1 className="mt-1 text-xl font-semibold">{t("heading")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      </div>
      <NewManifestForm api={`/api/dashboard/companies/${company.id}/transport-manifests`} base={base} documents={documents} vehicles={vehicles} loading={loading} />
    </div>
  );
}
