import type { Decimal } from "decimal.js";
import { computeDifal, type DifalParameters } from "./compute-difal";
import { computeIbsCbsAmounts, ibsCbsCarriesAmounts, ibsCbsClassificationProblem, rateReductionsOf } from "./compute-ibs-cbs";
import { computeIcms } from "./compute-icms";
import { computeIpi, computePisCofins } from "./compute-federal";
import { dec, money, percentOf, rate, ZERO } from "./decimal";
import type { ResolvedTaxFields } from "./tax-fields";
import type { IbsCbsTaxes, ItemTaxes, ItemTaxSources } from "./tax-shapes";
import { TaxationError } from "./taxation-error";

export type LineContext = {
  documentType: "NFE" | "NFCE" | "NFSE";
  /** CST for the regular regime (CRT 2, 3), CSOSN for the Simples Nacional and MEI (CRT 1, 4). */
  icmsTable: "CST" | "CSOSN";
  /** Whether lines carry IBS/CBS amounts (optional for the Simples Nacional in 2026, NT 2025.002). */
  ibsCbsApplies: boolean;
  /** ICMS contributor recipient: IPI stays out of the ICMS base (LC 87/96 art. 13 §2). */
  recipientContributor: boolean;
  /** Credit/debit note of the tax reform (finNFe 5/6): the line carries IBS/CBS only (NT 2025.002 B25-80). */
  ibsCbsOnly?: boolean;
  /** Rates of the DIFAL (ICMSUFDest) when the line is an interstate sale to a non-contributor final consumer. */
  difal?: DifalParameters | null;
};

export type DeclaredIbsCbsGroups = Pick<IbsCbsTaxes, "adjustment" | "creditReversal" | "zfmPresumedCredit" | "referencedItem">;

/** Withholding rates of an NFS-e line: a rate where the sub-rule withholds that tax, null where it does not. */
export type RetentionRates = { pis: Decimal | null; cofins: Decimal | null; ir: Decimal | null; inss: Decimal | null; csll: Decimal | null };

export type IssParameters = { rate: Decimal; retained: boolean; retentions?: RetentionRates; location?: string | null } | null;

