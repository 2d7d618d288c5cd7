import type { Company, FiscalTemplate, NfseTaxRule, Prisma, Product } from "@prisma/client";
import type { Decimal } from "decimal.js";
import { unprocessable } from "@/lib/errors";
import { cestNcmMismatch } from "@/lib/fiscal-tables";
import { unitCode } from "@/lib/products/schemas";
import { computeItemTaxes, usedSources, type IssParameters, type LineContext } from "@/lib/tax/compute-item-taxes";
import { lineGrossValue } from "@/lib/tax/compute-document-totals";
import { difalParameters } from "@/lib/tax/compute-difal";
import { interstateIcmsRate } from "@/lib/tax/data/icms-rates";
import { dec } from "@/lib/tax/decimal";
import { cfopDestination, cfopForDestination, productCfopFor, type Destination } from "@/lib/tax/cfop";
import { loadTable } from "@/lib/fiscal-tables/load-tables";
import { matchNfeSubRule } from "@/lib/tax/match-nfe-sub-rule";
import { resolveTaxFields } from "@/lib/tax/resolve-tax-fields";
import type { ResolvedTaxFields, TaxLevel } from "@/lib/tax/tax-fields";
import { builtInLevel, companyLevel, itemLevel, productLevel, ruleLevel, statutoryLevel, templateLevel } from "@/lib/tax/tax-levels";
import type { ItemTaxes, ItemTaxSources } from "@/lib/tax/tax-shapes";
import { TaxationError } from "@/lib/tax/taxation-error";
import { assertIcmsTaxation, assertOtherTaxes, isCfop, usesCsosn } from "@/lib/tax/taxation-rules";
import type { Recipient } from "./client-snapshot";
import { isReturnTemplate } from "./document-purpose";
import type { LoadedTaxRule } from "./load-references";
import type { DocumentItemInput } from "./schemas";

export type ResolutionContext = {
  documentType: "NFE" | "NFCE" | "NFSE";
  company: Company;
  recipient: Recipient;
  template: FiscalTemplate | null;
  documentTaxRuleId: string | null;
  products: Map<string, Product>;
  rules: Map<string, LoadedTaxRule>;
  /** Issue date (YYYY-MM-DD, dhEmi in the issuer's calendar): picks the dated DIFAL rates and the reform's rates and rules. */
  issuedOn: string;
  /** A credit/debit note of the tax reform carries IBS/CBS only (NT 2025.002 B25-80). */
  adjustmentNote: boolean;
};

export type ResolvedItem = {
  position: number;
  input: DocumentItemInput;
  product: Product | null;
  grossValue: Decimal;
  quantity: Decimal;
  unitValue: Decimal;
  unit: string;
  ncm: string;
  cest: string | null;
  cfop: string;
  taxRuleId: string | null;
  serviceCode: string | null;
  nationalServiceCode: string | null;
  fields: ResolvedTaxFields;
  sources: ItemTaxSources;
  iss: IssParameters;
};

/** CEST is digits only with 7 of them (api.md, Item: otherwise 422 invalid_cest). */
function normalizeCest(cest: string | null | undefined, where: string): string | null {
  if (cest === null || cest === undefined || cest.trim() === "") return null;
  const digits = cest.replace(/[.\-\s]/g, "");
  if (!/^\d{7}$/.test(digits)) throw unprocessable("invalid_cest", `${where}.cest: CEST must have 7 digits (got "${cest}")`);
  return digits;
}

function assertCfop(cfop: string, where: string) {
  if (!/^\d{4}$/.test(cfop) || !isCfop(cfop)) throw unprocessable("invalid_cfop", `${where}.cfop: CFOP ${cfop} must have 4 digits (1xxx-7xxx)`);
}

const ID_DEST: Record<Destination, string> = { INTERNAL: "1 (internal)", INTERSTATE: "2 (interstate)", FOREIGN: "3 (abroad)" };
// MOC 4.00 I08-20/30/40: a CFOP of another destination than idDest.
const MISMATCH_CSTAT: Record<Destination, string> = { FOREIGN: "731 - Rejeição: CFOP de operação com Exterior e idDest <> 3", INTERSTATE: "732 - Rejeição: CFOP de operação interestadual e idDest <> 2", INTERNAL: "733 - Rejeição: CFOP de operação interna e idDest <> 1" };

