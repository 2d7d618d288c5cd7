import { child, parseXml, text, type XmlNode } from "@/lib/authority/soap-response";

// Reading what NFeDistribuicaoDFe distributes (NT 2014.002): the summary of an
// NF-e (resNFe), the full authorized NF-e (nfeProc), the summary of an event
// (resEvento) or the event with its registration (procEventoNFe). The schema
// attribute of each docZip names which; the root element is checked too.

export type NfeFacts = {
  accessKey: string;
  issuerDocument: string;
  issuerName: string;
  issuerStateRegistration: string | null;
  issueDate: Date;
  totalValue: string;
  operation: "ENTRADA" | "SAIDA";
  authorityStatus: "AUTHORIZED" | "CANCELLED" | "DENIED";
  protocol: string | null;
};

export type EventFacts = { accessKey: string; eventType: string; sequence: number; protocol: string | null; registeredAt: Date | null };

export type DistributedDocument =
  | { kind: "summary"; facts: NfeFacts }
  | { kind: "full"; facts: NfeFacts }
  | { kind: "event"; full: boolean; facts: EventFacts }
  | { kind: "other"; root: string };

const DENIED = new Set(["110", "301", "302", "303"]);

function date(value: string): Date | null {
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

function rootOf(xml: string): string {
  return /^(?:\s*<\?[^>]*\?>)?\s*<(?:[\w.-]+:)?([\w.-]+)[\s>/]/.exec(xml)?.[1] ?? "";
}

function operation(tpNF: string): "ENTRADA" | "SAIDA" {
  return tpNF === "0" ? "ENTRADA" : "SAIDA";
}

function summaryFacts(res: XmlNode | undefined): NfeFacts {
  const situation = text(res, "cSitNFe");
  return {
    accessKey: text(res, "chNFe"),
    issuerDocument: text(res, "CNPJ") || text(res, "CPF"),
    issuerName: text(res, "xNome"),
    issuerStateRegistration: text(res, "IE") || null,
    issueDate: date(text(res, "dhEmi")) ?? new Date(0),
    totalValue: text(res, "vNF") || "0",
    operation: operation(text(res, "tpNF")),
    authorityStatus: situation === "3" ? "CANCELLED" : situation === "2" ? "DENIED" : "AUTHORIZED",
    protocol: text(res, "nProt") || null,
  };
}

function fullFacts(proc: XmlNode | undefined): NfeFacts {
  const infNFe = child(child(proc, "NFe"), "infNFe");
  const ide = child(infNFe, "ide");
  const emit = child(infNFe, "emit");
  const infProt = child(child(proc, "protNFe"), "infProt");
  const cStat = text(infProt, "cStat");
  return {
    accessKey: text(infProt, "chNFe") || String(infNFe?.["@_Id"] ?? "").replace(/^NFe/, ""),
    issuerDocument: text(emit, "CNPJ") || text(emit, "CPF"),
    issuerName: text(emit, "xNome"),
    issuerStateRegistration: text(emit, "IE") || null,
    issueDate: date(text(ide, "dhEmi")) ?? new Date(0),
    totalValue: text(child(child(infNFe, "total"), "ICMSTot"), "vNF") || "0",
    operation: operation(text(ide, "tpNF")),
    authorityStatus: DENIED.has(cStat) ? "DENIED" : "AUTHORIZED",
    protocol: text(infProt, "nProt") || null,
  };
}

export function readDistributedXml(xml: string): DistributedDocument {
  const root = rootOf(xml);
  const parsed = parseXml(xml);
  switch (root) {
    case "resNFe":
      return { kind: "summary", facts: summaryFacts(child(parsed, "resNFe")) };
    case "nfeProc":
      return { kind: "full", facts: fullFacts(child(parsed, "nfeProc")) };
    case "resEvento": {
      const res = child(parsed, "resEvento");
      return {
        kind: "event",
        full: false,
        facts: { accessKey: text(res, "chNFe"), eventType: text(res, "tpEvento"), sequence: Number(text(res, "nSeqEvento") || "1"), protocol: text(res, "nProt") || null, registeredAt: date(text(res, "dhRecbto")) },
      };
    }
    case "procEventoNFe": {
      const proc = child(parsed, "procEventoNFe");
      const info = child(child(proc, "evento"), "infEvento");
      const ret = child(child(proc, "retEvento"), "infEvento");
      return {
        kind: "event",
        full: true,
        facts: { accessKey: text(info, "chNFe"), eventType: text(info, "tpEvento"), sequence: Number(text(info, "nSeqEvento") || "1"), protocol: text(ret, "nProt") || null, registeredAt: date(text(ret, "dhRegEvento")) },
      };
    }
    default:
      return { kind: "other", root };
  }
}
