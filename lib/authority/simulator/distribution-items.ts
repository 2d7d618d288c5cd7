import type { Prisma, SimulatorDocument } from "@prisma/client";
import { NFE_NS, escapeXml, retEvento } from "./answers";
import { localTime } from "./context";
import { EVENT_DESCRIPTIONS } from "./event-rules";
import { protocolOf } from "./stored-protocol";
import { block, blocks, field } from "./xml-fields";

// What the simulated Ambiente Nacional puts in each party's distribution
// (NT 2014.002, NFeDistribuicaoDFe): the parties of an NF-e are its recipient
// (dest), its transporter (transporta) and the autXML parties; each item gets
// the party's next NSU. The recipient sees the summary (resNFe) until it
// manifests, then the full nfeProc; transporter and autXML parties are
// entitled to the full XML from the start. Events on the NF-e follow the same
// split: resEvento before the recipient's manifestation, procEventoNFe after.

export const RES_NFE_SCHEMA = "resNFe_v1.01.xsd";
export const PROC_NFE_SCHEMA = "procNFe_v4.00.xsd";
export const RES_EVENTO_SCHEMA = "resEvento_v1.01.xsd";
export const PROC_EVENTO_SCHEMA = "procEventoNFe_v1.00.xsd";

type Tx = Prisma.TransactionClient;
/** What the distribution's items are built from: a stored SimulatorDocument, or the one being recorded. */
export type DistributedDocument = Pick<SimulatorDocument, "environment" | "accessKey" | "model" | "xml" | "status" | "denialCStat" | "protocol" | "digestValue" | "receivedAt">;
export type Party = { document: string; role: "recipient" | "transporter" | "autXML" };

function partyDocument(xml: string): string {
  return field(xml, "CNPJ") || field(xml, "CPF");
}

/** The recipient's CNPJ or CPF (empty for an unidentified consumer or a foreigner). */
export function recipientOf(nfeXml: string): string {
  return partyDocument(block(nfeXml, "dest"));
}

/** Every party with an interest in the NF-e other than its issuer, each once (the recipient's role wins). */
export function partiesOf(nfeXml: string): Party[] {
  const found: Party[] = [];
  const add = (document: string, role: Party["role"]) => {
    if (document && !found.some((p) => p.document === document)) found.push({ document, role });
  };
  add(recipientOf(nfeXml), "recipient");
  add(partyDocument(block(block(nfeXml, "transp"), "transporta")), "transporter");
  for (const autXML of blocks(nfeXml, "autXML")) add(partyDocument(`<x>${autXML}</x>`), "autXML");
  return found;
}

/** resNFe v1.01 from the stored NF-e and its authorization (cSitNFe 1 authorized, 2 denied, 3 cancelled). */
export function resNFe(document: DistributedDocument): string {
  const nfe = document.xml;
  const emit = block(nfe, "emit");
  const ide = block(nfe, "ide");
  const cnpj = field(emit, "CNPJ");
  const situation = document.status === "DENIED" ? "2" : document.status === "CANCELLED" ? "3" : "1";
  return (
    `<resNFe xmlns="${NFE_NS}" versao="1.01">` +
    `<chNFe>${document.accessKey}</chNFe>` +
    (cnpj ? `<CNPJ>${cnpj}</CNPJ>` : `<CPF>${field(emit, "CPF")}</CPF>`) +
    `<xNome>${escapeXml(unescape(field(emit, "xNome")))}</xNome>` +
    `<IE>${field(emit, "IE")}</IE>` +
    `<dhEmi>${field(ide, "dhEmi")}</dhEmi>` +
    `<tpNF>${field(ide, "tpNF")}</tpNF>` +
    `<vNF>${field(block(nfe, "ICMSTot"), "vNF")}</vNF>` +
    (document.digestValue ? `<digVal>${document.digestValue}</digVal>` : "") +
    `<dhRecbto>${localTime(document.receivedAt, document.accessKey.slice(0, 2))}</dhRecbto>` +
    `<nProt>${document.protocol}</nProt>` +
    `<cSitNFe>${situation}</cSitNFe>` +
    `</resNFe>`
  );
}

