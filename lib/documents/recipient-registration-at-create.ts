import type { Client } from "@prisma/client";
import { resolveClientIdentity } from "@/lib/clients/client-identity";
import { findOrCreateInlineClient } from "@/lib/clients/lookup";
import { db } from "@/lib/db/client";
import { inSqlTransaction } from "@/lib/db/sql";
import { recipientRegistrationVerdict } from "@/lib/lookups/recipient-verdict";
import { describeRecipient, type ClientSnapshot } from "./client-snapshot";
import type { CreateDocumentBody } from "./schemas";

type RecipientFields = Pick<Client, "document" | "type" | "state" | "stateRegistration" | "icmsTaxpayer" | "municipalityCode">;
const RECIPIENT_FIELDS = { document: true, type: true, state: true, stateRegistration: true, icmsTaxpayer: true, municipalityCode: true } as const;

/**
 * Create with emit true of an NF-e to a contributor: the recipient's registration is checked before
 * the document is written (lib/lookups/recipient-verdict.ts), so an inactive or missing IE answers 422
 * recipient_registration_inactive and no document, number or run exists. With the company's
 * recipientRegistrationBlocks false the document is created and emitted (the create answer has no
 * place for the warning; the emit endpoint's has). Non-contributors cost no query.
 *
 * What is checked is the client record the document's snapshot is taken from (recipientSnapshot:
 * the record's IE, not the typed one, when the company has the client already). A recipient typed
 * for the first time is registered first, through the creation's own find-or-create, and then
 * checked: the record is what the creation would write anyway, and the simulator's registry
 * (homologation) knows a party once it is a client. On a refusal that client record stays, as it
 * would after a draft; the document does not exist.
 */
export async function assertRecipientRegistrationAtCreate(companyId: string, body: CreateDocumentBody): Promise<void> {
  if (!body.emit || body.type !== "NFE") return;
  const recipient = await recipientRecord(companyId, body);
  if (!recipient || !mayBeContributor(recipient)) return;
  const company = await db.company.findFirst({ where: { id: companyId }, select: { state: true, environment: true, recipientRegistrationBlocks: true } });
  if (!company) return;
  const described = describeRecipient(recipient as ClientSnapshot, company.state);
  if (!described.contributor || !described.state || described.state === "EX") return;
  await recipientRegistrationVerdict({
    companyId,
    environment: company.environment,
    blocks: company.recipientRegistrationBlocks,
    party: recipient.document,
    state: described.state,
    stateRegistration: recipient.stateRegistration,
  });
}

/** The client record the document will be written for; a first-time inline contributor is created here. */
async function recipientRecord(companyId: string, body: CreateDocumentBody): Promise<RecipientFields | null> {
  // An unknown clientId is answered by the creation itself (422 invalid_client).
  if (body.clientId) return db.client.findFirst({ where: { id: body.clientId, companyId }, select: RECIPIENT_FIELDS });
  if (!body.client) return null;
  const identity = resolveClientIdentity(body.client, "body.client");
  if (identity.document === "") return null;
  const known = await db.client.findFirst({ where: { companyId, document: identity.document }, orderBy: { createdAt: "asc" }, select: RECIPIENT_FIELDS });
  if (known) return known;
  const typed = { stateRegistration: body.client.stateRegistration ?? null, icmsTaxpayer: body.client.icmsTaxpayer ?? null };
  // Not a possible contributor: nothing to check, and the creation registers the client in its own transaction.
  if (!mayBeContributor(typed)) return null;
  const inline = body.client;
  return inSqlTransaction((client) => findOrCreateInlineClient(companyId, inline, client));
}

/** A quick filter before any query: only a recipient with an IE, or declared CONTRIBUINTE, can be one (describeRecipient decides). */
function mayBeContributor(recipient: { icmsTaxpayer: string | null; stateRegistration: string | null }): boolean {
  const registration = (recipient.stateRegistration ?? "").trim().toUpperCase();
  return recipient.icmsTaxpayer === "CONTRIBUINTE" || (registration !== "" && registration !== "ISENTO");
}
