import { createHash } from "node:crypto";
import { el, fiscalText, group, opt } from "@/lib/fiscal/xml/xml-text";
import type { NfeInput } from "./types";

/** infAdic: information of interest to the tax authority (infAdFisco) and to the taxpayer (infCpl). */
export function buildInfAdic(input: NfeInput): string {
  const info = input.additionalInfo;
  if (!info) return "";
  return group(
    "infAdic",
    opt("infAdFisco", info.fisco ? fiscalText(info.fisco, 2000) : null) + opt("infCpl", info.taxpayer ? fiscalText(info.taxpayer, 5000) : null),
  );
}

/**
 * infRespTec (NT 2018.005): the software house responsible for the system.
 * hashCSRT = base64(SHA-1(CSRT + chave de acesso)) when the state issued a CSRT.
 */
export function buildInfRespTec(input: NfeInput, accessKey: string): string {
  const r = input.technicalResponsible;
  if (!r) return "";
  const csrt = r.csrt
    ? el("idCSRT", r.csrt.id.padStart(2, "0")) + el("hashCSRT", createHash("sha1").update(r.csrt.secret + accessKey).digest("base64"))
    : "";
  return (
    "<infRespTec>" +
    el("CNPJ", r.cnpj.replace(/[^0-9A-Za-z]/g, "").toUpperCase()) +
    el("xContato", fiscalText(r.contact, 60)) +
    el("email", fiscalText(r.email, 60)) +
    el("fone", r.phone.replace(/\D/g, "")) +
    csrt +
    "</infRespTec>"
  );
}
