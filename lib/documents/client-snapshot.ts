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

export type Recipient = {
  state: string | null;
  destination: "INTERNAL" | "INTERSTATE" | "FOREIGN";
  clientType: RecipientClientType;
  contributor: boolean;
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
    municipalityCode: client.municipalityCode,
  };
}