function recipientWhere(context: ResolutionContext, operation: Destination): string {
  if (operation === "FOREIGN") return "abroad";
  return operation === "INTERSTATE" ? `in ${context.recipient.state ?? "?"} (issuer in ${context.company.state})` : context.documentType === "NFCE" ? "a consumer (an NFC-e is always internal)" : `in ${context.company.state} like the issuer`;
}

/** An explicit CFOP of another destination than the operation's is refused as SEFAZ would refuse it (731/732/733). */
function assertCfopMatchesOperation(cfop: string, operation: Destination, context: ResolutionContext, where: string) {
  const written = cfopDestination(cfop);
  if (written === operation) return;
  throw unprocessable(
    "invalid_cfop",
    `${where}.cfop: CFOP ${cfop} is for an operation with idDest ${ID_DEST[written]}, but the recipient is ${recipientWhere(context, operation)}: idDest ${ID_DEST[operation]}; SEFAZ rejects it (${MISMATCH_CSTAT[written]}). Use ${cfopForDestination(cfop, operation, context.recipient.contributor)} or leave the CFOP out to have it chosen`,
  );
}

let knownCfops: Set<string> | null = null;
const isKnownCfop = (cfop: string) => (knownCfops ??= new Set(loadTable("cfop").map((entry) => entry.code))).has(cfop);

/**
 * A CFOP that did not come from the item (product, template, company default)
 * is written for one kind of operation: it is moved to the operation's group
 * (company default 5101 on an interstate NF-e → 6101). A code without a
 * counterpart in the CFOP table (5405 has no 6405) is 422 invalid_cfop naming the item.
 */
function operationCfop(cfop: string, source: string, operation: Destination, context: ResolutionContext, where: string): string {
  const moved = cfopForDestination(cfop, operation, context.recipient.contributor);
  if (moved === cfop || isKnownCfop(moved)) return moved;
  throw unprocessable(
    "invalid_cfop",
    `${where}.cfop: the ${source}'s CFOP ${cfop} is for idDest ${ID_DEST[cfopDestination(cfop)]} and has no counterpart for this operation (idDest ${ID_DEST[operation]}: ${moved} is not a CFOP); set the item's CFOP or the product's CFOP for this destination`,
  );
}

/** NFS-e service location of the recipient relative to the issuer (api.md, NFSE sub-rule serviceLocation). */
function serviceLocation(context: ResolutionContext): string {
  if (context.recipient.destination === "FOREIGN") return "EXTERIOR";
  const municipality = context.recipient.municipalityCode;
  return municipality === null || municipality === context.company.municipalityCode ? "NO_MUNICIPIO_EMPRESA" : "FORA_MUNICIPIO_EMPRESA";
}

function matchNfseSubRule(subRules: NfseTaxRule[], location: string): NfseTaxRule | null {
  return subRules.filter((r) => r.isActive).find((r) => r.serviceLocation.length === 0 || r.serviceLocation.includes(location)) ?? null;
}

/**
 * Resolves one line field by field (api.md, Tax resolution order): the CFOP
 * first (item, then the product's CFOP for the destination, template,
 * company), because the tax rule's sub-rule is matched by it; then every tax
 * field through item → rule → product → template → company → built-in.
 */
