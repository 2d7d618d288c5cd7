import { inlineClientValues } from "@/lib/clients/lookup";
import type { HashedCreationState } from "./read-creation-state";
import type { CreateDocumentBody } from "./schemas";

// The company and recipient a create last read, per company and recipient
// (issue 37): the next create composes from them and writes under the
// condition that the rows are still what was read (their md5, recomputed by
// the INSERT's own statement) and the emission load below its limits, so a
// create is ONE statement instead of a read and a write. When a row changed
// the statement writes nothing and answers; the caller reads again and
// composes again, as a first create does. Nothing stale is ever written.

export type Cached = Pick<HashedCreationState, "company" | "recipient" | "companyHash" | "recipientHash">;

const MAX_ENTRIES = 1_000;
const cache = new Map<string, Cached>();

function keyOf(companyId: string, body: CreateDocumentBody): string {
  const recipient = body.clientId ? `id:${body.clientId}` : body.client ? `inline:${JSON.stringify(inlineClientValues(companyId, body.client).slice(1))}` : "none";
  return `${companyId}\u0000${recipient}`;
}

export function cachedCreationState(companyId: string, body: CreateDocumentBody): Cached | null {
  return cache.get(keyOf(companyId, body)) ?? null;
}

export function rememberCreationState(companyId: string, body: CreateDocumentBody, state: Cached): void {
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(keyOf(companyId, body), { company: state.company, recipient: state.recipient, companyHash: state.companyHash, recipientHash: state.recipientHash });
}

export function forgetCreationState(companyId: string, body: CreateDocumentBody): void {
  cache.delete(keyOf(companyId, body));
}