// Entity references in xNome are kept as they are in the NF-e (already escaped there).
function unescape(value: string): string {
  return value.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");
}

/** The nfeProc exactly as the issuer received it: the signed NFe and the protNFe rebuilt from what is stored. */
export function procNFe(document: DistributedDocument): string {
  const protocol = protocolOf({ tpAmb: String(document.environment), accessKey: document.accessKey, protocol: document.protocol, digestValue: document.digestValue, receivedAt: document.receivedAt, denialCStat: document.denialCStat });
  return `<nfeProc xmlns="${NFE_NS}" versao="4.00">${document.xml}${protocol}</nfeProc>`;
}

export type StoredEvent = { eventType: string; sequence: number; protocol: string; xml: string | null; createdAt: Date };

/** resEvento v1.01 of a registered event. */
export function resEvento(document: SimulatorDocument, event: StoredEvent): string {
  const xml = event.xml ?? "";
  const cOrgao = field(xml, "cOrgao") || document.accessKey.slice(0, 2);
  const author = field(xml, "CNPJ");
  return (
    `<resEvento xmlns="${NFE_NS}" versao="1.01">` +
    `<cOrgao>${cOrgao}</cOrgao>` +
    (author ? `<CNPJ>${author}</CNPJ>` : `<CPF>${field(xml, "CPF")}</CPF>`) +
    `<chNFe>${document.accessKey}</chNFe>` +
    `<dhEvento>${field(xml, "dhEvento")}</dhEvento>` +
    `<tpEvento>${event.eventType}</tpEvento>` +
    `<nSeqEvento>${event.sequence}</nSeqEvento>` +
    `<xEvento>${escapeXml(EVENT_DESCRIPTIONS[event.eventType] ?? event.eventType)}</xEvento>` +
    `<dhRecbto>${localTime(event.createdAt, document.accessKey.slice(0, 2))}</dhRecbto>` +
    `<nProt>${event.protocol}</nProt>` +
    `</resEvento>`
  );
}

/** procEventoNFe: the signed evento and its retEvento, as NFeConsultaProtocolo4 returns them. */
export function procEventoNFe(document: SimulatorDocument, event: StoredEvent): string {
  const xml = event.xml ?? "";
  const cOrgao = field(xml, "cOrgao") || document.accessKey.slice(0, 2);
  const ret = retEvento({
    tpAmb: String(document.environment), cOrgao, cStat: "135", xMotivo: "Evento registrado e vinculado a NF-e", chNFe: document.accessKey, tpEvento: event.eventType,
    xEvento: EVENT_DESCRIPTIONS[event.eventType], nSeqEvento: String(event.sequence), dhRegEvento: localTime(event.createdAt, document.accessKey.slice(0, 2)), nProt: event.protocol,
  });
  return `<procEventoNFe xmlns="${NFE_NS}" versao="1.00">${xml}${ret}</procEventoNFe>`;
}

/**
 * Appends one item to the party's distribution with its next NSU, in one
 * statement: the party's counter row serializes concurrent appends for the
 * moment of the statement and its commit.
 */
export async function appendItem(tx: Tx, item: { environment: number; party: string; schema: string; accessKey: string; xml: string; at: Date }): Promise<bigint> {
  const [row] = await tx.$queryRaw<{ nsu: bigint }[]>`
    WITH counter AS (
      INSERT INTO "SimulatorDistributionParty" ("environment", "party", "lastNsu") VALUES (${item.environment}, ${item.party}, 1)
      ON CONFLICT ("environment", "party") DO UPDATE SET "lastNsu" = "SimulatorDistributionParty"."lastNsu" + 1
      RETURNING "lastNsu")
    INSERT INTO "SimulatorDistribution" ("id", "environment", "party", "nsu", "schema", "accessKey", "xml", "createdAt")
    SELECT gen_random_uuid()::text, ${item.environment}, ${item.party}, counter."lastNsu", ${item.schema}, ${item.accessKey}, ${item.xml}, ${item.at.toISOString()}::timestamp FROM counter
    RETURNING "nsu"`;
  return row!.nsu;
}