export function resolveItem(context: ResolutionContext, input: DocumentItemInput, index: number): ResolvedItem {
  const where = `items.${index}`;
  const goods = context.documentType !== "NFSE";
  const product = input.productId ? (context.products.get(input.productId) ?? null) : null;
  const cest = normalizeCest(input.cest, where);
  // idDest: an NFC-e is always an internal operation (MOC, B11a); an NF-e's follows the recipient.
  const operation: Destination = context.documentType === "NFCE" ? "INTERNAL" : context.recipient.destination;
  if (input.cfop) {
    assertCfop(input.cfop, where);
    if (goods) assertCfopMatchesOperation(input.cfop, operation, context, where);
  }

  // The product's CFOP for the destination, else its internal one (moved to the destination's group below);
  // a return template's CFOP wins over the product's, which is a sale's.
  const productCfop = product && !isReturnTemplate(context.template) ? (productCfopFor(product, operation, context.recipient.contributor) ?? product.internalCfop) : null;
  const item = itemLevel({ ...input, cest, ibsCbsCst: input.ibsCbs?.cst, cClassTrib: input.ibsCbs?.cClassTrib });
  const lower: TaxLevel[] = [
    productLevel(product, productCfop),
    templateLevel(context.template),
    companyLevel(context.company, context.issuedOn),
    builtInLevel(usesCsosn(context.company.taxRegime)),
  ];
  const cfopResolution = resolveTaxFields([item, ...lower]);
  const written = cfopResolution.fields.cfop ?? null;
  if (goods && written === null) throw unprocessable("invalid_cfop", `${where}.cfop: no CFOP on the item, its product, the template or the company`);
  if (written !== null) assertCfop(written, where);
  const cfop = goods && written !== null && cfopResolution.sources.cfop !== "item" ? operationCfop(written, cfopResolution.sources.cfop ?? "default", operation, context, where) : written;

  const taxRuleId = input.taxRuleId ?? context.documentTaxRuleId ?? product?.taxRuleId ?? null;
  const rule = taxRuleId ? (context.rules.get(taxRuleId) ?? null) : null;
  let iss: ResolvedItem["iss"] = null;
  let ruleValues: TaxLevel = ruleLevel(null);
  if (rule && goods) {
    ruleValues = ruleLevel(matchNfeSubRule(rule.nfeTaxRules, { state: context.recipient.state, clientType: context.recipient.clientType, cfop }));
  } else if (rule) {
    const sub = matchNfseSubRule(rule.nfseTaxRules, serviceLocation(context));
    if (sub) {
      const withheld = (flag: boolean, value: { toString(): string } | null) => (flag && value !== null ? dec(value) : null);
      iss = {
        rate: dec(sub.issRate),
        retained: sub.issRetention,
        // MUNICIPIO_CLIENTE: the taker's municipality; the company's otherwise (MUNICIPIO_PRESTACAO_SERVICO
        // defaults to it too: the service is taken as rendered at the establishment).
        location: sub.serviceLocationMunicipality === "MUNICIPIO_CLIENTE" && context.recipient.municipalityCode ? context.recipient.municipalityCode : context.company.municipalityCode,
        retentions: {
          pis: withheld(sub.pisRetention, sub.pisRate),
          cofins: withheld(sub.cofinsRetention, sub.cofinsRate),
          ir: withheld(sub.irRetention, sub.irRate),
          inss: withheld(sub.inssRetention, sub.inssRate),
          csll: withheld(sub.csllRetention, sub.csllRate),
        },
      };
      ruleValues = { source: "rule", values: { pisCst: sub.piscofinsCst, cofinsCst: sub.piscofinsCst, pisRate: dec(sub.pisRate), cofinsRate: dec(sub.cofinsRate) } };
    }
  }
  // Without an NFSE sub-rule, the company's default ISS rate (Settings, NFS-e), not withheld.
  if (!goods && !iss && context.company.nfseIssRate !== null) iss = { rate: dec(context.company.nfseIssRate), retained: false };
  // The law of the issue date first (lib/tax/data/reform-rates.ts): its IBS/CBS rates and, from 2027, PIS/COFINS CST 08.
  const { fields, sources } = resolveTaxFields([statutoryLevel(context.issuedOn, context.documentType), item, ruleValues, ...lower]);
  if (cfop !== null) fields.cfop = cfop;
  if (goods && !fields.ncm) throw unprocessable("invalid_taxation", `${where}.ncm: no NCM on the item, its product or the company`);
  const cestProblem = goods && fields.cest && fields.ncm ? cestNcmMismatch(fields.cest, fields.ncm) : null;
  if (cestProblem) throw unprocessable("invalid_cest", `${where}.cest: ${cestProblem}`);
  if (context.documentType === "NFCE" && (input.ipiSituation || input.ipiRate !== undefined && input.ipiRate !== null)) {
    throw unprocessable("invalid_taxation", `${where}: an NFC-e carries no IPI (a consumer sale; SEFAZ rejects the IPI group with cStat 742): remove ipiSituation and ipiRate`);
  }
  if (goods && context.recipient.destination === "INTERSTATE") applyInterstateRate(context, fields, sources, where);

  const quantity = dec(String(input.quantity));
  const unitValue = dec(String(input.unitValue));
  return {
    position: index + 1,
    input,
    product,
    quantity,
    unitValue,
    grossValue: lineGrossValue(quantity, unitValue),
    // A product's unit is a label ("UN - UNIDADE"); uCom/uTrib and the DANFE carry its code.
    unit: unitCode(input.unit ?? product?.commercialUnit ?? "UN"),
    ncm: fields.ncm ?? "",
    cest: fields.cest ?? null,
    cfop: cfop ?? "",
    taxRuleId: rule ? rule.id : null,
    serviceCode: input.serviceCode ?? context.template?.serviceCode ?? (goods ? null : context.company.nfseMunicipalServiceCode),
    nationalServiceCode: input.nationalServiceCode ?? context.template?.nationalServiceCode ?? (goods ? null : context.company.nfseServiceCode),
    fields: goods ? validatedFields(context.company, fields, where) : fields,
    sources,
    iss,
  };
}

