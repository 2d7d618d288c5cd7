import { el, fiscalText, group, opt } from "@/lib/fiscal/xml/xml-text";
import { money } from "@/lib/fiscal/nfe/format";
import { buildDpsId } from "./dps-id";
import type { BuiltDps, DpsAddress, DpsInput } from "./types";

// The DPS of layout 1.01 (XSD DPS_v1.01, Anexo I), in schema order, on one
// line: the national manual forbids line feeds, tabs and spaces between tags
// (MAN-INT §6.1.1) and namespace prefixes.

export const NFSE_NS = "http://www.sped.fazenda.gov.br/nfse";
export const DPS_VERSION = "1.01";
export const APP_VERSION = "fiscal-1.0";

/** TSDec1V2 (pAliq): one integer digit and two decimals, e.g. "2.00". */
function rate1v2(value: string): string {
  return Number(value).toFixed(2);
}

/** TSDec2V2: percentages up to 99.99. */
function rate2v2(value: string): string {
  return Number(value).toFixed(2);
}

function address(a: DpsAddress): string {
  return group(
    "end",
    group("endNac", el("cMun", a.municipalityCode) + el("CEP", a.zipCode)) +
      el("xLgr", fiscalText(a.street, 255)) +
      el("nro", fiscalText(a.number || "S/N", 60)) +
      opt("xCpl", a.complement ? fiscalText(a.complement, 156) : null) +
      el("xBairro", fiscalText(a.neighborhood, 60)),
  );
}

function provider(input: DpsInput): string {
  const p = input.provider;
  // tpEmit 1 (the provider issues): xNome and end are NOT sent (E0121, E0128); Sefin takes them from the CNC.
  const regTrib = el("opSimpNac", p.opSimpNac) + (p.opSimpNac === "3" ? opt("regApTribSN", p.regApTribSN) : "") + el("regEspTrib", p.regEspTrib);
  return group("prest", el("CNPJ", p.cnpj) + opt("IM", p.municipalRegistration) + opt("fone", p.phone?.replace(/\D/g, "") || null) + opt("email", p.email) + group("regTrib", regTrib));
}

function taker(input: DpsInput): string {
  const t = input.taker;
  if (!t) return "";
  const id = t.cnpj ? el("CNPJ", t.cnpj) : t.cpf ? el("CPF", t.cpf) : el("cNaoNIF", "0");
  return group("toma", id + el("xNome", fiscalText(t.name, 300)) + (t.address ? address(t.address) : "") + opt("email", t.email));
}

function service(input: DpsInput): string {
  const s = input.service;
  const cServ = el("cTribNac", s.nationalCode) + opt("cTribMun", s.municipalCode) + el("xDescServ", fiscalText(s.description, 2000)) + opt("cNBS", s.nbsCode);
  const infoCompl = s.additionalInfo ? group("infoCompl", el("xInfComp", fiscalText(s.additionalInfo, 2000))) : "";
  return group("serv", group("locPrest", el("cLocPrestacao", s.location)) + group("cServ", cServ) + infoCompl);
}

function values(input: DpsInput): string {
  const v = input.values;
  const discount = v.unconditionalDiscount && Number(v.unconditionalDiscount) > 0 ? group("vDescCondIncond", el("vDescIncond", money(v.unconditionalDiscount))) : "";
  const tribMun = el("tribISSQN", v.tribISSQN) + el("tpRetISSQN", v.tpRetISSQN) + (v.issRate ? el("pAliq", rate1v2(v.issRate)) : "");
  const pc = v.pisCofins;
  const piscofins = pc
    ? group(
        "piscofins",
        el("CST", pc.cst) + el("vBCPisCofins", money(pc.base)) + el("pAliqPis", rate2v2(pc.pisRate)) + el("pAliqCofins", rate2v2(pc.cofinsRate)) +
          el("vPis", money(pc.pis)) + el("vCofins", money(pc.cofins)) + el("tpRetPisCofins", pc.retained ? "1" : "2"),
      )
    : "";
  const positive = (x: string | null | undefined) => (x && Number(x) > 0 ? money(x) : null);
  const tribFed = group("tribFed", piscofins + opt("vRetCP", positive(v.retentions.inss)) + opt("vRetIRRF", positive(v.retentions.ir)) + opt("vRetCSLL", positive(v.retentions.csll)));
  const a = v.approximateTaxes;
  const totTrib =
    "simplesPercent" in a
      ? el("pTotTribSN", rate2v2(a.simplesPercent))
      : group("vTotTrib", el("vTotTribFed", money(a.federal)) + el("vTotTribEst", money(a.state)) + el("vTotTribMun", money(a.municipal)));
  return group(
    "valores",
    group("vServPrest", el("vServ", money(v.serviceValue))) + discount + group("trib", group("tribMun", tribMun) + tribFed + group("totTrib", totTrib)),
  );
}

function ibsCbs(input: DpsInput): string {
  const g = input.ibsCbs;
  if (!g) return "";
  return group(
    "IBSCBS",
    el("finNFSe", g.finNFSe) + el("indFinal", g.indFinal) + el("cIndOp", g.cIndOp) + el("indDest", g.indDest) +
      group("valores", group("trib", group("gIBSCBS", el("CST", g.cst) + el("cClassTrib", g.cClassTrib)))),
  );
}

/** The unsigned DPS; sign infDPS, then validate (build-signed-dps.ts). */
export function buildDps(input: DpsInput): BuiltDps {
  const id = buildDpsId({ issuingMunicipality: input.issuingMunicipality, cnpj: input.provider.cnpj, series: input.series, number: input.number });
  const inf =
    el("tpAmb", input.environment === "PRODUCTION" ? "1" : "2") +
    el("dhEmi", input.issuedAt) +
    el("verAplic", input.appVersion ?? APP_VERSION) +
    el("serie", String(input.series)) +
    el("nDPS", String(input.number)) +
    el("dCompet", input.competence) +
    el("tpEmit", "1") +
    el("cLocEmi", input.issuingMunicipality) +
    provider(input) +
    taker(input) +
    service(input) +
    values(input) +
    ibsCbs(input);
  const xml = `<?xml version="1.0" encoding="UTF-8"?><DPS xmlns="${NFSE_NS}" versao="${DPS_VERSION}"><infDPS Id="${id}">${inf}</infDPS></DPS>`;
  return { id, xml };
}
