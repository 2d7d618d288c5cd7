import { randomUUID } from "node:crypto";
import type { DocumentType, Environment, WebhookTrigger } from "@prisma/client";
import { sql, type Queryable } from "@/lib/db/sql";

// A dispatch that does not come from a new outcome (re-dispatch, backfill,
// test) is a WebhookEvent of its own, with a new evt_ id; its envelope is
// built by the same database function as an outcome's, so every payload has
// the same shape and bytes rules.

export type NewWebhookEvent = {
  companyId: string;
  type: string;
  origin: WebhookTrigger;
  data: Record<string, unknown>;
  documentId?: string | null;
  environment?: Environment | null;
  documentType?: DocumentType | null;
};

const INSERT_EVENT = `
  INSERT INTO "WebhookEvent" ("id", "companyId", "type", "documentId", "environment", "documentType", "origin", "payload", "createdAt")
  VALUES ($1, $2, $3, $4, $5::"Environment", $6::"DocumentType", $7::"WebhookTrigger",
          webhook_envelope($1, $3, date_trunc('milliseconds', now() AT TIME ZONE 'UTC')::timestamp, $8::jsonb),
          date_trunc('milliseconds', now() AT TIME ZONE 'UTC'))
  RETURNING "id"`;

export async function insertWebhookEvent(client: Queryable, event: NewWebhookEvent): Promise<string> {
  const id = randomUUID();
  await sql(client, INSERT_EVENT, [id, event.companyId, event.type, event.documentId ?? null, event.environment ?? null, event.documentType ?? null, event.origin, JSON.stringify(event.data)]);
  return id;
}

/** One delivery per matching active endpoint (webhook_fan_out), and their delivery runs. */
export async function fanOut(client: Queryable, eventId: string): Promise<number> {
  const [row] = await sql<{ created: number }>(client, `SELECT webhook_fan_out($1) AS "created"`, [eventId]);
  return row?.created ?? 0;
}
