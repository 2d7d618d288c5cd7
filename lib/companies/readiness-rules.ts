import type { Company } from "@prisma/client";
import type { ErrorCode } from "@/lib/errors";
import { isValidNbsCode } from "@/lib/fiscal/nfse/national-services";
import { isAbrasf, isPaulistana, nfseProviderFor, type PaulistanaProvider } from "@/lib/authority/nfse-providers";
import { todayIn } from "@/lib/br/date-input";
import { stateInfo } from "@/lib/br/states";
import { reformRatesAhead } from "@/lib/tax/data/reform-rates";
import { certificateDaysLeft } from "@/lib/certificates/certificate-summary";
import type { PendingGaps } from "@/lib/numbering";

// What a company needs before it can emit each document type (spec, "What the
// service does" 7; issue 3 item 4). One set of rules feeds both the 422 of
// emission (assertEmissionPrerequisites) and the dashboard checklist.

export type EmissionDocumentType = "NFE" | "NFCE" | "NFSE";
export const EMISSION_DOCUMENT_TYPES: readonly EmissionDocumentType[] = ["NFE", "NFCE", "NFSE"];

/**
 * The active certificate; `selfSigned` (issuer = subject, a test certificate) when the caller read it;
 * `heldElsewhere` when another company holds the reservation of this company's CNPJ and environment
 * (lib/certificates/cnpj-reservation.ts, issue 49 item 5).
 */
export type CertificateState = { holderCnpj: string; notAfter: Date; selfSigned?: boolean; heldElsewhere?: boolean } | null;

export type ReadinessCheck = {
  id: "certificate" | "certificate_chain" | "fiscal_settings" | "csc" | "default_taxes" | "reform_rates" | "technical_responsible" | "nfse_service" | "nfse_nbs" | "nfse_provider" | "mdfe" | "numbering_gaps";
  label: string;
  ok: boolean;
  /** Blocking checks stop emission with `code`; the others are advice. */
  blocking: boolean;
  code?: ErrorCode;
  /** What to fix, for the accountant (English, as the API reports it). */
  message: string;
  /** The same, as a catalogue key and its data, for the dashboard's languages (readiness.details.*). */
  detail: ReadinessDetail;
};

export type ReadinessDetail = {
  key:
    | "certificateMissing" | "certificateExpired" | "certificateCnpjMismatch" | "cnpjReserved" | "certificateValid" | "certificateSelfSigned"
    | "settingsIncomplete" | "settingsComplete" | "cscConfigured" | "cscMissing" | "defaultTaxesSet" | "defaultTaxesMissing"
    | "reformRatesSet" | "reformRatesMissing" | "respTecSet" | "respTecMissing" | "nfseServiceSet" | "nfseServiceMissing" | "nfseNbsValid" | "nfseNbsInvalid" | "nfseProviderCity"
    | "nfsePaulistanaCity" | "nfsePaulistanaCcm" | "nfsePaulistanaLayout2"
    | "mdfeVehicleMissing" | "mdfeVehicleRegistered" | "numberingGapsPending";
  /** Dates as yyyy-mm-dd, codes and rates as stored. */
  values?: Record<string, string>;
  /** Company fields still blank (fiscal_settings), by field name. */
  missingFields?: string[];
  /** The regApTribSN assumed while the Simples Nacional company has none set. */
  assumedRegApTribSN?: "1" | "2";
};

type CompanyFields = Pick<
  Company,
  | "cnpj" | "legalName" | "stateRegistration" | "municipalRegistration" | "street" | "streetNumber" | "neighborhood" | "city"
  | "municipalityCode" | "state" | "zipCode" | "cscId" | "cscToken" | "defaultNcm" | "defaultCfop" | "defaultIcmsOrigin"
  | "defaultIcmsCst" | "respTecCnpj" | "respTecContact" | "respTecEmail" | "respTecPhone"
> & Partial<Pick<Company, "environment" | "nfseServiceCode" | "nfseNbsCode" | "nfseIssRate" | "taxRegime" | "nfseRegApTribSN" | "cbsRate" | "ibsStateRate" | "ibsMunicipalRate" | "ibsCbsRatesValidFrom">>;

const FIELD_LABELS: Partial<Record<keyof CompanyFields, string>> = {
  legalName: "legal name",
  stateRegistration: "state registration (IE or ISENTO)",
  municipalRegistration: "municipal registration (IM)",
  street: "street",
  streetNumber: "street number",
  neighborhood: "neighborhood",
  city: "city",
  municipalityCode: "IBGE municipality code",
  state: "state (UF)",
  zipCode: "ZIP code (CEP)",
};