/** Whether the party may read the full XML: transporter and autXML always, the recipient once it manifested (any 2102xx). */
export async function hasFullAccess(tx: Tx, document: SimulatorDocument, party: Party): Promise<boolean> {
  if (party.role !== "recipient") return true;
  return (await tx.simulatorEvent.count({ where: { documentId: document.id, eventType: { startsWith: "2102" } } })) > 0;
}

export type DistributionItem = { party: string; schema: string; xml: string };

/**
 * The items a newly authorized (or denied) NF-e puts in its parties' distributions, ordered by
 * party (so two statements appending to the same parties take their counter rows in one order).
 * None for an NFC-e.
 */
export function nfeDistributionItems(document: DistributedDocument): DistributionItem[] {
  if (document.model !== 55) return [];
  return partiesOf(document.xml)
    .map((party) => {
      const full = party.role !== "recipient" && document.status !== "DENIED";
      return { party: party.document, ...(full ? { schema: PROC_NFE_SCHEMA, xml: procNFe(document) } : { schema: RES_NFE_SCHEMA, xml: resNFe(document) }) };
    })
    .sort((a, b) => (a.party < b.party ? -1 : a.party > b.party ? 1 : 0));
}

/** A newly authorized (or denied) NF-e lands in each party's distribution. */
export async function distributeNfe(tx: Tx, document: SimulatorDocument, at: Date): Promise<void> {
  for (const item of nfeDistributionItems(document)) {
    await appendItem(tx, { environment: document.environment, accessKey: document.accessKey, at, ...item });
  }
}

/** An issuer's event (cancellation, CC-e, …) lands in each party's distribution. */
export async function distributeIssuerEvent(tx: Tx, document: SimulatorDocument, event: StoredEvent): Promise<void> {
  if (document.model !== 55) return;
  for (const party of partiesOf(document.xml)) {
    const full = await hasFullAccess(tx, document, party);
    await appendItem(tx, {
      environment: document.environment, party: party.document, accessKey: document.accessKey, at: event.createdAt,
      ...(full ? { schema: PROC_EVENTO_SCHEMA, xml: procEventoNFe(document, event) } : { schema: RES_EVENTO_SCHEMA, xml: resEvento(document, event) }),
    });
  }
}

/**
 * The recipient's manifestation: its first one makes the full nfeProc
 * available in its distribution; the issuer receives the event itself.
 */
export async function distributeManifestation(tx: Tx, document: SimulatorDocument, event: StoredEvent, firstManifestation: boolean): Promise<void> {
  const recipient = recipientOf(document.xml);
  if (firstManifestation && recipient && document.status !== "DENIED") {
    await appendItem(tx, { environment: document.environment, party: recipient, accessKey: document.accessKey, at: event.createdAt, schema: PROC_NFE_SCHEMA, xml: procNFe(document) });
  }
  await appendItem(tx, { environment: document.environment, party: document.cnpj, accessKey: document.accessKey, at: event.createdAt, schema: PROC_EVENTO_SCHEMA, xml: procEventoNFe(document, event) });
}

/** An event the recipient (or another party) registered on the NF-e, other than a manifestation, lands in the issuer's distribution. */
export async function distributeToIssuer(tx: Tx, document: SimulatorDocument, event: StoredEvent): Promise<void> {
  if (document.model !== 55) return;
  await appendItem(tx, { environment: document.environment, party: document.cnpj, accessKey: document.accessKey, at: event.createdAt, schema: PROC_EVENTO_SCHEMA, xml: procEventoNFe(document, event) });
}
