import { protNFe } from "./answers";
import { localTime } from "./context";

/** The protNFe of an authorized document, rebuilt byte-identically from what is stored. */
export function protocolOf(document: { tpAmb: string; accessKey: string; protocol: string; digestValue: string; receivedAt: Date }): string {
  return protNFe({
    tpAmb: document.tpAmb,
    chNFe: document.accessKey,
    dhRecbto: localTime(document.receivedAt, document.accessKey.slice(0, 2)),
    nProt: document.protocol,
    digVal: document.digestValue,
    cStat: "100",
    xMotivo: "Autorizado o uso da NF-e",
  });
}