// The issuer block emit (MOC 4.00, group C) and the DPS prestador (NFS-e layout 1.01).
const REQUIRED_FIELDS: Record<EmissionDocumentType, (keyof CompanyFields)[]> = {
  NFE: ["legalName", "stateRegistration", "street", "streetNumber", "neighborhood", "city", "municipalityCode", "state", "zipCode"],
  NFCE: ["legalName", "stateRegistration", "street", "streetNumber", "neighborhood", "city", "municipalityCode", "state", "zipCode"],
  NFSE: ["legalName", "municipalRegistration", "street", "streetNumber", "neighborhood", "city", "municipalityCode", "state", "zipCode"],
};

const TYPE_NAMES: Record<EmissionDocumentType, string> = { NFE: "NF-e", NFCE: "NFC-e", NFSE: "NFS-e" };

const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === "";

export function missingFiscalFields(company: CompanyFields, type: EmissionDocumentType): string[] {
  return missingFieldNames(company, type).map((field) => FIELD_LABELS[field] ?? field);
}

function missingFieldNames(company: CompanyFields, type: EmissionDocumentType): (keyof CompanyFields)[] {
  return REQUIRED_FIELDS[type].filter((field) => blank(company[field] as string | null));
}

function certificateCheck(company: CompanyFields, certificate: CertificateState, now: Date): ReadinessCheck {
  const base = { id: "certificate" as const, label: "Digital certificate (A1)", blocking: true };
  if (!certificate) {
    return { ...base, ok: false, code: "certificate_missing", message: "No digital certificate: upload the company's A1 (.pfx) under Certificate.", detail: { key: "certificateMissing" } };
  }
  if (certificate.notAfter.getTime() <= now.getTime()) {
    // The instant, not its UTC date: the dashboard shows it in the company's zone like every other date.
    const date = certificate.notAfter.toISOString();
    return { ...base, ok: false, code: "certificate_expired", message: `The certificate expired on ${date}: upload a valid one under Certificate.`, detail: { key: "certificateExpired", values: { date } } };
  }
  if (certificate.holderCnpj.slice(0, 8) !== company.cnpj.slice(0, 8)) {
    return { ...base, ok: false, code: "certificate_cnpj_mismatch", message: `The certificate belongs to CNPJ ${certificate.holderCnpj}, not to this company's root: upload the company's certificate.`, detail: { key: "certificateCnpjMismatch", values: { cnpj: certificate.holderCnpj } } };
  }
  if (certificate.heldElsewhere) {
    // Only a company with a certificate of the root gets here: it proved what the other company proved first.
    return { ...base, ok: false, code: "cnpj_reserved", message: `Another company proved ownership of CNPJ ${company.cnpj} in ${company.environment} first: this company cannot emit until the installation's support transfers the reservation to it.`, detail: { key: "cnpjReserved", values: { cnpj: company.cnpj } } };
  }
  const until = certificate.notAfter.toISOString();
  // The days left, as the certificate page and the expiry alerts count them (issue 58 item 3).
  const days = certificateDaysLeft(certificate.notAfter, now);
  return { ...base, ok: true, message: `Valid until ${until} (${days} ${days === 1 ? "day" : "days"} left).`, detail: { key: "certificateValid", values: { date: until, days: String(days) } } };
}

/**
 * What the company has for the MDF-e (model 58, lib/mdfe): the manifests it issued in any state and
 * the vehicles registered under its carriers. Read by the checklist; emission leaves it out.
 */
export type MdfeState = { manifestsIssued: number; registeredVehicles: number };

/**
 * Advice for a company that never issued an MDF-e (issue 55 item 3): what a manifest needs, none of it
 * blocking (an MDF-e is optional: only a company that carries its goods between states issues one).
 * Our manifests are issued as transportador de carga própria (tpEmit 2), so RNTRC (infANTT) is optional
 * (NT MDF-e 2025.001 v1.03, rules F113a/F113b apply to tpEmit 1 with TAC); a company that issues as
 * transportador (tpEmit 1) must inform its RNTRC. The vehicle of the rodoviário modal needs plate and
 * UF (a registered vehicle or inline), tara, tpRod and tpCar, RENAVAM and capacity when known; 1-10
 * drivers with CPF (mdfeModalRodoviario_v3.00.xsd, veicTracao). No check once one was issued.
 * Always `ok` (information, as nfse_provider): a company that never carries goods has nothing to fix.
 */
