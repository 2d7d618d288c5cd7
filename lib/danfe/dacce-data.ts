import { XMLParser } from "fast-xml-parser";
import type { DanfeData } from "./danfe-data";

// What the DACCE (the printed correction letter) shows: the registered
// event (evento/infEvento and the authority's retEvento) beside the NF-e it
// corrects, read from the document's authorized XML.

export type DacceData = {
  document: DanfeData;
  accessKey: string;
  homologation: boolean;
  sequence: string;
  eventAt: string;
  correction: string;
  conditionsOfUse: string;
  protocol?: string;
  registeredAt?: string;
  status?: string;
};

const parser = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false, trimValues: true });

type Node = Record<string, unknown>;
const node = (value: unknown): Node => (Array.isArray(value) ? node(value[0]) : value && typeof value === "object" ? (value as Node) : {});
const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

const SIGNATURES = /<Signature[\s>][\s\S]*?<\/Signature>/g;

/**
 * The event as registered: `eventXml` is the procEventoNFe kept for it (or,
 * when only the request survived a lost answer, the envEvento), and the row's
 * protocol fills what the XML lacks.
 */
export function parseCorrectionLetter(eventXml: string, document: DanfeData, fallback: { protocol?: string | null; sequence: number }): DacceData {
  const root = node(parser.parse(eventXml.replace(SIGNATURES, "")));
  const evento = node(node(root.procEventoNFe).evento ?? node(root.envEvento).evento ?? root.evento);
  const info = node(evento.infEvento);
  const detail = node(info.detEvento);
  const ret = node(node(node(root.procEventoNFe).retEvento).infEvento);
  if (!info.chNFe) throw new Error("The event XML has no infEvento");
  return {
    document,
    accessKey: text(info.chNFe) ?? document.accessKey,
    homologation: text(info.tpAmb) === "2",
    sequence: text(info.nSeqEvento) ?? String(fallback.sequence),
    eventAt: text(info.dhEvento) ?? "",
    correction: text(detail.xCorrecao) ?? "",
    conditionsOfUse: text(detail.xCondUso) ?? "",
    protocol: text(ret.nProt) ?? fallback.protocol ?? undefined,
    registeredAt: text(ret.dhRegEvento),
    status: ret.cStat ? `${text(ret.cStat)} - ${text(ret.xMotivo) ?? ""}` : undefined,
  };
}
