import { randomUUID } from "node:crypto";
import type pg from "pg";
import authorizersByModel from "@/lib/fiscal/reference/data/sefaz/autorizadores.json" with { type: "json" };
import { authorizerFor } from "@/lib/authority/endpoints";
import type { AuthorityEnvironment, AuthorityModel, StatusResult } from "@/lib/authority/types";
import { env } from "@/lib/config/env";
import { inSqlTransaction, sql, utc } from "@/lib/db/sql";

// authority.outage_started / authority.outage_ended (issue 58 item 3; docs/api-notes/status.md):
// each status answer stored in the shared status cache (lib/authority/service-status.ts) is news
// about its authorizer (SP, SVRS, … for a model and environment). AuthorizerState keeps the last
// state seen; the transaction that changes it also writes one DomainEvent per company that issues
// with that authorizer and has an active endpoint subscribed, and the DomainEvent trigger fans
// them out like any outcome. Two processes seeing the same answer: the row lock makes one of them
// the one that changes the state, the other finds it already changed and writes nothing.

export const OUTAGE_STARTED_EVENT = "authority.outage_started";
export const OUTAGE_ENDED_EVENT = "authority.outage_ended";

export type AuthorizerCondition = "OPERATIONAL" | "OUTAGE";

/** 108 "Serviço Paralisado Momentaneamente (curto prazo)", 109 "Serviço Paralisado sem Previsão" (MOC 7.0, Anexo I). */
const OUTAGE_CSTATS: ReadonlySet<string> = new Set(["108", "109"]);
const RUNNING_CSTAT = "107";

/**
 * What a status answer says of its authorizer: 107 operational; 108/109 an outage; no answer at
 * all an outage only when the call could have been answered (it carried the company's A1, or went
 * to the simulator, which needs none): without a certificate SEFAZ refuses the TLS handshake, which
 * says nothing of the authorizer. Anything else (656, a refusal) says nothing either: null.
 */
export function conditionOf(result: StatusResult, couldBeAnswered: boolean): { condition: AuthorizerCondition; cStat: string | null; reason: string } | null {
  if (result.kind === "authorized") return result.cStat === RUNNING_CSTAT ? { condition: "OPERATIONAL", cStat: result.cStat, reason: `${result.cStat} - ${result.reason}` } : null;
  if (result.cStat && OUTAGE_CSTATS.has(result.cStat)) return { condition: "OUTAGE", cStat: result.cStat, reason: result.reason.startsWith(result.cStat) ? result.reason : `${result.cStat} - ${result.reason}` };
  if (result.kind === "communication_failure" && !result.cStat && couldBeAnswered) return { condition: "OUTAGE", cStat: null, reason: `no answer: ${result.reason}` };
  return null;
}

export type StatusObservation = {
  uf: string;
  environment: AuthorityEnvironment;
  model: AuthorityModel;
  result: StatusResult;
  couldBeAnswered: boolean;
  at?: Date;
};

export type TransitionOutcome = { authorizer: string; changed: "started" | "ended" | null; events: number };

/** The states an authorizer serves for a model (autorizadores.json): its companies are those of these states. */
export function statesServedBy(authorizer: string, model: AuthorityModel): string[] {
  const table = (authorizersByModel as Record<string, Record<string, string>>)[String(model)] ?? {};
  return Object.entries(table)
    .filter(([uf, name]) => name === authorizer && /^[A-Z]{2}$/.test(uf) && uf !== "AN")
    .map(([uf]) => uf)
    .sort();
}

