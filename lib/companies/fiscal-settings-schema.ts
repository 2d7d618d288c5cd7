import Decimal from "decimal.js";
import { z } from "zod";
import { municipalityBelongsToState, onlyDigits } from "@/lib/br";
import { ibsCbsClassificationProblem } from "@/lib/tax/compute-ibs-cbs";
import { ICMS_ORIGINS, IPI_CST, PIS_COFINS_CST, icmsCodeProblem } from "@/lib/tax/taxation-rules";
import { CnpjSchema, EnvironmentSchema, StateCodeSchema, TaxRegimeSchema } from "./schemas";
import { normalizeStateRegistration, stateRegistrationProblem } from "./state-registration";

// One schema for the fiscal settings of a company (issue 3, item 2): the
// dashboard form validates with it in the browser, the internal route and
// updateFiscalSettings with it on the server. No database access here.

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

const digitsField = (pattern: RegExp, message: string) =>
  z
    .string()
    .nullish()
    .transform((v) => (v ? onlyDigits(v) : null))
    .refine((v) => v === null || pattern.test(v), { message });

const codeIn = (codes: readonly string[], label: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || codes.includes(v), { message: `${label} must be one of ${codes.join(", ")}` });

/** Percentage 0–100 with up to 4 decimals; accepted as number or string, kept as a decimal string. */
export const PercentSchema = z
  .union([z.number(), z.string().trim()])
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === "") return null;
    let rate: Decimal;
    try {
      rate = new Decimal(typeof v === "string" ? v.replace(",", ".") : v);
    } catch {
      ctx.addIssue({ code: "custom", message: "must be a number" });
      return z.NEVER;
    }
    if (!rate.isFinite() || rate.isNegative() || rate.greaterThan(100)) {
      ctx.addIssue({ code: "custom", message: "must be a percentage between 0 and 100" });
      return z.NEVER;
    }
    if (rate.decimalPlaces() > 4) {
      ctx.addIssue({ code: "custom", message: "accepts at most 4 decimal places" });
      return z.NEVER;
    }
    return rate.toString();
  });

const seriesField = z.coerce.number().int().min(0, "series is 0 to 999").max(999, "series is 0 to 999");
// 1,000,000,000 is how an exhausted series reads (every number 1..999,999,999 used); the
// settings stay editable then, and setNextNumber refuses it as a value to set.
const nextNumberField = z.coerce.number().int().min(1).max(1_000_000_000).nullish().transform((v) => v ?? null);

/** The footer message of the DANFE and DANFE NFC-e: two lines of the A4 DANFE at 6 pt. */
export const DOCUMENT_FOOTER_MAX = 200;

