import type { DocumentDetail } from "@/lib/documents/response-schemas";
import { formatMoney, formatRate } from "./money";

type Item = DocumentDetail["items"][number];

const SOURCE_STYLES: Record<string, string> = {
  item: "bg-indigo-100 text-indigo-800",
  rule: "bg-violet-100 text-violet-800",
  product: "bg-emerald-100 text-emerald-800",
  template: "bg-amber-100 text-amber-800",
  company: "bg-sky-100 text-sky-800",
  default: "bg-slate-100 text-slate-600",
};

function Source({ item, field }: { item: Item; field: string }) {
  const source = item.taxSources[field];
  if (!source) return null;
  return <span data-testid={`source-${field}`} className={`ml-1 rounded px-1 text-[10px] font-medium ${SOURCE_STYLES[source] ?? ""}`} title={`${field} from ${source}`}>{source}</span>;
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
  return (
    <div className="space-y-3">
      {items.map((item) => (
        <div key={item.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid="document-item">
          <div className="flex flex-wrap justify-between gap-2">
            <div>
              <span className="font-medium">{item.position}. {item.description}</span>
              <span className="ml-2 text-xs text-slate-500">{item.code}</span>
            </div>
            <div className="tabular-nums">{Number(item.quantity)} {item.unit} × {formatMoney(item.unitValue)} = <strong>{formatMoney(item.grossValue)}</strong></div>
          </div>
          <p className="mt-1 text-xs text-slate-600">
            NCM {item.ncm ?? "—"}<Source item={item} field="ncm" /> · CFOP {item.cfop ?? "—"}<Source item={item} field="cfop" />
            {item.cest && <> · CEST {item.cest}<Source item={item} field="cest" /></>}
            {item.freight !== "0.00" && <> · Freight {formatMoney(item.freight)}</>}
          </p>
          <table className="mt-2 text-xs">
            <thead className="text-slate-500">
              <tr><th className="pr-3 text-left font-normal">Tax</th><th className="pr-3 text-left font-normal">CST</th><th className="pr-3 text-left font-normal">Base</th><th className="pr-3 text-left font-normal">Rate</th><th className="text-left font-normal">Amount</th></tr>
            </thead>
            <tbody>
              {item.icms && <TaxLine testId="tax-icms" label={`ICMS (orig. ${item.icms.origin})`} item={item} code={item.icms.cst} codeField="icms.cst" base={item.icms.base} rate={item.icms.rate} rateField="icms.rate" amount={item.icms.amount} />}
              {item.icms?.st && <TaxLine testId="tax-icms-st" label={`ICMS ST${item.icms.st.mva ? ` (MVA ${formatRate(item.icms.st.mva)})` : ""}`} item={item} base={item.icms.st.base} rate={item.icms.st.rate} rateField="icms.st.rate" amount={item.icms.st.amount} />}
              {item.icms?.simplesCredit && <TaxLine testId="tax-simples-credit" label="Simples credit" item={item} rate={item.icms.simplesCredit.rate} rateField="icms.simplesCredit.rate" amount={item.icms.simplesCredit.amount} />}
              {item.ipi && <TaxLine testId="tax-ipi" label={`IPI (enq. ${item.ipi.cEnq})`} item={item} code={item.ipi.cst} codeField="ipi.cst" base={item.ipi.base} rate={item.ipi.rate} rateField="ipi.rate" amount={item.ipi.amount} />}
              {item.pis && <TaxLine testId="tax-pis" label="PIS" item={item} code={item.pis.cst} codeField="pis.cst" base={item.pis.base} rate={item.pis.rate} rateField="pis.rate" amount={item.pis.amount} />}
              {item.cofins && <TaxLine testId="tax-cofins" label="COFINS" item={item} code={item.cofins.cst} codeField="cofins.cst" base={item.cofins.base} rate={item.cofins.rate} rateField="cofins.rate" amount={item.cofins.amount} />}
              {item.iss && <TaxLine testId="tax-iss" label={`ISS${item.iss.retained ? " (withheld)" : ""}`} item={item} base={item.iss.base} rate={item.iss.rate} amount={item.iss.amount} />}
              <TaxLine testId="tax-cbs" label={`CBS (cClassTrib ${item.ibsCbs.cClassTrib ?? "—"})`} item={item} code={item.ibsCbs.cst} codeField="ibsCbs.cst" base={item.ibsCbs.amounts?.base} rate={item.ibsCbs.amounts?.cbsRate} rateField="ibsCbs.cbsRate" amount={item.ibsCbs.amounts?.cbsAmount} />
              <TaxLine testId="tax-ibs" label="IBS (state + municipal)" item={item} base={item.ibsCbs.amounts?.base} rate={item.ibsCbs.amounts?.ibsStateRate} rateField="ibsCbs.ibsStateRate" amount={item.ibsCbs.amounts?.ibsAmount} />
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