/** Records a status answer of a state's own authorizer (never its SVC); a changed state writes its events. */
export async function observeStatusAnswer(observation: StatusObservation): Promise<TransitionOutcome | null> {
  const seen = conditionOf(observation.result, observation.couldBeAnswered);
  if (!seen) return null;
  const authorizer = authorizerFor(observation.uf, observation.model);
  const at = observation.at ?? new Date();
  return inSqlTransaction(async (client) => {
    const key = [authorizer, observation.model, observation.environment];
    const newOutageId = seen.condition === "OUTAGE" ? randomUUID() : null;
    const inserted = await sql(
      client,
      `INSERT INTO "AuthorizerState" ("authorizer", "model", "environment", "state", "reason", "cStat", "since", "outageId", "updatedAt")
       VALUES ($1, $2, $3::"Environment", $4, $5, $6, $7::timestamp, $8, $7::timestamp) ON CONFLICT DO NOTHING RETURNING 1`,
      [...key, seen.condition, seen.reason, seen.cStat, utc(at), newOutageId],
    );
    // First answer ever for this authorizer: an outage is news, being up is not.
    if (inserted.length === 1) {
      if (seen.condition === "OPERATIONAL") return { authorizer, changed: null, events: 0 };
      const events = await writeEvents(client, OUTAGE_STARTED_EVENT, { authorizer, ...observation, outageId: newOutageId!, startedAt: at, endedAt: null, cStat: seen.cStat, reason: seen.reason });
      return { authorizer, changed: "started", events };
    }
    const [row] = await sql<{ state: string; outageId: string | null; since: Date; updatedAt: Date }>(
      client,
      `SELECT "state", "outageId", "since", "updatedAt" FROM "AuthorizerState" WHERE "authorizer" = $1 AND "model" = $2 AND "environment" = $3::"Environment" FOR UPDATE`,
      key,
    );
    // An answer older than the one the row holds (a slow caller) changes nothing.
    if (!row || new Date(row.updatedAt).getTime() > at.getTime()) return { authorizer, changed: null, events: 0 };
    if (row.state === seen.condition) {
      await sql(client, `UPDATE "AuthorizerState" SET "updatedAt" = $4::timestamp WHERE "authorizer" = $1 AND "model" = $2 AND "environment" = $3::"Environment"`, [...key, utc(at)]);
      return { authorizer, changed: null, events: 0 };
    }
    await sql(
      client,
      `UPDATE "AuthorizerState" SET "state" = $4, "reason" = $5, "cStat" = $6, "since" = $7::timestamp, "outageId" = $8, "updatedAt" = $7::timestamp
       WHERE "authorizer" = $1 AND "model" = $2 AND "environment" = $3::"Environment"`,
      [...key, seen.condition, seen.reason, seen.cStat, utc(at), newOutageId],
    );
    if (seen.condition === "OUTAGE") {
      const events = await writeEvents(client, OUTAGE_STARTED_EVENT, { authorizer, ...observation, outageId: newOutageId!, startedAt: at, endedAt: null, cStat: seen.cStat, reason: seen.reason });
      return { authorizer, changed: "started", events };
    }
    const events = await writeEvents(client, OUTAGE_ENDED_EVENT, { authorizer, ...observation, outageId: row.outageId ?? randomUUID(), startedAt: new Date(row.since), endedAt: at, cStat: seen.cStat, reason: seen.reason });
    return { authorizer, changed: "ended", events };
  });
}

type OutageFacts = StatusObservation & { authorizer: string; outageId: string; startedAt: Date; endedAt: Date | null; cStat: string | null; reason: string };

// One DomainEvent per company of the authorizer's states and environment with an active endpoint
// subscribed to the event (webhook_endpoint_subscribed: events, environments and documentTypes,
// the model's NFE or NFCE). $1 type, $2 environment, $3 document type, $4 states, $5 data, $6 now.
const WRITE_EVENTS = `
  INSERT INTO "DomainEvent" ("id", "companyId", "type", "environment", "documentType", "data", "createdAt")
  SELECT gen_random_uuid()::text, c."id", $1, $2::"Environment", $3::"DocumentType", $5::jsonb || jsonb_build_object('companyId', c."id", 'state', c."state"), $6::timestamp
  FROM "Company" c
  WHERE c."state" = ANY ($4::text[]) AND c."environment" = $2::"Environment"
    AND EXISTS (SELECT 1 FROM "WebhookEndpoint" e WHERE e."companyId" = c."id" AND e."isActive"
                AND webhook_endpoint_subscribed(e."events", e."environments", e."documentTypes", $1, $2::"Environment", $3::"DocumentType"))
  RETURNING "id"`;

/** The webhook data of an outage event (docs/api-notes/status.md); companyId and state are added per company. */
export function outageEventData(facts: OutageFacts) {
  return {
    outageId: facts.outageId,
    authorizer: facts.authorizer,
    model: String(facts.model),
    environment: facts.environment,
    states: statesServedBy(facts.authorizer, facts.model),
    startedAt: facts.startedAt.toISOString(),
    endedAt: facts.endedAt ? facts.endedAt.toISOString() : null,
    durationSeconds: facts.endedAt ? Math.max(0, Math.round((facts.endedAt.getTime() - facts.startedAt.getTime()) / 1000)) : null,
    cStat: facts.cStat,
    reason: facts.reason,
  };
}

async function writeEvents(client: pg.PoolClient, type: string, facts: OutageFacts): Promise<number> {
  if (env().AUTHORITY_OUTAGE_WEBHOOKS === "off") return 0;
  const documentType = facts.model === 65 ? "NFCE" : "NFE";
  const rows = await sql(client, WRITE_EVENTS, [type, facts.environment, documentType, statesServedBy(facts.authorizer, facts.model), JSON.stringify(outageEventData(facts)), utc(facts.endedAt ?? facts.startedAt)]);
  return rows.length;
}