export function mdfeAdviceCheck(state: MdfeState): ReadinessCheck | null {
  if (state.manifestsIssued > 0) return null;
  const ok = state.registeredVehicles > 0;
  return {
    id: "mdfe",
    label: "Transport manifest (MDF-e)",
    blocking: false,
    ok: true,
    message:
      (ok ? `${state.registeredVehicles} registered vehicle(s) under Carriers can be named by vehicleId. ` : "No vehicle registered: register the vehicle (plate and state) under Carriers, or send it inline. ") +
      "To carry goods between states the company issues an MDF-e with the NF-e on board: each manifest brings the vehicle's tara (kg), wheel and body type, RENAVAM and capacity when known, and 1 to 10 drivers with name and CPF. " +
      "RNTRC is optional for own goods (tpEmit 2); a company issuing as transportador (tpEmit 1) must send its RNTRC.",
    detail: ok ? { key: "mdfeVehicleRegistered", values: { vehicles: String(state.registeredVehicles) } } : { key: "mdfeVehicleMissing" },
  };
}

/**
 * Advice (issue 56 item 5), from the 5th: numbers of an earlier month that can never be used still wait
 * for their inutilization in series without autoInutilize, and the deadline is the 10th (Ajuste SINIEF
 * 07/05; lib/numbering/pending-gaps.ts, the same computation as the webhook numbering.gaps_pending).
 * Shown only while it applies (as certificate_chain), for the model's document type.
 */
export function numberingGapsCheck(gaps: PendingGaps | null, type: EmissionDocumentType): ReadinessCheck | null {
  const model = type === "NFE" ? "55" : type === "NFCE" ? "65" : null;
  const series = gaps?.series.filter((s) => s.model === model) ?? [];
  if (!gaps || series.length === 0) return null;
  const count = series.reduce((sum, s) => sum + s.numbers.length, 0);
  const list = series.map((s) => `series ${s.series}: ${s.numbers.slice(0, 10).join(", ")}${s.numbers.length > 10 ? ", …" : ""}`).join("; ");
  return {
    id: "numbering_gaps",
    label: "Numbers awaiting inutilization",
    blocking: false,
    ok: false,
    message: `${count} number(s) of an earlier month were never used (${list}): inutilize them by ${gaps.deadline} (Ajuste SINIEF 07/05), under Numbering, or turn on automatic inutilization for the series.`,
    detail: { key: "numberingGapsPending", values: { count: String(count), date: gaps.deadline, series: series.map((s) => String(s.series)).join(", ") } },
  };
}

/**
 * Every check of one document type, in the order emission reports them; `mdfe` adds the MDF-e advice to NF-e's,
 * `gaps` (lib/numbering/pending-gaps.ts) the numbering-gaps advice to NF-e's and NFC-e's.
 */
