import { stateInfo } from "@/lib/br";
import { credentialsOf } from "@/lib/certificates";
import { firstBlockingFailure } from "@/lib/companies";
import { getPool } from "@/lib/db/client";
import { inSqlTransaction, sql, utc, type Queryable } from "@/lib/db/sql";
import { DomainError } from "@/lib/errors";
import { buildAccessKey, buildSignedNfe, randomCnf } from "@/lib/fiscal/nfe";
import { allocateNumber } from "@/lib/numbering";
import { loadEmissionDocument } from "./load-emission-document";
import type { EmissionRefusal, EmissionRun, Superseded } from "./outcomes";
import { settleRejected, type Settled } from "./settle-emission";
import { toNfeInput, type StoredDocument } from "./to-nfe-input";

export type Prepared = { kind: "prepared"; series: number; number: number; accessKey: string; reused: boolean };

/** A refusal found after the number was allocated: the transaction rolls back (no number spent), then the document is rejected. */
class RefusedAfterNumbering extends Error {
  constructor(
    readonly refusal: EmissionRefusal,
    readonly document: StoredDocument,
  ) {
    super(refusal.reason);
  }
}

/**
 * The first step of an emission, in one transaction under the document's row
 * lock: prerequisites (certificate, fiscal settings, CSC), the number and
 * access key (once: a document that has them keeps them, MOC 4.00, so the
 * authority recognises a resend as the same NF-e), then the NFe built from
 * the stored document, signed with the company's A1 and validated against
 * nfe_v4.00.xsd, stored for the send and for GET …/xml?type=signed.
 * A refusal (missing prerequisite, schema error) rejects the document and
 * spends no number; replaying the step rebuilds the same XML.
 */
export async function prepareEmission(run: EmissionRun): Promise<Prepared | Settled | Superseded> {
  try {
    return await inSqlTransaction((client) => prepareIn(client, run));
  } catch (error) {
    if (!(error instanceof RefusedAfterNumbering)) throw error;
    return settleRejected(getPool(), run, error.document, error.refusal);
  }
}

async function prepareIn(client: Queryable, run: EmissionRun): Promise<Prepared | Settled | Superseded> {
  const loaded = await loadEmissionDocument(client, run, { lock: true });
  if (!loaded) return { kind: "superseded", status: "missing" };
  const { document, certificate } = loaded;
  if (document.runId !== run.runId) {
    // With Inngest the event may arrive before the emitting transaction commits: retry until the run is visible.
    // The document's runId is written in that same transaction, so a committed run of ours always matches.
    if ((await sql(client, `SELECT 1 FROM "BackgroundRun" WHERE "id" = $1`, [run.runId])).length === 0) {
      throw new Error(`Run ${run.runId} is not committed yet (or its transaction rolled back)`);
    }
    return { kind: "superseded", status: document.status };
  }
  if (document.status !== "PROCESSING") return { kind: "superseded", status: document.status };

  const blocked = firstBlockingFailure(document.company, certificate, document.type === "NFCE" ? "NFCE" : "NFE");
  if (blocked || !certificate) {
    return settleRejected(client, run, document, { kind: "refused", code: blocked?.code ?? "certificate_missing", reason: blocked?.message ?? "No active certificate" });
  }

  const reused = document.number > 0 && !!document.accessKey && document.series !== null;
  const numbered = reused ? document : await withNewNumber(client, document);

  const input = toNfeInput(numbered);
  if ("kind" in input) throw new RefusedAfterNumbering(input, document);
  let signedXml: string;
  try {
    const built = buildSignedNfe(input, await credentialsOf({ id: certificate.id, companyId: run.companyId }, client));
    if (built.accessKey !== numbered.accessKey) {
      const reason = `The built access key ${built.accessKey} differs from the document's ${numbered.accessKey}; the issue date must stay in the month of the key`;
      throw new RefusedAfterNumbering({ kind: "refused", code: "access_key_mismatch", reason }, document);
    }
    signedXml = built.xml;
  } catch (error) {
    if (error instanceof DomainError) throw new RefusedAfterNumbering({ kind: "refused", code: error.code, reason: error.message }, document);
    throw error;
  }
  await sql(
    client,
    `UPDATE "FiscalDocument" SET "series" = $2, "number" = $3, "cNF" = $4, "accessKey" = $5, "signedXml" = $6, "updatedAt" = $7::timestamp WHERE "id" = $1`,
    [document.id, numbered.series, numbered.number, numbered.cNF, numbered.accessKey, signedXml, utc(new Date())],
  );
  return { kind: "prepared", series: numbered.series!, number: numbered.number, accessKey: numbered.accessKey!, reused };
}

/** The document with the next number of its series, a random cNF and the access key (not yet written). */
async function withNewNumber(client: Queryable, document: StoredDocument): Promise<StoredDocument> {
  const { company } = document;
  const model = document.type === "NFCE" ? 65 : 55;
  const series = document.series ?? (model === 65 ? company.nfceSeries : company.nfeSeries);
  try {
    const number = await allocateNumber(client, { companyId: document.companyId, model, series, environment: document.environment });
    const cNF = randomCnf(number);
    const state = stateInfo(company.state);
    const accessKey = buildAccessKey({
      cUF: state.cUF,
      yearMonth: yearMonthIn(document.issueDateTime, state.timezone),
      issuerDocument: company.cnpj,
      model: model === 65 ? "65" : "55",
      series,
      number,
      tpEmis: "1",
      cNF,
    });
    return { ...document, series, number, cNF, accessKey };
  } catch (error) {
    if (error instanceof DomainError) throw new RefusedAfterNumbering({ kind: "refused", code: error.code, reason: error.message }, document);
    throw error;
  }
}

/** AAMM of dhEmi as the issuer's clock shows it (the key's AAMM must match dhEmi). */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function yearMonthIn(date: Date, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) formatters.set(timeZone, (formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "2-digit", month: "2-digit" })));
  const parts = formatter.formatToParts(date);
  const year = parts.find((p) => p.type === "year")?.value ?? "";
  const month = parts.find((p) => p.type === "month")?.value ?? "";
  return `${year}${month}`;
}