export const FiscalSettingsObject = z.object({
  cnpj: CnpjSchema,
  // xNome of the issuer is TString 2-60 (NF-e layout, C03): one character would fail every emission.
  legalName: z.string().trim().min(2, "at least 2 characters (xNome)").max(60),
  tradeName: optionalText(60),
  stateRegistration: z
    .string()
    .nullish()
    .transform((v) => (v && v.trim() ? normalizeStateRegistration(v) : null)),
  municipalRegistration: z
    .string()
    .nullish()
    .transform((v) => (v && v.trim() ? v.trim().replace(/[.\-/\s]/g, "") : null))
    .refine((v) => v === null || /^[0-9A-Za-z]{1,15}$/.test(v), { message: "up to 15 letters or digits" }),
  street: optionalText(60),
  streetNumber: optionalText(60),
  complement: optionalText(60),
  neighborhood: optionalText(60),
  city: optionalText(60),
  municipalityCode: z.string().trim().regex(/^\d{7}$/, "must be the 7-digit IBGE code"),
  state: StateCodeSchema,
  zipCode: digitsField(/^\d{8}$/, "CEP has 8 digits"),
  phone: digitsField(/^\d{6,14}$/, "6 to 14 digits, with area code"),
  email: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || z.email().safeParse(v).success, { message: "invalid e-mail" }),
  taxRegime: TaxRegimeSchema,
  environment: EnvironmentSchema,

  nfeSeries: seriesField,
  nfceSeries: seriesField,
  /** Next number of the default series in the current environment; null leaves the counter as it is. */
  nfeNextNumber: nextNumberField,
  nfceNextNumber: nextNumberField,

  // NFC-e CSC (NT 2015.002): idToken of up to 6 digits and the secret itself.
  cscId: digitsField(/^\d{1,6}$/, "CSC id has 1 to 6 digits (e.g. 000001)"),
  cscToken: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^[0-9A-Za-z]{16,36}$/.test(v), { message: "CSC has 16 to 36 letters or digits" }),

  defaultOperationNature: optionalText(60),
  /**
   * Contingency entered by itself (status 108/109, consecutive communication failures;
   * docs/api-notes/contingency.md); false: only by hand. The dashboard's select sends "true"/"false".
   */
  contingencyAutomatic: z
    .union([z.boolean(), z.enum(["true", "false"])])
    .nullish()
    .transform((v) => (v === null || v === undefined ? true : v === true || v === "true")),
  defaultNcm: digitsField(/^(\d{8}|00)$/, "NCM has 8 digits (00 for services)"),
  defaultCfop: digitsField(/^[1-7]\d{3}$/, "CFOP has 4 digits starting with 1-7"),
  defaultIcmsOrigin: codeIn(ICMS_ORIGINS, "ICMS origin"),
  defaultIcmsCst: z.string().trim().nullish().transform((v) => (v ? v : null)),
  defaultIcmsRate: PercentSchema,
  defaultPisCst: codeIn(PIS_COFINS_CST, "PIS CST"),
  defaultPisRate: PercentSchema,
  defaultCofinsCst: codeIn(PIS_COFINS_CST, "COFINS CST"),
  defaultCofinsRate: PercentSchema,
  defaultIpiCst: codeIn(IPI_CST, "IPI CST"),
  defaultIpiRate: PercentSchema,
  defaultIpiCEnq: digitsField(/^\d{3}$/, "IPI enquadramento has 3 digits (999 when none applies)"),
  // IBS/CBS (LC 214/2025, NT 2025.002): CST of 3 digits and cClassTrib of 6.
  defaultIbsCbsCst: digitsField(/^\d{3}$/, "IBS/CBS CST has 3 digits"),
  defaultCClassTrib: digitsField(/^\d{6}$/, "cClassTrib has 6 digits"),
  cbsRate: PercentSchema,
  ibsStateRate: PercentSchema,
  ibsMunicipalRate: PercentSchema,
  /** Day (YYYY-MM-DD, issue date in the company's calendar) from which the three rates above apply; they are used only where the law fixes no rate for that date (docs/api-notes/tax-reform.md). */
  ibsCbsRatesValidFrom: z.iso.date("a date YYYY-MM-DD").nullish().transform((v) => v ?? null),

  // NFS-e national standard (DPS 1.01): regime groups, DPS numbering, default service and ISS.
  /** regApTribSN: 1 ISS in the Simples, 2 federal taxes in the Simples and ISS outside, 3 both outside; for ME/EPP (opSimpNac 3). */
  nfseRegApTribSN: z.coerce.number().int().min(1, "1, 2 or 3").max(3, "1, 2 or 3").nullish().transform((v) => v ?? null),
  /** regEspTrib: 0 none, 1 cooperative, 2 estimate, 3 municipal microenterprise, 4 notary, 5 self-employed, 6 professional society, 9 other. */
  nfseRegEspTrib: z.coerce.number().int().refine((v) => [0, 1, 2, 3, 4, 5, 6, 9].includes(v), { message: "0-6 or 9 (regEspTrib)" }).default(0),
  dpsSeries: seriesField.default(1),
  /** Next nDPS of the DPS series in the current environment; null leaves the counter as it is. */
  dpsNextNumber: nextNumberField,
  nfseServiceCode: digitsField(/^\d{6}$/, "national service code (cTribNac) has 6 digits"),
  nfseMunicipalServiceCode: digitsField(/^\d{3}$/, "municipal service code (cTribMun) has 3 digits"),
  nfseNbsCode: digitsField(/^\d{9}$/, "NBS code has 9 digits"),
  /** ISS rate (LC 116/2003 art. 8: at most 5%) used when no NFSE tax rule gives one. */
  nfseIssRate: PercentSchema.refine((v) => v === null || Number(v) <= 5, { message: "the ISS rate is at most 5%" }),

  // infRespTec (NT 2018.005): the software house responsible for the system.
  respTecCnpj: z
    .string()
    .nullish()
    .transform((v) => (v && v.trim() ? v : null))
    .pipe(CnpjSchema.nullable()),
  respTecContact: optionalText(60),
  respTecEmail: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || z.email().safeParse(v).success, { message: "invalid e-mail" }),
  respTecPhone: digitsField(/^\d{6,14}$/, "6 to 14 digits, with area code"),
  respTecCsrtId: digitsField(/^\d{2}$/, "CSRT id has 2 digits"),
  respTecCsrt: optionalText(36),

  // Received documents (docs/api-notes/received-documents.md): register the ciência (210210) of each new NF-e issued to the company at once.
  // The dashboard's select sends "true"/"false"; absent or null keeps the default, true.
  receivedAutoAcknowledge: z
    .union([z.boolean(), z.enum(["true", "false"])])
    .nullish()
    .transform((v) => (v === null || v === undefined ? true : v === true || v === "true")),

  // Recipient's registration check before an NF-e to a contributor (docs/api-notes/lookups.md): true stops an
  // inactive or missing IE with 422 recipient_registration_inactive; false emits with a warning. Default true.
  recipientRegistrationBlocks: z
    .union([z.boolean(), z.enum(["true", "false"])])
    .nullish()
    .transform((v) => (v === null || v === undefined ? true : v === true || v === "true")),

  // DANFE options (issue 58 item 4, docs/api-notes/branding.md): the canhoto (receipt stub) of the DANFE, default
  // printed; a message at the foot of the DANFE and DANFE NFC-e (one or two lines, no line breaks).
  danfeCanhoto: z
    .union([z.boolean(), z.enum(["true", "false"])])
    .nullish()
    .transform((v) => (v === null || v === undefined ? true : v === true || v === "true")),
  // The DANFE NFC-e's summary layout (resumido, without the items: MOC "DANFE NFC-e e QR Code" item 1), default off;
  // GET …/danfe?nfceLayout=full|summary chooses per print.
  danfeNfceSummary: z
    .union([z.boolean(), z.enum(["true", "false"])])
    .nullish()
    .transform((v) => (v === null || v === undefined ? false : v === true || v === "true")),
  documentFooterMessage: z
    .string()
    .trim()
    .max(DOCUMENT_FOOTER_MAX, `at most ${DOCUMENT_FOOTER_MAX} characters`)
    .refine((v) => !/\p{Cc}/u.test(v), { message: "one line of text, without line breaks or control characters" })
    .nullish()
    .transform((v) => (v ? v : null)),
});

