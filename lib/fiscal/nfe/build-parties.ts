import { el, fiscalText, group, opt } from "@/lib/fiscal/xml/xml-text";
import { recipientIndIEDest } from "./build-ide";
import type { NfeAddress, NfeInput } from "./types";

// MOC 4.00 rule for homologation: the recipient's name is replaced by this text.
export const HOMOLOGATION_RECIPIENT_NAME = "NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL";

const digits = (value: string) => value.replace(/\D/g, "");
const documentChars = (value: string) => value.replace(/[^0-9A-Za-z]/g, "").toUpperCase();

function address(a: NfeAddress & { countryCode?: string; countryName?: string }, tag: "enderEmit" | "enderDest"): string {
  const foreign = a.uf === "EX";
  return (
    `<${tag}>` +
    el("xLgr", fiscalText(a.street, 60)) +
    el("nro", fiscalText(a.number, 60)) +
    opt("xCpl", a.complement ? fiscalText(a.complement, 60) : null) +
    el("xBairro", fiscalText(a.district, 60)) +
    el("cMun", foreign ? "9999999" : a.municipalityCode) +
    el("xMun", foreign ? "EXTERIOR" : fiscalText(a.municipalityName, 60)) +
    el("UF", a.uf) +
    opt("CEP", a.zipCode ? digits(a.zipCode) : null) +
    el("cPais", a.countryCode ?? "1058") +
    el("xPais", a.countryName ?? "BRASIL") +
    opt("fone", a.phone ? digits(a.phone) : null) +
    `</${tag}>`
  );
}

export function buildEmit(input: NfeInput): string {
  const issuer = input.issuer;
  const municipal = issuer.municipalRegistration ? el("IM", fiscalText(issuer.municipalRegistration, 15)) + opt("CNAE", issuer.cnae) : "";
  return (
    "<emit>" +
    el("CNPJ", documentChars(issuer.cnpj)) +
    el("xNome", fiscalText(issuer.name, 60)) +
    opt("xFant", issuer.tradeName ? fiscalText(issuer.tradeName, 60) : null) +
    address(issuer.address, "enderEmit") +
    el("IE", documentChars(issuer.stateRegistration) || "ISENTO") +
    opt("IEST", issuer.stateRegistrationSt ? digits(issuer.stateRegistrationSt) : null) +
    municipal +
    el("CRT", issuer.crt) +
    "</emit>"
  );
}

/** dest: optional on NFC-e (unidentified consumer); xNome replaced in homologation. */
export function buildDest(input: NfeInput): string {
  const recipient = input.recipient;
  if (!recipient) return "";
  const doc = recipient.document;
  const id =
    doc.type === "CNPJ" ? el("CNPJ", documentChars(doc.value)) : doc.type === "CPF" ? el("CPF", digits(doc.value)) : el("idEstrangeiro", fiscalText(doc.value, 20));
  const name = input.environment === "HOMOLOGATION" ? HOMOLOGATION_RECIPIENT_NAME : fiscalText(recipient.name, 60);
  const indIEDest = recipientIndIEDest(input);
  return group(
    "dest",
    id +
      (name.length >= 2 ? el("xNome", name) : "") +
      (recipient.address ? address(recipient.address, "enderDest") : "") +
      el("indIEDest", indIEDest) +
      (indIEDest === "1" && recipient.stateRegistration ? el("IE", digits(recipient.stateRegistration)) : "") +
      opt("email", recipient.email ? fiscalText(recipient.email, 60) : null),
  );
}
