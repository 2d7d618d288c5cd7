import { stateInfo } from "@/lib/br";
import { getPool } from "@/lib/db/client";
import { sql, utc } from "@/lib/db/sql";
import { loadEmissionDocument } from "./load-emission-document";
import type { EmissionRun, Superseded } from "./outcomes";
import { buildCheckedNfe, withAccessKey, yearMonthIn } from "./build-checked-nfe";
import { settleRejected, type Settled } from "./settle-emission";
import type { SendSource } from "./send-for-authorization";

// An NFC-e is issued in real time: SEFAZ refuses one whose dhEmi is more than
// 5 minutes before it arrives (cStat 704, MOC 7.0 Anexo I, field B09, for
// tpEmis 1). A re-send after an outage would carry the first attempt's time,
// so before re-sending an NFC-e the authority never received (consultation:
// 217) it is rebuilt with a new dhEmi once the old one is 4 minutes old (a
// minute of margin for the send and the clocks). The XML, its signature and
// the QR-Code change; the access key only when the month changed (its AAMM),
// and then with a new cNF: the old key never reached the authority.

export const NFCE_REFRESH_AFTER_MS = 4 * 60 * 1000;

export function nfceIssueTimeIsStale(document: { type: string; issueDateTime: Date | string }, now = new Date()): boolean {
  return document.type === "NFCE" && now.getTime() - new Date(document.issueDateTime).getTime() > NFCE_REFRESH_AFTER_MS;
}

const STORE_REFRESHED = `
  UPDATE "FiscalDocument" SET "issueDateTime" = $4::timestamp, "cNF" = $5, "accessKey" = $6, "signedXml" = $7, "updatedAt" = $8::timestamp
  WHERE "id" = $1 AND "companyId" = $2 AND "runId" = $3 AND "status" = 'PROCESSING' RETURNING "id"`;

/** The NFC-e rebuilt, re-signed and stored with dhEmi = now; REJECTED when the rebuilt XML fails a check; superseded when no longer this run's. */
export async function refreshNfceIssueTime(run: EmissionRun, document: SendSource, now = new Date()): Promise<{ kind: "refreshed"; document: SendSource } | Settled | Superseded> {
  const pool = getPool();
  const loaded = await loadEmissionDocument(pool, run);
  const stored = loaded?.document;
  if (!stored || stored.runId !== run.runId || stored.status !== "PROCESSING" || stored.series === null) return { kind: "superseded", status: stored?.status ?? "missing" };
  const series = stored.series;
  const timeZone = stateInfo(stored.company.state).timezone;
  const retimed = { ...stored, issueDateTime: now };
  const keyed = yearMonthIn(now, timeZone) === yearMonthIn(stored.issueDateTime, timeZone) ? retimed : withAccessKey(retimed, { kind: "numbered", number: stored.number, series });
  const built = await buildCheckedNfe(pool, keyed, { id: document.certificateId!, companyId: run.companyId });
  if (built.kind === "refused") return settleRejected(pool, run, document, built);
  const rows = await sql(pool, STORE_REFRESHED, [run.documentId, run.companyId, run.runId, utc(now), keyed.cNF, keyed.accessKey, built.signedXml, utc(new Date())]);
  if (rows.length === 0) return { kind: "superseded", status: "not this run's" };
  return { kind: "refreshed", document: { ...document, issueDateTime: now, accessKey: keyed.accessKey, signedXml: built.signedXml } };
}
