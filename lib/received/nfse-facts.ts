import { readNfse } from "@/lib/fiscal/nfse";

// What the received-documents list keeps of an NFS-e and of an NFS-e event as
// the ADN distributes them (NFSe_v1.01.xsd, evento_v1.01.xsd; Anexo I and II):
// the access key, the emitter (emit), the DPS's dhEmi and service value, and
// for an event its code (the group eNNNNNN of pedRegEvento), nSeqEvento and dhProc.

export type ReceivedNfseFacts = { accessKey: string; nfseNumber: string; issuerDocument: string; issuerName: string; issueDate: Date; totalValue: string };
export type ReceivedNfseEventFacts = { accessKey: string; eventType: string; sequence: number; registeredAt: Date | null };

function field(xml: string, tag: string): string | null {
  return new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? null;
}

function unescapeXml(value: string): string {
  return value.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");
}

function dateOf(value: string | null): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** null when the XML is not an NFS-e we can read. */
export function readReceivedNfse(xml: string): ReceivedNfseFacts | null {
  const summary = readNfse(xml);
  if (!summary) return null;
  const dpsAt = xml.indexOf("<DPS");
  const own = dpsAt > 0 ? xml.slice(0, dpsAt) : xml;
  const dps = dpsAt > 0 ? xml.slice(dpsAt) : "";
  const emit = /<emit>([\s\S]*?)<\/emit>/.exec(own)?.[1] ?? "";
  const issuerDocument = field(emit, "CNPJ") ?? field(emit, "CPF");
  const issueDate = dateOf(field(dps, "dhEmi")) ?? dateOf(summary.dhProc);
  const totalValue = field(/<vServPrest>([\s\S]*?)<\/vServPrest>/.exec(dps)?.[1] ?? "", "vServ");
  if (!issuerDocument || !issueDate || !totalValue || !/^\d+(\.\d{1,2})?$/.test(totalValue)) return null;
  return { accessKey: summary.accessKey, nfseNumber: summary.nNFSe, issuerDocument, issuerName: unescapeXml(field(emit, "xNome") ?? ""), issueDate, totalValue };
}

/** null when the XML is not an NFS-e event (evento with pedRegEvento) we can read. */
export function readReceivedNfseEvent(xml: string): ReceivedNfseEventFacts | null {
  if (!/<evento[\s>]/.test(xml)) return null;
  const pedido = /<pedRegEvento\b[\s\S]*<\/pedRegEvento>/.exec(xml)?.[0] ?? "";
  const accessKey = field(pedido, "chNFSe");
  const eventType = /<e(\d{6})>/.exec(pedido)?.[1];
  const before = xml.slice(0, xml.indexOf("<pedRegEvento") > 0 ? xml.indexOf("<pedRegEvento") : undefined);
  const sequence = Number(field(before, "nSeqEvento") ?? "1");
  if (!accessKey || !eventType || !Number.isInteger(sequence)) return null;
  return { accessKey, eventType, sequence, registeredAt: dateOf(field(before, "dhProc")) };
}
