import type { Environment, ManifestationIntent, Prisma } from "@prisma/client";
import { getTaxAuthority, type RegisteredEvent } from "@/lib/authority";
import { withAuthorityCall } from "@/lib/authority-calls";
import { STATES } from "@/lib/br/states";
import { loadSigningCredentials, type SigningCredentials } from "@/lib/certificates";
import { env } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { manifestationTypeOf, recordRegisteredManifestation } from "./record-manifestation";

// A manifestation's intent is committed before the Ambiente Nacional is called (as our document
// events do, lib/document-events/intents.ts): if the answer is lost (timeout) or our process
// dies before recording it, the intent stays PENDING, and the next attempt on the document or
// the company's distribution run consults the access key (NFeConsultaProtocolo4 at the issuer's
// authorizer lists every event registered for the NF-e, the recipient's manifestations
// included, as procEventoNFe) and records what the authority holds, with its protocol.

export function recordManifestationIntent(input: { companyId: string; receivedDocumentId: string; eventType: string; requestXml: string; justification?: string | null }): Promise<ManifestationIntent> {
  return db.manifestationIntent.create({ data: { ...input, justification: input.justification ?? null } });
}

/** Resolves a PENDING intent in the transaction that records the answer; false when someone else resolved it first. */
export async function resolveManifestationIntent(
  tx: Prisma.TransactionClient,
  intentId: string,
  resolution: { status: "RECORDED"; protocol: string; note?: string } | { status: "NOT_REGISTERED"; note: string },
): Promise<boolean> {
  const moved = await tx.manifestationIntent.updateMany({
    where: { id: intentId, status: "PENDING" },
    data: { status: resolution.status, protocol: resolution.status === "RECORDED" ? resolution.protocol : null, resolution: resolution.note ?? null, resolvedAt: new Date() },
  });
  return moved.count > 0;
}

/** The claim one document's manifestations are decided under (lib/authority-calls). */
export const manifestationClaim = (companyId: string, receivedDocumentId: string) => ({ companyId, key: `received-manifestation:${receivedDocumentId}` });

type KeyDocument = { id: string; companyId: string; accessKey: string; environment: Environment };

/** The issuer's authorizer answers the consultation: the key's cUF names it. */
function consultationTarget(document: KeyDocument, fallbackUf: string) {
  const uf = STATES.find((state) => state.cUF === document.accessKey.slice(0, 2))?.uf ?? fallbackUf;
  return { uf, environment: document.environment, model: 55 as const };
}

export type ConsultedManifestations = { kind: "consulted"; events: RegisteredEvent[] } | { kind: "unavailable"; reason: string };

/** The manifestation events (2102xx) the authority lists for the key. */
export async function consultManifestations(document: KeyDocument, company: { state: string }, credentials: SigningCredentials): Promise<ConsultedManifestations> {
  const consulted = await getTaxAuthority(document.environment).consult(consultationTarget(document, company.state), document.accessKey, credentials);
  if (consulted.kind === "communication_failure" || consulted.kind === "refused") return { kind: "unavailable", reason: `${consulted.cStat ?? ""} ${consulted.reason}`.trim() };
  const events = consulted.kind === "authorized" ? consulted.events.filter((event) => manifestationTypeOf(event.tpEvento)) : [];
  return { kind: "consulted", events };
}

function parseDate(value: string): Date {
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? new Date() : parsed;
}

/**
 * Records every listed manifestation (those already recorded change nothing) and resolves the
 * document's PENDING intents against the list: RECORDED with the protocol when their event is
 * listed, NOT_REGISTERED otherwise. The caller holds the document's claim.
 */
export async function recordConsulted(document: KeyDocument, events: RegisteredEvent[], intents: ManifestationIntent[]): Promise<void> {
  const ordered = [...events].sort((a, b) => parseDate(a.registeredAt).getTime() - parseDate(b.registeredAt).getTime() || a.sequence - b.sequence);
  await db.$transaction(async (tx) => {
    for (const event of ordered) {
      const type = manifestationTypeOf(event.tpEvento)!;
      const justification = /<(?:\w+:)?xJust>([^<]*)</.exec(event.procEventoXml)?.[1] ?? null;
      await recordRegisteredManifestation(tx, document, { type, sequence: event.sequence, protocol: event.protocol, registeredAt: parseDate(event.registeredAt), procEventoXml: event.procEventoXml, justification });
    }
    const consultedAt = new Date().toISOString();
    for (const intent of intents) {
      const held = events.find((event) => event.tpEvento === intent.eventType && event.sequence === intent.sequence);
      await resolveManifestationIntent(
        tx,
        intent.id,
        held
          ? { status: "RECORDED", protocol: held.protocol, note: `Recovered by consulting the access key at ${consultedAt}: the answer to this call was lost` }
          : { status: "NOT_REGISTERED", note: `Consulted ${consultedAt}: the authority lists no event ${intent.eventType} sequence ${intent.sequence}` },
      );
    }
  });
}

/**
 * The document's PENDING intents finished by consulting the key, best effort: when the
 * authority cannot be consulted they stay PENDING (the send that follows is protected by the
 * authority's own duplicate check, 573). Returns the types recorded by this reconciliation.
 */
export async function reconcileDocumentManifestations(document: KeyDocument, company: { state: string }, credentials: SigningCredentials): Promise<string[]> {
  const pending = await db.manifestationIntent.findMany({ where: { receivedDocumentId: document.id, companyId: document.companyId, status: "PENDING" }, orderBy: { createdAt: "asc" } });
  if (pending.length === 0) return [];
  const consulted = await consultManifestations(document, company, credentials);
  if (consulted.kind === "unavailable") return [];
  await recordConsulted(document, consulted.events, pending);
  return pending.filter((intent) => consulted.events.some((event) => event.tpEvento === intent.eventType)).map((intent) => intent.eventType);
}

/**
 * The company's intents left PENDING longer than a call can last (the answer was lost, or the
 * process died): each document reconciled under its claim, skipped while a call on it runs.
 * Called by the distribution run (run-sync.ts). Returns how many documents were looked at.
 */
export async function reconcileCompanyManifestations(companyId: string, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - env().AUTHORITY_TIMEOUT_MS - 5_000);
  const pending = await db.manifestationIntent.findMany({ where: { companyId, status: "PENDING", createdAt: { lt: before } }, select: { receivedDocumentId: true }, distinct: ["receivedDocumentId"] });
  if (pending.length === 0) return 0;
  const company = await db.company.findUniqueOrThrow({ where: { id: companyId }, select: { state: true } });
  const credentials = await loadSigningCredentials(companyId);
  let looked = 0;
  for (const { receivedDocumentId } of pending) {
    try {
      await withAuthorityCall(manifestationClaim(companyId, receivedDocumentId), async () => {
        const document = await db.receivedDocument.findFirstOrThrow({ where: { id: receivedDocumentId, companyId } });
        await reconcileDocumentManifestations(document, company, credentials);
      }, { maxWaitMs: 0 });
      looked += 1;
    } catch (error) {
      if (error instanceof DomainError && (error.code === "authority_call_in_progress" || error.code === "rate_limited")) continue;
      throw error;
    }
  }
  return looked;
}
