import { z } from "zod";

// The stored shapes of a document's taxes. They are written once, at
// creation, with every parameter resolved and every amount computed, so
// emission fills NfeInput from them without recomputing anything
// (FiscalDocumentItem.taxes, FiscalDocumentItem.taxSources,
// FiscalDocument.taxTotals). Amounts are decimal strings with 2 places and
// rates with 4 places, as the NF-e layout prints them (TDec_1302, TDec_0302a04).

/** Amount in reais: "1234.50". */
export const MoneyString = z.string().regex(/^-?\d+\.\d{2}$/, "decimal string with 2 places");
/** Percentage: "18.0000" means 18 %. */
export const RateString = z.string().regex(/^\d{1,3}\.\d{4}$/, "percentage as a decimal string with 4 places");

/** Which level of the resolution order (api.md, Tax resolution order) supplied a field. */
export const TaxSource = z.enum(["item", "rule", "product", "template", "company", "default"]);
export type TaxSource = z.infer<typeof TaxSource>;

/** ICMS substitution (ST): modBCST, pMVAST, pRedBCST, vBCST, pICMSST, vICMSST. */
export const IcmsStTaxes = z.object({
  modBc: z.string(), // 0..6; 4 = MVA, 6 = operation value
  mva: RateString.nullable(),
  baseReduction: RateString.nullable(),
  base: MoneyString,
  rate: RateString,
  amount: MoneyString,
});
export type IcmsStTaxes = z.infer<typeof IcmsStTaxes>;

/** Simples Nacional credit (CSOSN 101 and 201): pCredSN, vCredICMSSN. */
export const SimplesCreditTaxes = z.object({ rate: RateString, amount: MoneyString });
export type SimplesCreditTaxes = z.infer<typeof SimplesCreditTaxes>;

export const IcmsTaxes = z.object({
  /** CRT table the code belongs to: CST (NORMAL) or CSOSN (SIMPLES). */
  table: z.enum(["CST", "CSOSN"]),
  origin: z.string().regex(/^[0-8]$/),
  /** CST (2 digits) or CSOSN (3 digits). */
  cst: z.string().regex(/^\d{2,3}$/),
  modBc: z.string().nullable(),
  baseReduction: RateString.nullable(),
  /** vBC/pICMS/vICMS; null when the code carries no own ICMS (40, 41, 60, 102, ...). */
  base: MoneyString.nullable(),
  rate: RateString.nullable(),
  amount: MoneyString.nullable(),
  benefitCode: z.string().nullable(), // cBenef
  st: IcmsStTaxes.nullable(),
  simplesCredit: SimplesCreditTaxes.nullable(),
});
export type IcmsTaxes = z.infer<typeof IcmsTaxes>;

/** PIS or COFINS: base/rate/amount null for non-taxed codes (PISNT 04-09). */
export const PisCofinsTaxes = z.object({
  cst: z.string().regex(/^\d{2}$/),
  base: MoneyString.nullable(),
  rate: RateString.nullable(),
  amount: MoneyString.nullable(),
});
export type PisCofinsTaxes = z.infer<typeof PisCofinsTaxes>;

/** IPI: base/rate/amount null for IPINT codes (01-05, 51-55). */
export const IpiTaxes = z.object({
  cst: z.string().regex(/^\d{2}$/),
  cEnq: z.string(),
  base: MoneyString.nullable(),
  rate: RateString.nullable(),
  amount: MoneyString.nullable(),
});
export type IpiTaxes = z.infer<typeof IpiTaxes>;

/** gRed of one share (NT 2025.002 UB26/UB45/UB64): pRedAliq and pAliqEfet = rate × (1 − pRedAliq / 100). */
export const IbsCbsRateReduction = z.object({ reductionRate: RateString, effectiveRate: RateString });
export type IbsCbsRateReduction = z.infer<typeof IbsCbsRateReduction>;