/** Every tax of one line from its resolved fields; amounts rounded to the centavo, half up. */
export function computeItemTaxes(input: {
  context: LineContext;
  grossValue: Decimal;
  freight: Decimal;
  fields: ResolvedTaxFields;
  declared?: Partial<DeclaredIbsCbsGroups>;
  iss?: IssParameters;
}): ItemTaxes {
  const { context, fields: f } = input;
  const operationValue = input.grossValue.plus(input.freight);
  const goods = context.documentType !== "NFSE";
  // IPI does not exist on NFC-e (consumer sale) nor on services.
  const others = !context.ibsCbsOnly;
  const ipi = context.documentType === "NFE" && others ? computeIpi(f.ipiCst, f.ipiRate, f.ipiCEnq, operationValue) : null;
  const ipiAmount = ipi?.amount ? dec(ipi.amount) : ZERO;
  const icms = goods && others
    ? computeIcms({ table: context.icmsTable, operationValue, ipiAmount, ipiInOwnBase: !context.recipientContributor, fields: f })
    : null;
  const pis = others ? computePisCofins("PIS", f.pisCst, f.pisRate, operationValue) : null;
  const cofins = others ? computePisCofins("COFINS", f.cofinsCst, f.cofinsRate, operationValue) : null;
  const difal = icms && context.difal ? computeDifal(operationValue.plus(ipiAmount), context.difal) : null;

  const cst = f.ibsCbsCst ?? null;
  const withAmounts = context.ibsCbsApplies && cst !== null && ibsCbsCarriesAmounts(cst);
  // A pair SEFAZ can never accept on this model (1023-1025, 1030, 1065) is refused before any computation,
  // unless the line's IBSCBS group is left out (a Simples issuer's line without amounts, lib/fiscal/nfe/build-ibs-cbs.ts).
  const groupLeftOut = !withAmounts && cst !== null && ibsCbsCarriesAmounts(cst) && context.icmsTable === "CSOSN";
  const classification = cst !== null && context.documentType !== "NFSE" && !groupLeftOut ? ibsCbsClassificationProblem(cst, f.cClassTrib, context.documentType) : null;
  if (classification) throw new TaxationError(classification);
  if (withAmounts) assertRatesKnown(f);
  const amounts =
    withAmounts && f.ibsStateRate && f.ibsMunicipalRate && f.cbsRate
      ? computeIbsCbsAmounts(operationValue, { ibsStateRate: f.ibsStateRate, ibsMunicipalRate: f.ibsMunicipalRate, cbsRate: f.cbsRate }, rateReductionsOf(cst, f.cClassTrib ?? null))
      : null;
  const ibsCbs: IbsCbsTaxes = {
    cst,
    cClassTrib: f.cClassTrib ?? null,
    amounts,
    adjustment: input.declared?.adjustment ?? null,
    creditReversal: input.declared?.creditReversal ?? null,
    zfmPresumedCredit: input.declared?.zfmPresumedCredit ?? null,
    referencedItem: input.declared?.referencedItem ?? null,
  };
  const withheld = (r: Decimal | null | undefined) => (r ? money(percentOf(operationValue, r)) : null);
  const retentions = input.iss?.retentions;
  const iss = input.iss
    ? {
        base: money(operationValue),
        rate: rate(input.iss.rate),
        amount: money(percentOf(operationValue, input.iss.rate)),
        retained: input.iss.retained,
        ...(input.iss.location ? { location: input.iss.location } : {}),
        ...(retentions
          ? { retentions: { pis: withheld(retentions.pis), cofins: withheld(retentions.cofins), ir: withheld(retentions.ir), inss: withheld(retentions.inss), csll: withheld(retentions.csll) } }
          : {}),
      }
    : null;
  return { freight: money(input.freight), icms, ipi, pis, cofins, ibsCbs, iss, difal };
}

/**
 * A line that must carry IBS/CBS amounts needs all three rates: the law's for
 * the issue date or, where the law fixes none (the CBS from 2027, set by Senate
 * resolution: LC 214/2025 arts. 349 and 353), the company's dated rates.
 * Without one the document could only be issued wrong (SEFAZ 1022, 1026/1036/1037).
 */
function assertRatesKnown(f: ResolvedTaxFields): void {
  const missing = [!f.cbsRate && "cbsRate", !f.ibsStateRate && "ibsStateRate", !f.ibsMunicipalRate && "ibsMunicipalRate"].filter(Boolean);
  if (missing.length === 0) return;
  throw new TaxationError(
    `IBS/CBS: no ${missing.join(", ")} for this issue date: the law fixes none for it (the CBS from 2027 is the reference rate of a Senate resolution, ` +
      `LC 214/2025 arts. 349 and 353, less 0.1 point); set the company's ${missing.join(", ")} with ibsCbsRatesValidFrom on or before the issue date`,
  );
}

const IBS_CBS_RATE_PATHS: Record<string, string> = {
  "ibsCbs.ibsStateRate": "ibsCbs.amounts.ibsStateRate",
  "ibsCbs.ibsMunicipalRate": "ibsCbs.amounts.ibsMunicipalRate",
  "ibsCbs.cbsRate": "ibsCbs.amounts.cbsRate",
};
const ALWAYS_KEPT = new Set(["ncm", "cest", "cfop"]);

function valueAt(taxes: ItemTaxes, path: string): unknown {
  let current: unknown = taxes;
  for (const part of (IBS_CBS_RATE_PATHS[path] ?? path).split(".")) {
    if (current === null || typeof current !== "object") return null;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** Keeps the sources of the fields the computed taxes actually use (a CST 102 line has no "icms.rate" source). */
export function usedSources(taxes: ItemTaxes, sources: ItemTaxSources): ItemTaxSources {
  return Object.fromEntries(
    Object.entries(sources).filter(([path]) => ALWAYS_KEPT.has(path) || (valueAt(taxes, path) ?? null) !== null),
  );
}
