import type { Client } from "@prisma/client";
import { z } from "zod";
import { ClientResponse } from "@/lib/clients/schemas";
import type { RecipientClientType } from "@/lib/tax/match-nfe-sub-rule";

/**
 * FiscalDocument.clientSnapshot: the recipient frozen on the document, so
 * editing or removing the client later changes nothing issued (api.md,
 * Fiscal document summary: client). Emission builds <dest> from it.
 */
export const ClientSnapshot = ClientResponse.omit({ id: true, isActive: true, createdAt: true, updatedAt: true }).extend({
  // null for a document whose client record was removed before the snapshot.
  id: z.string().nullable(),
  /** The name typed on the document differs from the matched client's record: it stays (issue 36 item 12). */
  nameAsTyped: z.boolean().optional(),
});
export type ClientSnapshot = z.infer<typeof ClientSnapshot>;

export function snapshotClient(client: Client): ClientSnapshot {
  return {
    id: client.id,
    name: client.name,
    fantasyName: client.fantasyName,
    document: client.document,
    documentType: client.documentType,
    type: client.type,
    stateRegistration: client.stateRegistration,
    icmsTaxpayer: client.icmsTaxpayer,
    email: client.email,
    phone: client.phone,
    zipCode: client.zipCode,
    street: client.street,
    number: client.number,
    complement: client.complement,
    neighborhood: client.neighborhood,
    city: client.city,
    state: client.state,
    municipalityCode: client.municipalityCode,
    countryCode: client.countryCode,
  };
}

/** The recipient of an anonymous NFC-e: no client record, no document, so no <dest> (the DANFCE says "CONSUMIDOR NÃO IDENTIFICADO"). */
export const ANONYMOUS_CONSUMER: ClientSnapshot = {
  id: null, name: "", fantasyName: null, document: "", documentType: "OTHER", type: "INDIVIDUAL", stateRegistration: null, icmsTaxpayer: null,
  email: null, phone: null, zipCode: null, street: null, number: null, complement: null, neighborhood: null, city: null, state: null, municipalityCode: null, countryCode: null,
};

/**
 * The snapshot a new or edited document stores: the client record's, with the
 * name typed in an inline client kept when the record matched by CPF/CNPJ has
 * another one (a typed name is never replaced, issue 36 item 12); or the
 * anonymous consumer when there is no record.
 */
export function recipientSnapshot(record: Client | null, typed?: { name: string } | null): ClientSnapshot {
  if (!record) return ANONYMOUS_CONSUMER;
  const snapshot = snapshotClient(record);
  const name = typed?.name.trim();
  return name && name !== record.name ? { ...snapshot, name, nameAsTyped: true } : snapshot;
}

export type Recipient = {
  state: string | null;
  destination: "INTERNAL" | "INTERSTATE" | "FOREIGN";
  clientType: RecipientClientType;
  contributor: boolean;
  /** indIEDest 2: exempt from the state registration ("ISENTO"); not a contributor, yet outside the DIFAL rules (694/695 are for indIEDest 9). */
  exemptFromRegistration: boolean;
  municipalityCode: string | null;
};

/**
 * How tax rules see the recipient. Contributor: indIEDest 1, or, when the
 * client has no taxpayer status, a company with a state registration other
 * than ISENTO. A recipient without a state is treated as in the issuer's state.
 */
export function describeRecipient(client: ClientSnapshot, issuerState: string): Recipient {
  const foreign = client.type === "FOREIGN" || client.state === "EX";
  const registration = (client.stateRegistration ?? "").trim().toUpperCase();
  const contributor = client.icmsTaxpayer
    ? client.icmsTaxpayer === "CONTRIBUINTE"
    : client.type === "COMPANY" && registration !== "" && registration !== "ISENTO";
  const state = foreign ? "EX" : (client.state ?? issuerState);
  return {
    state,
    destination: foreign ? "FOREIGN" : state === issuerState ? "INTERNAL" : "INTERSTATE",
    clientType: foreign ? "ESTRANGEIRO" : contributor ? "CONTRIBUINTE" : "NAO_CONTRIBUINTE",
    contributor: !foreign && contributor,
    exemptFromRegistration: !foreign && !contributor && (client.icmsTaxpayer === "ISENTO" || (client.icmsTaxpayer === null && registration === "ISENTO")),
    municipalityCode: client.municipalityCode,
  };
}

/** The stored snapshot re-taken from the client record at emission, or why it cannot be (see refreshClientSnapshot). */
export type SnapshotRefresh = { kind: "refreshed"; snapshot: ClientSnapshot } | { kind: "classification_changed"; changes: string[] };

/**
 * api.md (Fiscal document summary, client): the recipient is a snapshot taken
 * at emission. Taxes and CFOPs were resolved at creation from the recipient's
 * classification (describeRecipient) and are not recomputed at emission, so
 * the current client record replaces the stored snapshot only when it keeps
 * that classification and its kind of person (a CPF↔CNPJ or foreign change
 * alters identity and indFinal); otherwise the changes are named and the
 * caller refuses the emission. Name, address lines, e-mail, phone and an IE
 * with the same contributor status are taken silently, and so is another city
 * of the same state on an NF-e or NFC-e (its taxes do not depend on the
 * municipality; an NFS-e's service location does).
 */
// Built once: zod compiles a schema's parser on its first use (about a millisecond), so a
// schema made per call paid that at every emission (bench:emit's worker profile).
const StoredSnapshot = ClientSnapshot.partial();

export function refreshClientSnapshot(stored: unknown, client: Client, issuerState: string, documentType: string): SnapshotRefresh {
  const fresh = snapshotClient(client);
  const withMunicipality = documentType === "NFSE";
  const typed = StoredSnapshot.safeParse(stored ?? {}).data;
  const before = classificationOf(typed ?? {}, issuerState, withMunicipality);
  const after = classificationOf(fresh, issuerState, withMunicipality);
  const changes = (Object.keys(after) as Array<keyof typeof after>)
    .filter((field) => before[field] !== after[field])
    .map((field) => `${field} ${before[field] ?? "none"} → ${after[field] ?? "none"}`);
  if (changes.length > 0) return { kind: "classification_changed", changes };
  // A name typed on the document stays; the rest is the record's as of now (the stored snapshot parsed once, above).
  return { kind: "refreshed", snapshot: typed?.nameAsTyped && typed.name ? { ...fresh, name: typed.name, nameAsTyped: true } : fresh };
}

function classificationOf(snapshot: Partial<ClientSnapshot>, issuerState: string, withMunicipality: boolean) {
  const recipient = describeRecipient(
    { ...snapshot, type: snapshot.type ?? null, state: snapshot.state ?? null, stateRegistration: snapshot.stateRegistration ?? null, icmsTaxpayer: snapshot.icmsTaxpayer ?? null, municipalityCode: snapshot.municipalityCode ?? null } as ClientSnapshot,
    issuerState,
  );
  return {
    destination: recipient.destination,
    state: recipient.state,
    clientType: recipient.clientType,
    contributor: String(recipient.contributor),
    ...(withMunicipality ? { municipalityCode: recipient.municipalityCode } : {}),
    type: snapshot.type ?? null,
    documentType: snapshot.documentType ?? null,
  };
}
