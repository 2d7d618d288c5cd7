import { useTranslations } from "next-intl";
import type { NfseTotals } from "@/lib/tax/tax-shapes";
import { DetailBox, DetailRow } from "./detail-box";
import { formatMoney, formatRate } from "./money";
import { nfseDisplayValues } from "./nfse-values";

/** An NFS-e's ISSQN, federal withholdings and net value (vLiq), in place of the NF-e totals. */
export function NfseTaxesPanel({ nfse }: { nfse: NfseTotals }) {
  const t = useTranslations("documentDetail.nfse");
  const v = nfseDisplayValues(nfse);
  const withheldIss = v.issRetained ? v.issAmount : "0.00";
  return (
    <>
      <DetailBox title={t("issTitle")} testId="nfse-iss">
        <DetailRow label={t("serviceValue")} value={formatMoney(v.serviceValue)} testId="nfse-service-value" />
        <DetailRow label={t("issBase")} value={formatMoney(v.issBase)} testId="nfse-iss-base" />
        <DetailRow label={t("issRate")} value={formatRate(v.issRate)} testId="nfse-iss-rate" />
        <DetailRow label={t("issAmount")} value={formatMoney(v.issAmount)} testId="nfse-iss-amount" />
        <DetailRow label={t("issRetained")} value={v.issRetained ? t("yes") : t("no")} testId="nfse-iss-retained" />
        {v.source === "nfse" && v.issAmount === null && <p className="mt-1 text-xs text-slate-500">{t("issNotOnNfse")}</p>}
        {v.dpsIss && <p className="mt-1 text-xs text-slate-500" data-testid="nfse-dps-iss">{t("dpsIss", { rate: formatRate(v.dpsIss.rate), amount: formatMoney(v.dpsIss.amount) })}</p>}
        <p className="mt-1 text-xs text-slate-500" data-testid="nfse-values-source">{v.source === "nfse" ? t("fromNfse") : t("fromDps")}</p>
      </DetailBox>
      <DetailBox title={t("retentionsTitle")} testId="nfse-retentions">
        <DetailRow label={t("retainedIss")} value={formatMoney(withheldIss)} testId="nfse-retained-iss" />
        <DetailRow label="PIS" value={formatMoney(v.retentions.pis)} testId="nfse-retained-pis" />
        <DetailRow label="COFINS" value={formatMoney(v.retentions.cofins)} testId="nfse-retained-cofins" />
        <DetailRow label={t("ir")} value={formatMoney(v.retentions.ir)} testId="nfse-retained-ir" />
        <DetailRow label={t("inss")} value={formatMoney(v.retentions.inss)} testId="nfse-retained-inss" />
        <DetailRow label="CSLL" value={formatMoney(v.retentions.csll)} testId="nfse-retained-csll" />
        <DetailRow label={t("retainedTotal")} value={formatMoney(v.retainedTotal)} testId="nfse-retained-total" />
        <DetailRow label={t("netValue")} value={<strong>{formatMoney(v.netValue)}</strong>} testId="nfse-net-value" />
      </DetailBox>
    </>
  );
}