/** gIBSCBS of one line (NT 2025.002): base, state IBS, municipal IBS and CBS. */
export const IbsCbsAmounts = z.object({
  base: MoneyString,
  ibsStateRate: RateString,
  ibsStateAmount: MoneyString,
  ibsMunicipalRate: RateString,
  ibsMunicipalAmount: MoneyString,
  /** vIBS = state + municipal. */
  ibsAmount: MoneyString,
  cbsRate: RateString,
  cbsAmount: MoneyString,
  /** Rate reductions of the cClassTrib (CST 011, 200, 515); amounts are then computed at the effective rates. Absent on lines stored before. */
  reduction: z.object({ ibsState: IbsCbsRateReduction, ibsMunicipal: IbsCbsRateReduction, cbs: IbsCbsRateReduction }).nullish(),
});
export type IbsCbsAmounts = z.infer<typeof IbsCbsAmounts>;

/** Groups the caller declares for a line; stored and returned as sent. */
export const DeclaredGroup = z.record(z.string(), z.unknown()).nullable();

export const IbsCbsTaxes = z.object({
  cst: z.string().regex(/^\d{3}$/).nullable(),
  cClassTrib: z.string().regex(/^\d{6}$/).nullable(),
  /** null (never zeros) when the line carries no IBS/CBS amounts. */
  amounts: IbsCbsAmounts.nullable(),
  adjustment: DeclaredGroup,
  creditReversal: DeclaredGroup,
  zfmPresumedCredit: DeclaredGroup,
  referencedItem: DeclaredGroup,
});
export type IbsCbsTaxes = z.infer<typeof IbsCbsTaxes>;

/**
 * ICMSUFDest of an interstate sale to a non-contributor final consumer (EC
 * 87/2015, NT 2015.003): the DIFAL owed to the destination state, 100 % since
 * 2019. FCP fields are null when the destination applies no FCP to the good.
 */
export const DifalTaxes = z.object({
  base: MoneyString, // vBCUFDest
  fcpBase: MoneyString.nullable(), // vBCFCPUFDest
  fcpRate: RateString.nullable(), // pFCPUFDest
  destinationRate: RateString, // pICMSUFDest
  interstateRate: RateString, // pICMSInter: 4.00, 7.00 or 12.00
  partitionRate: RateString, // pICMSInterPart: 100.0000
  fcpAmount: MoneyString.nullable(), // vFCPUFDest
  destinationAmount: MoneyString, // vICMSUFDest
  originAmount: MoneyString, // vICMSUFRemet
});
export type DifalTaxes = z.infer<typeof DifalTaxes>;

/** ISS of an NFS-e line (national DPS): rate and amount, and whether the taker withholds it. */
export const IssTaxes = z.object({
  base: MoneyString,
  rate: RateString,
  amount: MoneyString,
  retained: z.boolean(),
  /** IBGE code of where the service is rendered (cLocPrestacao), from the sub-rule's serviceLocationMunicipality. */
  location: z.string().nullable().optional(),
  /** Federal amounts the taker withholds on this line (NFSE sub-rule *Retention flags × rates); null when not withheld. */
  retentions: z
    .object({ pis: MoneyString.nullable(), cofins: MoneyString.nullable(), ir: MoneyString.nullable(), inss: MoneyString.nullable(), csll: MoneyString.nullable() })
    .optional(),
});
export type IssTaxes = z.infer<typeof IssTaxes>;

/** FiscalDocumentItem.taxes. */
export const ItemTaxes = z.object({
  /** vFrete of the line: the document's freightValue apportioned by line value. */
  freight: MoneyString,
  icms: IcmsTaxes.nullable(),
  ipi: IpiTaxes.nullable(),
  pis: PisCofinsTaxes.nullable(),
  cofins: PisCofinsTaxes.nullable(),
  ibsCbs: IbsCbsTaxes,
  iss: IssTaxes.nullable(),
  /** Absent on documents created before the DIFAL was computed. */
  difal: DifalTaxes.nullable().optional(),
});
export type ItemTaxes = z.infer<typeof ItemTaxes>;

/**
 * FiscalDocumentItem.taxSources: field path → level, e.g.
 * { "ncm": "product", "cfop": "item", "icms.cst": "rule", "icms.rate": "company" }.
 */
