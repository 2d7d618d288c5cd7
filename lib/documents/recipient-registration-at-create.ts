import { resolveClientIdentity } from "@/lib/clients/client-identity";
import { db } from "@/lib/db/client";
import { recipientRegistrationVerdict } from "@/lib/lookups/recipient-verdict";
import { describeRecipient, type ClientSnapshot } from "./client-snapshot";
import type { CreateDocumentBody } from "./schemas";

/**
 * Create with emit true of an NF-e to a contributor: the recipient's registration is checked before
 * anything is written (lib/lookups/recipient-verdict.ts), so an inactive or missing IE answers 422
 * recipient_registration_inactive and no document, number or run exists. With the company's
 * recipientRegistrationBlocks false the document is created and emitted (the create answer has no
 * place for the warning; the emit endpoint's has). Non-contributors cost no query. An inline recipient
 * the company has no client record of yet is not checked here (see below; the emit endpoint checks it).
 */
export async function assertRecipientRegistrationAtCreate(companyId: string, body: CreateDocumentBody): Promise<void> {
  if (!body.emit || body.type !== "NFE") return;
  let recipient: Pick<ClientSnapshot, "document" | "type" | "state" | "stateRegistration" | "icmsTaxpayer" | "municipalityCode"> | null = null;
  if (body.client) {
    const identity = resolveClientIdentity(body.client, "body.client");
    const typed = { document: identity.document, type: identity.type, state: body.client.state ?? null, stateRegistration: body.client.stateRegistration ?? null, icmsTaxpayer: body.client.icmsTaxpayer ?? null, municipalityCode: body.client.municipalityCode ?? null };
    if (!mayBeContributor(typed) || identity.document === "") return;
    // Only a client the company already has: a recipient typed for the first time is registered with this very
    // document, and the simulator's registry (homologation) knows a party only once it is a client or a recipient.
    const known = await db.client.findFirst({ where: { companyId, document: identity.document }, select: { id: true } });
    if (!known) return;
    recipient = typed;
  } else if (body.clientId) {
    // An unknown clientId is answered by the creation itself (422 invalid_client).
    recipient = await db.client.findFirst({ where: { id: body.clientId, companyId }, select: { document: true, type: true, state: true, stateRegistration: true, icmsTaxpayer: true, municipalityCode: true } });
  }
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

/** A quick filter before any query: only a recipient with an IE, or declared CONTRIBUINTE, can be one (describeRecipient decides). */
function mayBeContributor(recipient: { icmsTaxpayer: string | null; stateRegistration: string | null }): boolean {
  const registration = (recipient.stateRegistration ?? "").trim().toUpperCase();
  return recipient.icmsTaxpayer === "CONTRIBUINTE" || (registration !== "" && registration !== "ISENTO");
}