/**
 * An interstate line takes the interstate rate (Res. SF 22/1989: 7 % from S/SE
 * except ES to N/NE/CO/ES, 12 % otherwise; Res. SF 13/2012: 4 % for origins 1,
 * 2, 3, 8) when its rate came from the company default or nowhere: those are
 * internal rates. A rate set on purpose above the ceiling can never be
 * authorized (cStat 693): 422 invalid_taxation.
 */
function applyInterstateRate(context: ResolutionContext, fields: ResolvedTaxFields, sources: ItemTaxSources, where: string) {
  const ceiling = dec(interstateIcmsRate(context.company.state, context.recipient.state ?? context.company.state, fields.icmsOrigin ?? "0"));
  const source = sources["icms.rate"];
  if (fields.icmsRate === undefined || source === "company" || source === "default") {
    fields.icmsRate = ceiling;
    sources["icms.rate"] = "default";
  } else if (fields.icmsRate.greaterThan(ceiling)) {
    throw unprocessable(
      "invalid_taxation",
      `${where}.icmsRate: ${fields.icmsRate.toString()} % is above the interstate ICMS rate of ${ceiling.toString()} % from ${context.company.state} to ${context.recipient.state} for origin ${fields.icmsOrigin ?? "0"} (Res. SF 22/1989 and 13/2012; SEFAZ rejects it with cStat 693)`,
    );
  }
}

const SIMPLES_ST_WITH_DEDUCTION = new Set(["201", "202"]);
const ST_CHARGED_BEFORE = new Set(["60", "500"]);
const ST_CODES_NOT_TO_CONSUMERS = new Set(["10", "30", "70", "201", "202", "203"]);

/** The resources' taxation rules (lib/tax/taxation-rules.ts) on the resolved set; unused ICMS parameters become absent. */
function validatedFields(company: Company, fields: ResolvedTaxFields, where: string): ResolvedTaxFields {
  const icms = assertIcmsTaxation(company.taxRegime, fields, where);
  assertOtherTaxes({ icmsOrigin: fields.icmsOrigin, pisCst: fields.pisCst, pisRate: fields.pisRate, cofinsCst: fields.cofinsCst, cofinsRate: fields.cofinsRate, ipiCst: fields.ipiCst, ipiRate: fields.ipiRate, ipiCEnq: fields.ipiCEnq }, where);
  const present = <T>(value: T | null) => value ?? undefined;
  return {
    ...fields,
    icmsModBc: present(icms.icmsModBc),
    // CSOSN 201/202 print no own ICMS, but the ST deducts the ICMS of the own
    // operation at the normal rate (LC 123/2006 art. 13 §1 XIII), so keep it.
    icmsRate: present(icms.icmsRate) ?? (SIMPLES_ST_WITH_DEDUCTION.has(icms.icmsCst ?? "") ? fields.icmsRate : undefined),
    icmsRedBc: present(icms.icmsRedBc),
    icmsStModBc: present(icms.icmsStModBc),
    icmsStMva: present(icms.icmsStMva),
    icmsStRate: present(icms.icmsStRate),
    icmsStRedBc: present(icms.icmsStRedBc),
    icmsSnCreditRate: present(icms.icmsSnCreditRate),
  };
}

