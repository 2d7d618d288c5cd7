import type { Company, FiscalDocument } from "@prisma/client";
import { getTaxAuthority, type AuthorityTarget } from "@/lib/authority";
import { assertNotMisusePaused, isMisuse, misuseRecorded } from "@/lib/authority/misuse-pause";
import { loadSigningCredentials } from "@/lib/certificates";
import { DomainError } from "@/lib/errors";
import { buildProcEventoNFe, buildSignedEvent, extractElement, type NfeEventInput } from "@/lib/fiscal/nfe";
import type { ReformEventAuthor, ReformEventDetail } from "@/lib/fiscal/nfe/build-reform-event";
import { eventAuthorityTarget } from "./event-authority";
import { recordEventIntent, type EventIntentInput } from "./intents";

// One event sent to the authority, synchronously: build, sign and validate
// against the event's own schema (lib/fiscal/nfe), then NFeRecepcaoEvento4.
// Every caller gets the TaxAuthority's three outcomes the same way.

/** verAplic of the delivery-receipt events (TVerAplic, 1-20 characters). */
export const APPLICATION_VERSION = "fiscal-issuer-1.0";

export type EventDetail =
  | { tpEvento: "110111"; protocol: string; reason: string }
  | { tpEvento: "110110"; correction: string }
  | { tpEvento: "110130"; applicationVersion: string; deliveredAt: Date; receiverDocument: string; receiverName: string; proofHash: string; proofHashAt: Date }
  | { tpEvento: "110131"; applicationVersion: string; receiptProtocol: string }
  /** The tax reform's IBS/CBS events and 110001 (NT 2025.002-RTC, item 8): register-reform-event.ts. */
  | (ReformEventDetail & ReformEventAuthor);

export type EventSent =
  | {
      kind: "registered";
      cStat: string;
      reason: string;
      protocol: string;
      registeredAt: Date;
      requestXml: string;
      procEventoXml: string;
      /** Registered by an earlier attempt whose answer (or our record of it) was lost: requestXml is that attempt's. */
      recovered?: boolean;
      /** The intent recorded before the call (lib/document-events/intents.ts), resolved with the answer. */
      intentId?: string;
    }
  | { kind: "refused"; cStat: string; reason: string; requestXml: string; responseXml: string | null; intentId?: string };

export type EventDocument = Pick<FiscalDocument, "id" | "accessKey" | "environment" | "type" | "companyId"> & Partial<Pick<FiscalDocument, "contingencyMode">>;

// 573 "Duplicidade de Evento": this tpEvento and nSeqEvento are already registered.
const DUPLICATE_EVENT = "573";

export async function sendDocumentEvent(input: {
  company: Pick<Company, "cnpj" | "state">;
  document: EventDocument;
  sequence: number;
  detail: EventDetail;
  now?: Date;
  /**
   * An earlier attempt whose answer was lost may have registered this very event: on 573, the
   * access key is consulted (NFeConsultaProtocolo4) and the event the authority holds under this
   * sequence is taken as registered, with its protocol and procEventoNFe.
   */
  recoverLostAnswer?: boolean;
  /**
   * The event's kind and what its recording needs: committed as a PENDING intent, with the
   * signed request, before the authority is called; the recording of the answer resolves it.
   */
  intent: EventIntentInput;
}): Promise<EventSent> {
  const { company, document } = input;
  if (!document.accessKey) throw new DomainError(422, "invalid_status", "The document has no access key");
  const credentials = await loadSigningCredentials(document.companyId);
  const event = {
    accessKey: document.accessKey,
    environment: document.environment,
    authorCnpj: company.cnpj,
    occurredAt: input.now ?? new Date(),
    sequence: input.sequence,
    ...input.detail,
  } as NfeEventInput;
  const signed = buildSignedEvent(event, credentials).xml;
  const intentId = await recordEventIntent({ document, intent: input.intent, eventCode: input.detail.tpEvento, sequence: input.sequence, requestXml: signed, now: input.now });

  // An NF-e authorized by an SVC is cancelled there while the SVC is active (event-authority.ts).
  const target = await eventAuthorityTarget(document, company.state, input.detail.tpEvento);
  return callAuthorityForEvent({ companyId: document.companyId, target, accessKey: document.accessKey, signed, tpEvento: input.detail.tpEvento, sequence: input.sequence, credentials, recoverLostAnswer: input.recoverLostAnswer, intentId });
}

/**
 * The authority call of one signed event and its three outcomes, shared by the issued documents'
 * events (above) and the recipient's events on a received NF-e (lib/received): 573 with
 * `recoverLostAnswer` consults the key and takes the event the authority holds under this type
 * and sequence as registered; a communication failure is 503 (the outcome unknown).
 */
export async function callAuthorityForEvent(input: {
  companyId: string;
  target: AuthorityTarget;
  accessKey: string;
  signed: string;
  tpEvento: string;
  sequence: number;
  credentials: Awaited<ReturnType<typeof loadSigningCredentials>>;
  recoverLostAnswer?: boolean;
  intentId?: string;
}): Promise<EventSent> {
  const { target, signed, credentials, intentId } = input;
  const authority = getTaxAuthority(target.environment);
  await assertNotMisusePaused(input.companyId, target);
  const result = await authority.sendEvent(target, signed, credentials);
  if (result.kind === "refused" && result.cStat === DUPLICATE_EVENT && input.recoverLostAnswer) {
    const consulted = await authority.consult(target, input.accessKey, credentials);
    const held = consulted.kind === "authorized" ? consulted.events.find((e) => e.tpEvento === input.tpEvento && e.sequence === input.sequence) : undefined;
    if (held) {
      return {
        kind: "registered",
        cStat: held.cStat,
        reason: `Registered by an earlier attempt whose answer was lost (the resend was answered ${result.cStat} - ${result.reason})`,
        protocol: held.protocol,
        registeredAt: parseAuthorityDate(held.registeredAt),
        // What the authority registered is the earlier attempt's signed event, inside its procEventoNFe.
        requestXml: extractElement(held.procEventoXml, "evento") ?? signed,
        procEventoXml: held.procEventoXml,
        recovered: true,
        intentId,
      };
    }
  }
  switch (result.kind) {
    case "authorized":
      return {
        kind: "registered",
        cStat: result.cStat,
        reason: result.reason,
        protocol: result.protocol,
        registeredAt: parseAuthorityDate(result.registeredAt),
        requestXml: signed,
        procEventoXml: buildProcEventoNFe(signed, extractElement(result.retEventoXml, "retEvento") ?? result.retEventoXml),
        intentId,
      };
    case "refused":
      return { kind: "refused", cStat: result.cStat, reason: result.reason, requestXml: signed, responseXml: result.responseXml ?? null, intentId };
    case "communication_failure":
      if (isMisuse(result)) throw await misuseRecorded(input.companyId, target);
      // The intent stays PENDING: the next attempt, or the reconciler after the timeout, consults the key first.
      throw new DomainError(503, "authority_unavailable", `The tax authority could not be reached: ${result.reason}. The outcome is unknown: it is confirmed with the authority in the background; try again later`, {
        "retry-after": "30",
      });
  }
}

function parseAuthorityDate(value: string): Date {
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? new Date() : parsed;
}

export const authorityRejected = (refused: { cStat: string; reason: string }) =>
  new DomainError(422, "authority_rejected", `${refused.cStat} - ${refused.reason}`);
