import { useTranslations } from "next-intl";
import Link from "@/components/dashboard/link";
import type { DocumentDetail } from "@/lib/documents/response-schemas";
import { DocumentStatusBadge } from "./status-badge";

type LinkEnd = NonNullable<DocumentDetail["replacesDocument"]>;

/**
 * Both ends of an NFS-e substitution (issue 57) as rows of the detail's list: the NFS-e this one
 * replaces and the one replacing it, each linked to its page with its status and the reason sent.
 */
export function SubstitutionLinkRows({ document: d, companyId }: { document: Pick<DocumentDetail, "replacesDocument" | "replacedByDocument">; companyId?: string }) {
  const t = useTranslations("nfseSubstitution");
  const reasons = useTranslations("documentEvents");
  const row = (label: string, end: LinkEnd, testId: string) => (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="flex flex-wrap items-center gap-x-2" data-testid={testId}>
        {companyId ? (
          <Link href={`/dashboard/c/${companyId}/documents/${end.id}`} className="text-indigo-700 hover:underline">{end.nfseNumber ? t("numbered", { number: end.nfseNumber }) : t("unnumbered")}</Link>
        ) : (
          <span>{end.nfseNumber ? t("numbered", { number: end.nfseNumber }) : t("unnumbered")}</span>
        )}
        <DocumentStatusBadge status={end.status} />
        {(end.nfseReasonCode === "1" || end.nfseReasonCode === "2") && <span className="text-xs text-slate-500">{reasons(`nfseReasons.${end.nfseReasonCode}`)}</span>}
      </dd>
    </>
  );
  return (
    <>
      {d.replacesDocument && row(t("replaces"), d.replacesDocument, "substitution-replaces")}
      {d.replacedByDocument && row(t("replacedBy"), d.replacedByDocument, "substitution-replaced-by")}
    </>
  );
}