/** The computed taxes of a resolved line; a parameter set that cannot be computed is 422 invalid_taxation. */
export function computeResolvedItem(context: ResolutionContext, item: ResolvedItem, freight: Decimal): { taxes: ItemTaxes; sources: ItemTaxSources } {
  const simples = usesCsosn(context.company.taxRegime);
  // EC 87/2015: an interstate NF-e to a final consumer who is not an ICMS contributor carries the DIFAL.
  const difal =
    context.documentType === "NFE" && context.recipient.destination === "INTERSTATE" && !context.recipient.contributor && !context.recipient.exemptFromRegistration && !context.adjustmentNote
      ? difalParameters({ fromUf: context.company.state, toUf: context.recipient.state ?? context.company.state, origin: item.fields.icmsOrigin ?? "0", issuedOn: context.issuedOn })
      : null;
  const lineContext: LineContext = {
    documentType: context.documentType,
    icmsTable: simples ? "CSOSN" : "CST",
    // A Simples issuer may leave IBS/CBS out in 2026 (NT 2025.002); it carries amounts when the line declares its CST,
    // and a credit/debit note always does (it exists only to adjust them).
    ibsCbsApplies: !simples || context.adjustmentNote || item.sources["ibsCbs.cst"] === "item",
    recipientContributor: context.recipient.contributor,
    ibsCbsOnly: context.adjustmentNote,
    difal,
  };
  try {
    const declared = item.input.ibsCbs;
    const taxes = computeItemTaxes({
      context: lineContext,
      grossValue: item.grossValue,
      freight,
      fields: item.fields,
      iss: item.iss,
      declared: {
        adjustment: (declared?.adjustment ?? null) as Prisma.JsonObject | null,
        creditReversal: (declared?.creditReversal ?? null) as Prisma.JsonObject | null,
        zfmPresumedCredit: (declared?.zfmPresumedCredit ?? null) as Prisma.JsonObject | null,
        referencedItem: (declared?.referencedItem ?? null) as Prisma.JsonObject | null,
      },
    });
    // Items with ST, charged now or before (CST 60, CSOSN 500), need a CEST on the item or the product
    // (api.md, Tax rule semantics; Convênio ICMS 142/2018; SEFAZ cStat 806).
    if ((taxes.icms?.st || ST_CHARGED_BEFORE.has(taxes.icms?.cst ?? "")) && !item.cest) {
      throw new TaxationError(`cest: an item with ICMS tax substitution (ST, code ${taxes.icms!.cst}) needs a CEST on the item or its product (SEFAZ cStat 806)`);
    }
    // EC 87/2015: an interstate sale to a non-contributor pays the DIFAL, never ST (SEFAZ cStat 508/600).
    if (difal && ST_CODES_NOT_TO_CONSUMERS.has(taxes.icms?.cst ?? "")) {
      throw new TaxationError(`icmsSituation: ${taxes.icms!.cst} (tax substitution) is not allowed in an interstate sale to a final consumer who is not an ICMS contributor (SEFAZ cStat ${taxes.icms!.table === "CST" ? "508" : "600"}); the destination's share is the DIFAL`);
    }
    return { taxes, sources: usedSources(taxes, item.sources) };
  } catch (error) {
    if (error instanceof TaxationError) throw unprocessable("invalid_taxation", `items.${item.position - 1}: ${error.message}`);
    throw error;
  }
}
