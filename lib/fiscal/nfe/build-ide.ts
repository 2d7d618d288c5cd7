import { stateInfo } from "@/lib/br";
import { el, fiscalText, opt } from "@/lib/fiscal/xml/xml-text";
import { localDateTime } from "./format";
import type { NfeInput } from "./types";

export type IdeContext = { cNF: string; cDV: string; dhEmi: string };

/** idDest: 1 internal, 2 interstate, 3 abroad (from the recipient's address; NFC-e is always 1). */
export function destinationIndicator(input: NfeInput): "1" | "2" | "3" {
  const recipient = input.recipient;
  if (input.model === "65" || !recipient) return "1";
  if (recipient.document.type === "FOREIGN" || recipient.address?.uf === "EX") return "3";
  if (recipient.address && recipient.address.uf !== input.issuer.address.uf) return "2";
  return "1";
}

/** indFinal: NFC-e always 1; NF-e 1 unless the recipient is a contributor (indIEDest 1). */
export function finalConsumerIndicator(input: NfeInput): "0" | "1" {
  if (input.indFinal) return input.indFinal;
  if (input.model === "65") return "1";
  return recipientIndIEDest(input) === "1" ? "0" : "1";
}

export function recipientIndIEDest(input: NfeInput): "1" | "2" | "9" {
  const recipient = input.recipient;
  // MOC 4.00: NFC-e recipients are always non-contributors (indIEDest 9).
  if (!recipient || input.model === "65") return "9";
  if (recipient.indIEDest) return recipient.indIEDest;
  if (recipient.document.type === "FOREIGN") return "9";
  // "ISENTO" is no registration number: the recipient is exempt (indIEDest 2, no IE tag).
  if (recipient.stateRegistration?.trim().toUpperCase() === "ISENTO") return "2";
  return recipient.stateRegistration ? "1" : "9";
}

export function buildIde(input: NfeInput, context: IdeContext): string {
  const { issuer } = input;
  const isNfce = input.model === "65";
  const tpEmis = input.tpEmis ?? "1";
  const references = (input.referencedKeys ?? []).map((key) => `<NFref>${el("refNFe", key)}</NFref>`).join("");
  return (
    "<ide>" +
    el("cUF", stateInfo(issuer.address.uf).cUF) +
    el("cNF", context.cNF) +
    el("natOp", fiscalText(input.operationNature, 60)) +
    el("mod", input.model) +
    el("serie", String(input.series)) +
    el("nNF", String(input.number)) +
    el("dhEmi", context.dhEmi) +
    (!isNfce && input.departureAt ? el("dhSaiEnt", localDateTime(input.departureAt, issuer.address.uf)) : "") +
    el("tpNF", input.operationType ?? "1") +
    el("idDest", destinationIndicator(input)) +
    el("cMunFG", issuer.address.municipalityCode) +
    // tpImp: 4 = DANFE NFC-e; 1 = DANFE portrait.
    el("tpImp", isNfce ? "4" : "1") +
    el("tpEmis", tpEmis) +
    el("cDV", context.cDV) +
    el("tpAmb", input.environment === "PRODUCTION" ? "1" : "2") +
    el("finNFe", input.finNFe) +
    (input.finNFe === "6" ? opt("tpNFDebito", input.tpNFDebito) : "") +
    (input.finNFe === "5" ? opt("tpNFCredito", input.tpNFCredito) : "") +
    el("indFinal", finalConsumerIndicator(input)) +
    el("indPres", input.indPres ?? "1") +
    opt("indIntermed", input.indIntermed) +
    el("procEmi", "0") +
    el("verProc", fiscalText(input.applicationVersion ?? "fiscal-issuer 0.1", 20)) +
    (input.contingency && tpEmis !== "1"
      ? el("dhCont", localDateTime(input.contingency.at, issuer.address.uf)) + el("xJust", fiscalText(input.contingency.reason, 256))
      : "") +
    references +
    "</ide>"
  );
}
