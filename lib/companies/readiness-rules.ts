import type { Company } from "@prisma/client";
import type { ErrorCode } from "@/lib/errors";

// What a company needs before it can emit each document type (spec, "What the
// service does" 7; issue 3 item 4). One set of rules feeds both the 422 of
// emission (assertEmissionPrerequisites) and the dashboard checklist.

export type EmissionDocumentType = "NFE" | "NFCE" | "NFSE";
export const EMISSION_DOCUMENT_TYPES: readonly EmissionDocumentType[] = ["NFE", "NFCE", "NFSE"];

/** The active certificate; `selfSigned` (issuer = subject, a test certificate) when the caller read it. */
export type CertificateState = { holderCnpj: string; notAfter: Date; selfSigned?: boolean } | null;

export type ReadinessCheck = {
  id: "certificate" | "certificate_chain" | "fiscal_settings" | "csc" | "default_taxes" | "technical_responsible" | "nfse_service";
  label: string;
  ok: boolean;
  /** Blocking checks stop emission with `code`; the others are advice. */
  blocking: boolean;
  code?: ErrorCode;
  /** What to fix, for the accountant. */
  message: string;
};

type CompanyFields = Pick<
  Company,
  | "cnpj" | "legalName" | "stateRegistration" | "municipalRegistration" | "street" | "streetNumber" | "neighborhood" | "city"
  | "municipalityCode" | "state" | "zipCode" | "cscId" | "cscToken" | "defaultNcm" | "defaultCfop" | "defaultIcmsOrigin"
  | "defaultIcmsCst" | "respTecCnpj" | "respTecContact" | "respTecEmail" | "respTecPhone"
> & Partial<Pick<Company, "environment" | "nfseServiceCode" | "nfseIssRate" | "taxRegime" | "nfseRegApTribSN">>;

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
  return REQUIRED_FIELDS[type].filter((field) => blank(company[field] as string | null)).map((field) => FIELD_LABELS[field] ?? field);
}

function certificateCheck(company: CompanyFields, certificate: CertificateState, now: Date): ReadinessCheck {
  const base = { id: "certificate" as const, label: "Digital certificate (A1)", blocking: true };
  if (!certificate) {
    return { ...base, ok: false, code: "certificate_missing", message: "No digital certificate: upload the company's A1 (.pfx) under Certificate." };
  }
  if (certificate.notAfter.getTime() <= now.getTime()) {
    return { ...base, ok: false, code: "certificate_expired", message: `The certificate expired on ${certificate.notAfter.toISOString().slice(0, 10)}: upload a valid one under Certificate.` };
  }
  if (certificate.holderCnpj.slice(0, 8) !== company.cnpj.slice(0, 8)) {
    return { ...base, ok: false, code: "certificate_cnpj_mismatch", message: `The certificate belongs to CNPJ ${certificate.holderCnpj}, not to this company's root: upload the company's certificate.` };
  }
  return { ...base, ok: true, message: `Valid until ${certificate.notAfter.toISOString().slice(0, 10)}.` };
}

/** Every check of one document type, in the order emission reports them. */
export function evaluateReadiness(company: CompanyFields, certificate: CertificateState, type: EmissionDocumentType, now: Date = new Date()): ReadinessCheck[] {
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
    });
  }

  const missing = missingFiscalFields(company, type);
  checks.push({
    id: "fiscal_settings",
    label: "Fiscal settings",
    blocking: true,
    ok: missing.length === 0,
    ...(missing.length ? { code: "fiscal_settings_incomplete" as const } : {}),
    message: missing.length
      ? `Fiscal settings incomplete for ${TYPE_NAMES[type]}: fill in ${missing.join(", ")} under Settings.`
      : "Issuer identification and address are complete.",
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
    });
  }

  if (type === "NFSE") checks.push(nfseServiceCheck(company));

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
    });
    const respTecSet = !blank(company.respTecCnpj) && !blank(company.respTecContact) && !blank(company.respTecEmail) && !blank(company.respTecPhone);
    checks.push({
      id: "technical_responsible",
      label: "Technical responsible (infRespTec)",
      blocking: false,
      ok: respTecSet,
      message: respTecSet ? "infRespTec data configured." : "Some states require infRespTec (NT 2018.005); fill in CNPJ, contact, e-mail and phone of the software house.",
    });
  }
  return checks;
}

/** NFS-e advice: without a default national service code and ISS rate every item (or tax rule) must bring them. */
function nfseServiceCheck(company: CompanyFields): ReadinessCheck {
  const service = !blank(company.nfseServiceCode);
  const rate = company.nfseIssRate !== null && company.nfseIssRate !== undefined;
  const simples = company.taxRegime === "SIMPLES_NACIONAL" || company.taxRegime === "SIMPLES_EXCESS";
  const regime = simples && (company.nfseRegApTribSN === null || company.nfseRegApTribSN === undefined)
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
  };
}
