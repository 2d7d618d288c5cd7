import { protNFe } from "./answers";
import { localTime } from "./context";
import { denialReason } from "./denials";

/** The protNFe of an authorized (or denied: denialCStat) document, rebuilt byte-identically from what is stored. */
export function protocolOf(document: { tpAmb: string; accessKey: string; protocol: string; digestValue: string; receivedAt: Date; denialCStat?: string | null }): string {
  return protNFe({
    tpAmb: document.tpAmb,
    chNFe: document.accessKey,
    dhRecbto: localTime(document.receivedAt, document.accessKey.slice(0, 2)),
    nProt: document.protocol,
    digVal: document.digestValue,
    cStat: document.denialCStat ?? "100",
    xMotivo: document.denialCStat ? denialReason(document.denialCStat) : "Autorizado o uso da NF-e",
  });
}