export function evaluateReadiness(company: CompanyFields, certificate: CertificateState, type: EmissionDocumentType, now: Date = new Date(), mdfe?: MdfeState, gaps?: PendingGaps | null): ReadinessCheck[] {
  const checks: ReadinessCheck[] = [certificateCheck(company, certificate, now)];
  // Advice, not a block: the authority itself refuses a certificate outside the ICP-Brasil chain
  // in production, while a self-signed test certificate is what homologation with the simulator uses.
  if (company.environment === "PRODUCTION" && certificate?.selfSigned) {
    checks.push({
      id: "certificate_chain",
      label: "Certificate chain (ICP-Brasil)",
      blocking: false,
      ok: false,
      message: "The active certificate is self-signed (a test certificate): the SEFAZ refuses it in PRODUCTION. Upload the company's ICP-Brasil A1 under Certificate.",
      detail: { key: "certificateSelfSigned" },
    });
  }

  const missingNames = missingFieldNames(company, type);
  const missing = missingNames.map((field) => FIELD_LABELS[field] ?? field);
  checks.push({
    id: "fiscal_settings",
    label: "Fiscal settings",
    blocking: true,
    ok: missing.length === 0,
    ...(missing.length ? { code: "fiscal_settings_incomplete" as const } : {}),
    message: missing.length
      ? `Fiscal settings incomplete for ${TYPE_NAMES[type]}: fill in ${missing.join(", ")} under Settings.`
      : "Issuer identification and address are complete.",
    detail: missing.length ? { key: "settingsIncomplete", values: { type: TYPE_NAMES[type] }, missingFields: missingNames } : { key: "settingsComplete" },
  });

  if (type === "NFCE") {
    const hasCsc = !blank(company.cscId) && !blank(company.cscToken);
    checks.push({
      id: "csc",
      label: "NFC-e CSC (QR code token)",
      blocking: true,
      ok: hasCsc,
      ...(hasCsc ? {} : { code: "csc_missing" as const }),
      message: hasCsc ? `CSC id ${company.cscId} configured.` : "NFC-e needs the CSC and its id issued by the SEFAZ: fill them in under Settings.",
      detail: hasCsc ? { key: "cscConfigured", values: { id: company.cscId ?? "" } } : { key: "cscMissing" },
    });
  }

  if (type === "NFSE") {
    const nbs = nfseNbsCheck(company);
    if (nbs) checks.push(nbs);
    checks.push(nfseServiceCheck(company));
    const provider = nfseProviderCheck(company, now);
    if (provider) checks.push(provider);
  }

  if (type !== "NFSE") {
    const taxesSet = !blank(company.defaultNcm) && !blank(company.defaultCfop) && !blank(company.defaultIcmsOrigin) && !blank(company.defaultIcmsCst);
    checks.push({
      id: "default_taxes",
      label: "Default taxes",
      blocking: false,
      ok: taxesSet,
      message: taxesSet
        ? "Default NCM, CFOP, ICMS origin and CST configured."
        : "Without default NCM, CFOP, ICMS origin and CST every item must bring its own (item, tax rule, product or template).",
      detail: { key: taxesSet ? "defaultTaxesSet" : "defaultTaxesMissing" },
    });
    checks.push(reformRatesCheck(company, now));
    const respTecSet = !blank(company.respTecCnpj) && !blank(company.respTecContact) && !blank(company.respTecEmail) && !blank(company.respTecPhone);
    checks.push({
      id: "technical_responsible",
      label: "Technical responsible (infRespTec)",
      blocking: false,
      ok: respTecSet,
      message: respTecSet ? "infRespTec data configured." : "Some states require infRespTec (NT 2018.005); fill in CNPJ, contact, e-mail and phone of the software house.",
      detail: { key: respTecSet ? "respTecSet" : "respTecMissing" },
    });
  }
  if (type === "NFE" && mdfe) {
    const advice = mdfeAdviceCheck(mdfe);
    if (advice) checks.push(advice);
  }
  const gapsAdvice = gaps === undefined ? null : numberingGapsCheck(gaps, type);
  if (gapsAdvice) checks.push(gapsAdvice);
  return checks;
}

const RATE_FIELDS = { cbs: "cbsRate", ibsState: "ibsStateRate", ibsMunicipal: "ibsMunicipalRate" } as const;

/**
 * Advice (issue 48 item 6): for today's period of the reform and the next
 * (lib/tax/data/reform-rates.ts), each IBS/CBS rate the law leaves open (the
 * CBS from 2027: a Senate resolution's reference rate) must come from the
 * company's dated rates, or documents issued in that period are refused at
 * creation (422 invalid_taxation). Dates are the company's calendar.
 */
function reformRatesCheck(company: CompanyFields, now: Date): ReadinessCheck {
  const today = todayIn(stateInfo(company.state || "SP").timezone, now);
  const base = { id: "reform_rates" as const, label: "IBS/CBS rates by issue date", blocking: false };
  for (const period of reformRatesAhead(today)) {
    const from = period.from > today ? period.from : today;
    const covered = !!company.ibsCbsRatesValidFrom && company.ibsCbsRatesValidFrom <= from;
    const missing = period.openRates.map((rate) => RATE_FIELDS[rate]).filter((field) => !covered || company[field] === null || company[field] === undefined);
    if (missing.length > 0) {
      return {
        ...base,
        ok: false,
        message:
          `From ${from} the law fixes no ${missing.join(", ")} (${period.source}): set the company's ${missing.join(", ")} and ibsCbsRatesValidFrom ` +
          `(${from} or earlier) under Settings, or NF-e and NFC-e issued from that day are refused (422 invalid_taxation).`,
        detail: { key: "reformRatesMissing", values: { from, fields: missing.join(", ") } },
      };
    }
  }
  return { ...base, ok: true, message: "The IBS/CBS rates of today's period and the next come from the law or the company's dated rates.", detail: { key: "reformRatesSet" } };
}

/**
 * A default NBS code (the DPS's cNBS) outside NBS 2.0 would be refused by Sefin (E0316) after the
 * DPS number is spent: blocking, so emission answers 422 naming the field before anything is sent.
 * No check without a code: cNBS is optional in the DPS.
 */