export const ItemTaxSources = z.record(z.string(), TaxSource);
export type ItemTaxSources = z.infer<typeof ItemTaxSources>;

/** ICMSTot of the NF-e (field names as in the layout). */
export const IcmsTotals = z.object({
  vBC: MoneyString,
  vICMS: MoneyString,
  vICMSDeson: MoneyString,
  /** DIFAL totals (EC 87/2015); absent when no line carries ICMSUFDest. */
  vFCPUFDest: MoneyString.optional(),
  vICMSUFDest: MoneyString.optional(),
  vICMSUFRemet: MoneyString.optional(),
  vFCP: MoneyString,
  vBCST: MoneyString,
  vST: MoneyString,
  vFCPST: MoneyString,
  vFCPSTRet: MoneyString,
  vProd: MoneyString,
  vFrete: MoneyString,
  vSeg: MoneyString,
  vDesc: MoneyString,
  vII: MoneyString,
  vIPI: MoneyString,
  vIPIDevol: MoneyString,
  vPIS: MoneyString,
  vCOFINS: MoneyString,
  vOutro: MoneyString,
  vNF: MoneyString,
});
export type IcmsTotals = z.infer<typeof IcmsTotals>;

/** IBSCBSTot (NT 2025.002), without the monophasic group (not computed here). */
export const IbsCbsTotals = z.object({
  vBCIBSCBS: MoneyString,
  gIBS: z.object({
    gIBSUF: z.object({ vDif: MoneyString, vDevTrib: MoneyString, vIBSUF: MoneyString }),
    gIBSMun: z.object({ vDif: MoneyString, vDevTrib: MoneyString, vIBSMun: MoneyString }),
    vIBS: MoneyString,
    vCredPres: MoneyString,
    vCredPresCondSus: MoneyString,
  }),
  gCBS: z.object({
    vDif: MoneyString,
    vDevTrib: MoneyString,
    vCBS: MoneyString,
    vCredPres: MoneyString,
    vCredPresCondSus: MoneyString,
  }),
});
export type IbsCbsTotals = z.infer<typeof IbsCbsTotals>;

/** FiscalDocument.taxTotals. Every total is the sum of the rounded line values. */
export const DocumentTaxTotals = z.object({
  icmsTot: IcmsTotals,
  /** null when no line carries IBS/CBS amounts. */
  ibsCbsTot: IbsCbsTotals.nullable(),
  /** Sum of lines' ibsCbs.amounts.ibsAmount (state + municipal); "0.00" when no line has amounts. */
  rtcIbsTotal: MoneyString,
  /** Sum of lines' ibsCbs.amounts.cbsAmount. */
  rtcCbsTotal: MoneyString,
  /** Sum of vCredICMSSN (Simples credit), for the legally required infCpl text (LC 123 art. 23). */
  simplesCreditTotal: MoneyString,
  /** ISS of NFS-e lines. */
  issTotal: MoneyString,
  /** NFS-e only: the DPS values (ISS, withholdings, net value) and, once authorized, what the NFS-e says. */
  nfse: z.lazy(() => NfseTotals).nullable().optional(),
});
export type DocumentTaxTotals = z.infer<typeof DocumentTaxTotals>;

/** NFS-e amounts (DPS tribMun/tribFed as stored at creation; `authority` from the authorized NFS-e's valores). */
export const NfseTotals = z.object({
  serviceValue: MoneyString,
  issBase: MoneyString,
  issRate: RateString,
  issAmount: MoneyString,
  issRetained: z.boolean(),
  retentions: z.object({ iss: MoneyString, pis: MoneyString, cofins: MoneyString, ir: MoneyString, inss: MoneyString, csll: MoneyString }),
  retainedTotal: MoneyString,
  netValue: MoneyString,
  authority: z
    .object({ vBC: MoneyString.nullable(), pAliqAplic: z.string().nullable(), vISSQN: MoneyString.nullable(), vTotalRet: MoneyString.nullable(), vLiq: MoneyString })
    .nullable(),
});
export type NfseTotals = z.infer<typeof NfseTotals>;
