import { stateInfo } from "@/lib/br";
import { DomainError } from "@/lib/errors";
import { el, fiscalText } from "@/lib/fiscal/xml/xml-text";
import { NFE_NAMESPACE } from "./build-nfe";

export type InutilizationInput = {
  environment: "PRODUCTION" | "HOMOLOGATION";
  uf: string;
  cnpj: string;
  /** Year of the numbers, 2 digits ("26") or 4 ("2026"). */
  year: number | string;
  model: "55" | "65";
  series: number;
  firstNumber: number;
  lastNumber: number;
  reason: string; // xJust, 15 to 255 characters
};

/**
 * The unsigned <inutNFe versao="4.00"> (MOC 4.00, NFeInutilizacao4). Id =
 * "ID" + cUF + ano + CNPJ + mod + serie (3) + nNFIni (9) + nNFFin (9). Sign
 * with tag "infInut"; validate with "nfe/inutNFe_v4.00.xsd".
 */
export function buildInutilizationXml(input: InutilizationInput): { xml: string; id: string } {
  if (input.firstNumber < 1 || input.lastNumber < input.firstNumber || input.lastNumber > 999_999_999) {
    throw new DomainError(422, "schema_validation_failed", `Invalid number range ${input.firstNumber}-${input.lastNumber}`);
  }
  const cUF = stateInfo(input.uf).cUF;
  const year = String(input.year).slice(-2).padStart(2, "0");
  const cnpj = input.cnpj.replace(/[^0-9A-Za-z]/g, "").toUpperCase();
  const id = `ID${cUF}${year}${cnpj}${input.model}${String(input.series).padStart(3, "0")}${String(input.firstNumber).padStart(9, "0")}${String(input.lastNumber).padStart(9, "0")}`;
  const xml =
    `<inutNFe xmlns="${NFE_NAMESPACE}" versao="4.00"><infInut Id="${id}">` +
    el("tpAmb", input.environment === "PRODUCTION" ? "1" : "2") +
    el("xServ", "INUTILIZAR") +
    el("cUF", cUF) +
    el("ano", year) +
    el("CNPJ", cnpj) +
    el("mod", input.model) +
    el("serie", String(input.series)) +
    el("nNFIni", String(input.firstNumber)) +
    el("nNFFin", String(input.lastNumber)) +
    el("xJust", fiscalText(input.reason, 255)) +
    "</infInut></inutNFe>";
  return { xml, id };
}