function nfseNbsCheck(company: CompanyFields): ReadinessCheck | null {
  const code = company.nfseNbsCode;
  if (blank(code)) return null;
  const base = { id: "nfse_nbs" as const, label: "NBS code", blocking: true };
  if (isValidNbsCode(code!)) return { ...base, ok: true, message: `NBS code ${code} is a valid NBS 2.0 code.`, detail: { key: "nfseNbsValid", values: { code: code! } } };
  return {
    ...base,
    ok: false,
    code: "fiscal_settings_incomplete",
    message: `The NBS code (nfseNbsCode) ${code} is not a valid NBS 2.0 code: choose one under Settings, NFS-e.`,
    detail: { key: "nfseNbsInvalid", values: { code: code! } },
  };
}

/** NFS-e advice: without a default national service code and ISS rate every item (or tax rule) must bring them. */
/**
 * A city with its own NFS-e system (issue 57, lib/authority/nfse-providers): advice saying which one
 * and what differs there (the Inscrição Municipal is already a blocking field of every NFS-e). None on
 * the Sefin Nacional.
 */
function nfseProviderCheck(company: CompanyFields, now: Date): ReadinessCheck | null {
  const provider = company.municipalityCode ? nfseProviderFor(company.municipalityCode, now) : null;
  if (provider && isPaulistana(provider)) return paulistanaCheck(company, provider, now);
  if (!provider || !isAbrasf(provider)) return null;
  const values = { city: provider.name, system: provider.system, version: provider.version };
  return {
    id: "nfse_provider",
    label: "NFS-e system of the city",
    blocking: false,
    ok: true,
    message: `${provider.name} authorizes NFS-e in its own system (${provider.system}, ABRASF ${provider.version}), not on the Sefin Nacional: the RPS takes the DPS series and number, the NFS-e has the city's number and verification code and no national key, cancellation needs nfseReasonCode 1 or 2, and the printed form is the city's.`,
    detail: { key: "nfseProviderCity", values },
  };
}

/**
 * São Paulo (Nota Fiscal Paulistana, issue 57): blocking when what the city needs is missing:
 * the CCM (Inscrição Municipal) with 8 digits, and from layout 2's day (01/01/2026) the NBS code
 * its RPS carries (nfseNbsCode) for a company outside the Simples Nacional (the Simples may keep layout 1).
 * No error code: creating and emitting still go through and the emission is REJECTED with the
 * same reason (to-paulistana-input.ts), as for an ABRASF city's missing IM.
 */
function paulistanaCheck(company: CompanyFields, provider: PaulistanaProvider, now: Date): ReadinessCheck {
  const label = "NFS-e system of the city";
  const today = now.toISOString().slice(0, 10);
  const simples = company.taxRegime === "SIMPLES_NACIONAL" || company.taxRegime === "SIMPLES_EXCESS" || company.taxRegime === "MEI";
  if (provider.layout2From && today >= provider.layout2From && !simples && !company.nfseNbsCode) {
    return {
      id: "nfse_provider", label, blocking: true, ok: false,
      message: `${provider.name} takes the tax reform's RPS layout 2 since ${provider.layout2From}, which carries the NBS code: set nfseNbsCode under Settings, NFS-e.`,
      detail: { key: "nfsePaulistanaLayout2", values: { city: provider.name, from: provider.layout2From } },
    };
  }
  if (!/^\d{8}$/.test(company.municipalRegistration ?? "")) {
    return {
      id: "nfse_provider", label, blocking: true, ok: false,
      message: `${provider.name} identifies the provider by its CCM (Inscrição Municipal) with 8 digits: set municipalRegistration under Settings.`,
      detail: { key: "nfsePaulistanaCcm", values: { city: provider.name } },
    };
  }
  return {
    id: "nfse_provider", label, blocking: false, ok: true,
    message: `${provider.name} authorizes NFS-e in its own system (${provider.system}), not on the Sefin Nacional: the RPS takes the DPS series (up to 5 characters) and number under the CCM, each NFS-e needs the city's service code (items[].serviceCode, 4–5 digits, unless the national code maps to one), the NFS-e has the city's number and verification code, and the printed form is the city's.`,
    detail: { key: "nfsePaulistanaCity", values: { city: provider.name, system: provider.system } },
  };
}