type Values = z.output<typeof FiscalSettingsObject>;

/** Rules between fields: IE of the UF, IBGE code of the UF, CST or CSOSN by regime, CSC pair, infRespTec pair. */
export function checkFiscalSettings(value: Values, ctx: z.RefinementCtx): void {
  const issue = (path: keyof Values, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (!municipalityBelongsToState(value.municipalityCode, value.state)) {
    issue("municipalityCode", `IBGE code ${value.municipalityCode} does not belong to ${value.state}`);
  }
  if (value.stateRegistration) {
    const problem = stateRegistrationProblem(value.stateRegistration, value.state);
    if (problem) issue("stateRegistration", problem);
  }
  if (value.defaultIcmsCst) {
    const problem = icmsCodeProblem(value.taxRegime, value.defaultIcmsCst);
    if (problem) issue("defaultIcmsCst", problem.replace(/^icmsCst /, "ICMS code "));
  }
  // A CST with rate reduction (011, 200, 515) takes the reduction of its cClassTrib (NT 2025.002 gRed).
  const classification = value.defaultIbsCbsCst ? ibsCbsClassificationProblem(value.defaultIbsCbsCst, value.defaultCClassTrib) : null;
  if (classification) issue("defaultCClassTrib", classification);
  if (value.cscId && !value.cscToken) issue("cscToken", "the CSC is required when its id is set");
  if (value.cscToken && !value.cscId) issue("cscId", "the CSC id is required when the CSC is set");
  if (value.respTecCsrt && !value.respTecCsrtId) issue("respTecCsrtId", "the CSRT id is required with the CSRT");
  if (value.respTecCsrtId && !value.respTecCsrt) issue("respTecCsrt", "the CSRT is required with its id");
}

export const FiscalSettingsSchema = FiscalSettingsObject.superRefine(checkFiscalSettings);
export type FiscalSettingsInput = z.input<typeof FiscalSettingsSchema>;
export type FiscalSettings = z.output<typeof FiscalSettingsSchema>;

/** PATCH semantics: any subset; the merged result is validated with FiscalSettingsSchema. */
export const UpdateFiscalSettingsInput = FiscalSettingsObject.partial();
export type UpdateFiscalSettingsInput = z.input<typeof UpdateFiscalSettingsInput>;
