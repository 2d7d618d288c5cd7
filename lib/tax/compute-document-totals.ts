import type { Decimal } from "decimal.js";
import { Dec, dec, money, roundMoney, sum, ZERO } from "./decimal";
import type { DocumentTaxTotals, ItemTaxes, NfseTotals } from "./tax-shapes";

export type TotalsLine = { grossValue: Decimal; taxes: ItemTaxes };

const total = (lines: TotalsLine[], pick: (taxes: ItemTaxes) => string | null | undefined) =>
  sum(lines.map((line) => { const v = pick(line.taxes); return v ? dec(v) : ZERO; }));

/**
 * ICMSTot and IBSCBSTot as sums of the rounded line values (never recomputed
 * from summed bases, so the XML's totals match its lines). vNF per MOC 4.00:
 * vProd − vDesc + vST + vFCPST + vFrete + vSeg + vOutro + vII + vIPI + vIPIDevol.
 * In 2026 IBS/CBS are informational and do not enter vNF.
 */
export function computeDocumentTotals(lines: TotalsLine[]): DocumentTaxTotals {
  const vProd = sum(lines.map((l) => l.grossValue));
  const vFrete = total(lines, (t) => t.freight);
  const vST = total(lines, (t) => t.icms?.st?.amount);
  const vIPI = total(lines, (t) => t.ipi?.amount);
  const vNF = vProd.plus(vST).plus(vFrete).plus(vIPI);
  const zero = money(ZERO);
  const withAmounts = lines.filter((l) => l.taxes.ibsCbs.amounts !== null);
  const ibsState = total(withAmounts, (t) => t.ibsCbs.amounts?.ibsStateAmount);
  const ibsMunicipal = total(withAmounts, (t) => t.ibsCbs.amounts?.ibsMunicipalAmount);
  const ibs = total(withAmounts, (t) => t.ibsCbs.amounts?.ibsAmount);
  const cbs = total(withAmounts, (t) => t.ibsCbs.amounts?.cbsAmount);
  // DIFAL totals only when a line carries ICMSUFDest; they do not enter vNF (NT 2015.003).
  const difal = lines.some((l) => l.taxes.difal)
    ? {
        vFCPUFDest: money(total(lines, (t) => t.difal?.fcpAmount)),
        vICMSUFDest: money(total(lines, (t) => t.difal?.destinationAmount)),
        vICMSUFRemet: money(total(lines, (t) => t.difal?.originAmount)),
      }
    : {};
  return {
    icmsTot: {
      vBC: money(total(lines, (t) => t.icms?.base)),
      vICMS: money(total(lines, (t) => t.icms?.amount)),
      vICMSDeson: zero,
      ...difal,
      vFCP: zero,
      vBCST: money(total(lines, (t) => t.icms?.st?.base)),
      vST: money(vST),
      vFCPST: zero,
      vFCPSTRet: zero,
      vProd: money(vProd),
      vFrete: money(vFrete),
      vSeg: zero,
      vDesc: zero,
      vII: zero,
      vIPI: money(vIPI),
      vIPIDevol: zero,
      vPIS: money(total(lines, (t) => t.pis?.amount)),
      vCOFINS: money(total(lines, (t) => t.cofins?.amount)),
      vOutro: zero,
      vNF: money(vNF),
    },
    ibsCbsTot:
      withAmounts.length === 0
        ? null
        : {
            vBCIBSCBS: money(total(withAmounts, (t) => t.ibsCbs.amounts?.base)),
            gIBS: {
              gIBSUF: { vDif: zero, vDevTrib: zero, vIBSUF: money(ibsState) },
              gIBSMun: { vDif: zero, vDevTrib: zero, vIBSMun: money(ibsMunicipal) },
              vIBS: money(ibs),
              vCredPres: zero,
              vCredPresCondSus: zero,
            },
            gCBS: { vDif: zero, vDevTrib: zero, vCBS: money(cbs), vCredPres: zero, vCredPresCondSus: zero },
          },
    rtcIbsTotal: money(ibs),
    rtcCbsTotal: money(cbs),
    simplesCreditTotal: money(total(lines, (t) => t.icms?.simplesCredit?.amount)),
    issTotal: money(total(lines, (t) => t.iss?.amount)),
    nfse: nfseTotals(lines),
  };
}

/**
 * The one DPS service of an NFS-e (items summed, docs/api-notes/nfse.md): ISS
 * at the lines' rate, the withholdings, and vLiq = value − withheld amounts.
 * null for goods documents (no line carries ISS).
 */
function nfseTotals(lines: TotalsLine[]): NfseTotals | null {
  const services = lines.filter((l) => l.taxes.iss !== null);
  if (services.length === 0) return null;
  const first = services[0]!.taxes.iss!;
  const serviceValue = sum(lines.map((l) => l.grossValue));
  const issAmount = total(services, (t) => t.iss?.amount);
  const retained = services.some((l) => l.taxes.iss!.retained);
  const pick = (name: "pis" | "cofins" | "ir" | "inss" | "csll") => total(services, (t) => t.iss?.retentions?.[name]);
  const federal = { pis: pick("pis"), cofins: pick("cofins"), ir: pick("ir"), inss: pick("inss"), csll: pick("csll") };
  const issWithheld = retained ? issAmount : ZERO;
  const retainedTotal = sum([issWithheld, ...Object.values(federal)]);
  return {
    serviceValue: money(serviceValue),
    issBase: money(total(services, (t) => t.iss?.base)),
    issRate: first.rate,
    issAmount: money(issAmount),
    issRetained: retained,
    retentions: { iss: money(issWithheld), pis: money(federal.pis), cofins: money(federal.cofins), ir: money(federal.ir), inss: money(federal.inss), csll: money(federal.csll) },
    retainedTotal: money(retainedTotal),
    netValue: money(serviceValue.minus(retainedTotal)),
    authority: null,
  };
}

/** vProd of a line: quantity × unit value rounded to the centavo. */
export function lineGrossValue(quantity: Decimal, unitValue: Decimal): Decimal {
  return roundMoney(quantity.times(unitValue));
}

/** Splits the document freight over the lines by value; the last line takes the rounding remainder. */
export function apportionFreight(freight: Decimal, grossValues: Decimal[]): Decimal[] {
  if (grossValues.length === 0) return [];
  const whole = sum(grossValues);
  const shares = grossValues.map((value) =>
    whole.isZero() ? roundMoney(freight.dividedBy(grossValues.length)) : roundMoney(freight.times(value).dividedBy(whole)),
  );
  const allocated = sum(shares.slice(0, -1));
  shares[shares.length - 1] = freight.minus(allocated);
  return shares.map((s) => new Dec(s));
}