function nfseServiceCheck(company: CompanyFields): ReadinessCheck {
  const service = !blank(company.nfseServiceCode);
  const rate = company.nfseIssRate !== null && company.nfseIssRate !== undefined;
  const simples = company.taxRegime === "SIMPLES_NACIONAL" || company.taxRegime === "SIMPLES_EXCESS";
  const assumed = simples && (company.nfseRegApTribSN === null || company.nfseRegApTribSN === undefined) ? (company.taxRegime === "SIMPLES_EXCESS" ? "2" : "1") : undefined;
  const regime = assumed
    ? ` The Simples Nacional tax calculation regime (regApTribSN) is not set: ${company.taxRegime === "SIMPLES_EXCESS" ? "2 (ISS outside the Simples)" : "1 (ISS in the Simples)"} is assumed.`
    : "";
  return {
    id: "nfse_service",
    label: "NFS-e service and ISS",
    blocking: false,
    ok: service && rate && regime === "",
    message: (service && rate
      ? `Default national service code ${company.nfseServiceCode} and ISS rate ${String(company.nfseIssRate)}% configured.`
      : "Without a default national service code (cTribNac) and ISS rate, every NFS-e item must bring its service code and an NFSE tax rule its ISS rate (Settings, NFS-e).") + regime,
    detail: {
      ...(service && rate ? { key: "nfseServiceSet" as const, values: { code: company.nfseServiceCode ?? "", rate: String(company.nfseIssRate) } } : { key: "nfseServiceMissing" as const }),
      ...(assumed && { assumedRegApTribSN: assumed }),
    },
  };
}

// Not blank as `blank` above says it: JavaScript's trim() removes every white space and line
// terminator of ECMAScript (the no-break space and the byte order mark among them, which POSIX
// [:space:] leaves), so the class lists them (blocking-checks-sql.integration.test.ts).
const JS_WHITE_SPACE = String.raw`\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff`;
const notBlankSql = (column: string) => `coalesce(${column}, '') ~ '[^${JS_WHITE_SPACE}]'`;

/**
 * The blocking checks of a document type (certificate, fiscal settings, CSC, NBS code) as one SQL
 * condition, from the same rules as evaluateReadiness: `company` is the Company row's alias, `type`
 * an SQL expression of the document type, `now` a timestamp expression (UTC). The certificate is the
 * company's active one, newest first, as the emission reads it. For statements that must act only
 * on a company emission would not refuse (the emission's load numbers the document in the same
 * statement, lib/emission/load-emission-document.ts); the TypeScript rules still decide the refusal.
 * `validNbsCode`: an SQL expression of an NBS code the caller checked with isValidNbsCode (or NULL).
 * The NBS 2.0 list lives in a file, not in the database, so an NFS-e company with a code passes only
 * when its code is that one; otherwise the condition is false and the TypeScript rules decide
 * before numbering (never the other way round: a document numbered here is never refused for it).
 */
/** Another company holds the reservation of the company's CNPJ and environment (`company`: the Company row's alias). */
export const CNPJ_HELD_ELSEWHERE_SQL = (company: string) =>
  `SELECT 1 FROM "CnpjReservation" v WHERE v."cnpj" = ${company}."cnpj" AND v."environment" = ${company}."environment" AND v."companyId" <> ${company}."id"`;

export function blockingChecksPassSql(company: string, type: string, now: string, validNbsCode = "NULL"): string {
  const fields = (documentType: EmissionDocumentType) => REQUIRED_FIELDS[documentType].map((field) => notBlankSql(`${company}."${field}"`)).join(" AND ");
  return `(EXISTS (SELECT 1 FROM (SELECT k."holderCnpj", k."notAfter" FROM "Certificate" k WHERE k."companyId" = ${company}."id" AND k."isActive" ORDER BY k."createdAt" DESC LIMIT 1) k
      WHERE k."notAfter" > ${now} AND left(k."holderCnpj", 8) = left(${company}."cnpj", 8))
    AND NOT EXISTS (${CNPJ_HELD_ELSEWHERE_SQL(company)})
    AND CASE ${type} WHEN 'NFCE' THEN ${fields("NFCE")} AND ${notBlankSql(`${company}."cscId"`)} AND ${notBlankSql(`${company}."cscToken"`)}
      WHEN 'NFE' THEN ${fields("NFE")}
      WHEN 'NFSE' THEN ${fields("NFSE")} AND (NOT ${notBlankSql(`${company}."nfseNbsCode"`)} OR ${company}."nfseNbsCode" = ${validNbsCode}::text)
      ELSE false END)`;
}
