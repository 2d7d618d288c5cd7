import { stateInfo } from "@/lib/br";
import { credentialsOf } from "@/lib/certificates";
import type { Queryable } from "@/lib/db/sql";
import { DomainError } from "@/lib/errors";
import { assertBusinessRules, buildAccessKey, buildSignedNfe, BusinessRuleError, randomCnf } from "@/lib/fiscal/nfe";
import { sameMinuteMemo, type MinuteMemo } from "@/lib/fiscal/nfe/format";
import type { EmissionRefusal } from "./outcomes";
import { tpEmisOf, toNfeInput, type StoredDocument } from "./to-nfe-input";

// The stored document as a keyed, signed and checked NF-e/NFC-e: shared by the first attempt
// (prepare-emission.ts) and the NFC-e issue-time refresh before a re-send (refresh-nfce-issue-time.ts).

export type Numbered = { kind: "numbered"; number: number; series: number };

/**
 * The stored, numbered and keyed document as a signed NF-e/NFC-e that passed
 * the schema and the SEFAZ business rules (issue 15), or the refusal naming
 * what failed (the document is then REJECTED with that code).
 */
export async function buildCheckedNfe(client: Queryable, keyed: StoredDocument, certificate: { id: string; companyId: string }): Promise<{ kind: "built"; signedXml: string } | EmissionRefusal> {
  const input = toNfeInput(keyed);
  if ("kind" in input) return input;
  try {
    const built = buildSignedNfe(input, await credentialsOf(certificate, client));
    if (built.accessKey !== keyed.accessKey) {
      const reason = `The built access key ${built.accessKey} differs from the document's ${keyed.accessKey}; the issue date must stay in the month of the key`;
      return { kind: "refused", code: "access_key_mismatch", reason };
    }
    assertBusinessRules(built.xml, { csc: input.csc });
    return { kind: "built", signedXml: built.xml };
  } catch (error) {
    if (error instanceof DomainError) return { kind: "refused", code: error.code, reason: error.message };
    if (error instanceof BusinessRuleError) return { kind: "refused", code: error.violation.cStat, reason: error.message };
    throw error;
  }
}

/** The document with its number, a random cNF and the access key (written with the signed XML). */
export function withAccessKey(document: StoredDocument, { number, series }: Numbered): StoredDocument {
  const { company } = document;
  const state = stateInfo(company.state);
  const cNF = randomCnf(number);
  const accessKey = buildAccessKey({
    cUF: state.cUF,
    yearMonth: yearMonthIn(document.issueDateTime, state.timezone),
    issuerDocument: company.cnpj,
    model: document.type === "NFCE" ? "65" : "55",
    series,
    number,
    tpEmis: tpEmisOf(document.contingencyMode),
    cNF,
  });
  return { ...document, number, series, cNF, accessKey };
}

/** AAMM of dhEmi as the issuer's clock shows it (the key's AAMM must match dhEmi). */
const formatters = new Map<string, Intl.DateTimeFormat>();

const yearMonths: MinuteMemo = new Map();

export function yearMonthIn(date: Date, timeZone: string): string {
  // Constant within a UTC minute (format.ts, sameMinuteMemo): Intl is asked once per minute and zone.
  return sameMinuteMemo(yearMonths, timeZone, date, () => {
    let formatter = formatters.get(timeZone);
    if (!formatter) formatters.set(timeZone, (formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "2-digit", month: "2-digit" })));
    const parts = formatter.formatToParts(date);
    const year = parts.find((p) => p.type === "year")?.value ?? "";
    const month = parts.find((p) => p.type === "month")?.value ?? "";
    return `${year}${month}`;
  });
}
