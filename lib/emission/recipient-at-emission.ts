import type { Client } from "@prisma/client";
import { refreshClientSnapshot, type ClientSnapshot } from "@/lib/documents/client-snapshot";
import type { EmissionRefusal } from "./outcomes";

/** The stored recipient snapshot stays (numbered document, or no client record any more), or is replaced by `snapshot`. */
export type RecipientAtEmission = { kind: "kept" } | { kind: "refreshed"; snapshot: ClientSnapshot } | EmissionRefusal;

/**
 * api.md (Fiscal document summary, client): the recipient is a snapshot taken
 * at emission. It is re-taken from the client record only before the document
 * has a number: a numbered document keeps the snapshot its number and XML were
 * built from, so a re-emission after a refusal or a replay after a crash builds
 * the same <dest>. A removed client (clientId null, or no such record in the
 * company) leaves the stored snapshot. A client whose change would alter the
 * classification the taxes were resolved with is refused (client_changed).
 */
export function recipientAtEmission(
  document: { id: string; type: string; number: number; clientSnapshot: unknown; company: { state: string } },
  client: Client | null,
): RecipientAtEmission {
  if (document.number > 0 || !client) return { kind: "kept" };
  const refresh = refreshClientSnapshot(document.clientSnapshot, client, document.company.state, document.type);
  if (refresh.kind === "refreshed") return refresh;
  return {
    kind: "refused",
    code: "client_changed",
    reason:
      `Client ${client.id} changed since document ${document.id} was created (${refresh.changes.join(", ")}); its taxes and CFOPs were resolved for the recipient as it was. ` +
      "Drafts cannot be edited: create a new document for the client as it is now (or restore the client's previous data) and emit that.",
  };
}
