import { useTranslations } from "next-intl";
import type { DocumentDetail } from "@/lib/documents/response-schemas";
import { formatMoney, formatQuantity, formatRate } from "./money";

type Item = DocumentDetail["items"][number];

/** Federal withholdings of an NFS-e line (items[].taxes.iss.retentions), in the DANFSe's order. */
const WITHHELD = ["pis", "cofins", "ir", "inss", "csll"] as const;
type SourceKey = "item" | "rule" | "product" | "template" | "company" | "default";

const SOURCE_STYLES: Record<string, string> = {
  item: "bg-indigo-100 text-indigo-800",
  rule: "bg-violet-100 text-violet-800",
  product: "bg-emerald-100 text-emerald-800",
  template: "bg-amber-100 text-amber-800",
  company: "bg-sky-100 text-sky-800",
  default: "bg-slate-100 text-slate-600",
};

function Source({ item, field }: { item: Item; field: string }) {
  const t = useTranslations("enums.taxSource");
  const title = useTranslations("documentDetail.items");
  const source = item.taxSources[field];
  if (!source) return null;
  const label = t.has(source as SourceKey) ? t(source as SourceKey) : source;
  return <span data-testid={`source-${field}`} data-source={source} className={`ml-1 rounded px-1 text-[10px] font-medium ${SOURCE_STYLES[source] ?? ""}`} title={title("sourceTitle", { field, source: label })}>{label}</span>;
}

function TaxLine({ label, item, code, codeField, rate, rateField, base, amount, testId }: { label: string; item: Item; code?: string | null; codeField?: string; rate?: string | null; rateField?: string; base?: string | null; amount?: string | null; testId: string }) {
  return (
    <tr data-testid={testId}>
      <td className="py-0.5 pr-3 font-medium">{label}</td>
      <td className="pr-3">{code ?? "—"}{codeField && <Source item={item} field={codeField} />}</td>
      <td className="pr-3 tabular-nums">{formatMoney(base)}</td>
      <td className="pr-3 tabular-nums">{formatRate(rate)}{rateField && <Source item={item} field={rateField} />}</td>
      <td className="tabular-nums" data-testid={`${testId}-amount`}>{formatMoney(amount)}</td>
    </tr>
  );
}

/** Each line with its resolved taxes and the level each field came from. */
export function DocumentItemsTable({ items }: { items: Item[] }) {
  const t = useTranslations("documentDetail.items");
  return (
    <div className="space-y-3">
      {items.map((item) => (
        <div key={item.id} className="overflow-x-auto rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid="document-item">
          <div className="flex flex-wrap justify-between gap-2">
            <div>
              <span className="font-medium">{item.position}. {item.description}</span>
              <span className="ml-2 text-xs text-slate-500">{item.code}</span>
            </div>
            <div className="tabular-nums">{formatQuantity(item.quantity)} {item.unit} × {formatMoney(item.unitValue)} = <strong>{formatMoney(item.grossValue)}</strong></div>
          </div>
          <p className="mt-1 text-xs text-slate-600">
            {item.nationalServiceCode || item.serviceCode ? (
              <>{t("service", { national: item.nationalServiceCode ?? "—", municipal: item.serviceCode ?? "—" })}</>
            ) : (
              <>NCM {item.ncm ?? "—"}<Source item={item} field="ncm" /> · CFOP {item.cfop ?? "—"}<Source item={item} field="cfop" /></>
            )}
            {item.cest && <> · CEST {item.cest}<Source item={item} field="cest" /></>}
            {item.freight !== "0.00" && <> · {t("freight")} {formatMoney(item.freight)}</>}
          </p>
          <table className="mt-2 text-xs">
            <thead className="text-slate-500">
              <tr><th className="pr-3 text-left font-normal">{t("tax")}</th><th className="pr-3 text-left font-normal">CST</th><th className="pr-3 text-left font-normal">{t("base")}</th><th className="pr-3 text-left font-normal">{t("rate")}</th><th className="text-left font-normal">{t("amount")}</th></tr>
            </thead>
            <tbody>
              {item.icms && <TaxLine testId="tax-icms" label={t("icms", { origin: item.icms.origin })} item={item} code={item.icms.cst} codeField="icms.cst" base={item.icms.base} rate={item.icms.rate} rateField="icms.rate" amount={item.icms.amount} />}
              {item.icms?.st && <TaxLine testId="tax-icms-st" label={item.icms.st.mva ? t("icmsStMva", { mva: formatRate(item.icms.st.mva) }) : t("icmsSt")} item={item} base={item.icms.st.base} rate={item.icms.st.rate} rateField="icms.st.rate" amount={item.icms.st.amount} />}
              {item.icms?.simplesCredit && <TaxLine testId="tax-simples-credit" label={t("simplesCredit")} item={item} rate={item.icms.simplesCredit.rate} rateField="icms.simplesCredit.rate" amount={item.icms.simplesCredit.amount} />}
              {item.ipi && <TaxLine testId="tax-ipi" label={t("ipi", { cEnq: item.ipi.cEnq })} item={item} code={item.ipi.cst} codeField="ipi.cst" base={item.ipi.base} rate={item.ipi.rate} rateField="ipi.rate" amount={item.ipi.amount} />}
              {item.pis && <TaxLine testId="tax-pis" label="PIS" item={item} code={item.pis.cst} codeField="pis.cst" base={item.pis.base} rate={item.pis.rate} rateField="pis.rate" amount={item.pis.amount} />}
              {item.cofins && <TaxLine testId="tax-cofins" label="COFINS" item={item} code={item.cofins.cst} codeField="cofins.cst" base={item.cofins.base} rate={item.cofins.rate} rateField="cofins.rate" amount={item.cofins.amount} />}
              {item.iss && <TaxLine testId="tax-iss" label={item.iss.retained ? t("issRetained") : "ISS"} item={item} base={item.iss.base} rate={item.iss.rate} amount={item.iss.amount} />}
              {item.iss?.retentions && WITHHELD.map((tax) => item.iss?.retentions?.[tax] && <TaxLine key={tax} testId={`tax-retained-${tax}`} label={t("withheld", { tax: tax.toUpperCase() })} item={item} amount={item.iss.retentions[tax]} />)}
              <TaxLine testId="tax-cbs" label={t("cbs", { cClassTrib: item.ibsCbs.cClassTrib ?? "—" })} item={item} code={item.ibsCbs.cst} codeField="ibsCbs.cst" base={item.ibsCbs.amounts?.base} rate={item.ibsCbs.amounts?.cbsRate} rateField="ibsCbs.cbsRate" amount={item.ibsCbs.amounts?.cbsAmount} />
              <TaxLine testId="tax-ibs" label={t("ibs")} item={item} base={item.ibsCbs.amounts?.base} rate={item.ibsCbs.amounts?.ibsStateRate} rateField="ibsCbs.ibsStateRate" amount={item.ibsCbs.amounts?.ibsAmount} />
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
