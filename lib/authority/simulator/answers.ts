import type { AuthorityService } from "../endpoints";

// The ret* messages, in the element order of the official schemas
// (leiauteNFe, leiauteConsSitNFe, leiauteEvento, leiauteInutNFe,
// leiauteConsStatServ 4.00); tests validate them against those XSDs.

export const NFE_NS = "http://www.portalfiscal.inf.br/nfe";
export const SIMULATOR_VER_APLIC = "SIMULADOR-4.00";

export function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

const tag = (name: string, value: string | undefined) => (value === undefined || value === "" ? "" : `<${name}>${escapeXml(value)}</${name}>`);

export type Common = { tpAmb: string; cUF: string; dhRecbto: string };

export type ProtocolFields = { tpAmb: string; chNFe: string; dhRecbto: string; nProt?: string; digVal?: string; cStat: string; xMotivo: string };

export function protNFe(p: ProtocolFields): string {
  const id = p.nProt ? ` Id="ID${p.nProt}"` : "";
  return (
    `<protNFe versao="4.00"><infProt${id}>` +
    tag("tpAmb", p.tpAmb) + tag("verAplic", SIMULATOR_VER_APLIC) + tag("chNFe", p.chNFe) + tag("dhRecbto", p.dhRecbto) +
    tag("nProt", p.nProt) + tag("digVal", p.digVal) + tag("cStat", p.cStat) + tag("xMotivo", p.xMotivo) +
    `</infProt></protNFe>`
  );
}

/** retEnviNFe: 104 with protNFe (synchronous), or a batch-level status (225, 108, …) without it. */
export function retEnviNFe(c: Common & { cStat: string; xMotivo: string; protNFe?: string; nRec?: string }): string {
  const infRec = c.nRec ? `<infRec><nRec>${c.nRec}</nRec><tMed>1</tMed></infRec>` : "";
  return (
    `<retEnviNFe xmlns="${NFE_NS}" versao="4.00">` +
    tag("tpAmb", c.tpAmb) + tag("verAplic", SIMULATOR_VER_APLIC) + tag("cStat", c.cStat) + tag("xMotivo", c.xMotivo) +
    tag("cUF", c.cUF) + tag("dhRecbto", c.dhRecbto) + infRec + (c.protNFe ?? "") +
    `</retEnviNFe>`
  );
}

export function retConsReciNFe(c: Common & { nRec: string; cStat: string; xMotivo: string; protNFe?: string }): string {
  return (
    `<retConsReciNFe xmlns="${NFE_NS}" versao="4.00">` +
    tag("tpAmb", c.tpAmb) + tag("verAplic", SIMULATOR_VER_APLIC) + tag("nRec", c.nRec) + tag("cStat", c.cStat) + tag("xMotivo", c.xMotivo) +
    tag("cUF", c.cUF) + tag("dhRecbto", c.dhRecbto) + (c.protNFe ?? "") +
    `</retConsReciNFe>`
  );
}

export function retConsSitNFe(c: Common & { cStat: string; xMotivo: string; chNFe: string; protNFe?: string; procEventoNFe?: string }): string {
  return (
    `<retConsSitNFe xmlns="${NFE_NS}" versao="4.00">` +
    tag("tpAmb", c.tpAmb) + tag("verAplic", SIMULATOR_VER_APLIC) + tag("cStat", c.cStat) + tag("xMotivo", c.xMotivo) +
    tag("cUF", c.cUF) + tag("dhRecbto", c.dhRecbto) + tag("chNFe", c.chNFe) + (c.protNFe ?? "") + (c.procEventoNFe ?? "") +
    `</retConsSitNFe>`
  );
}

export function retConsStatServ(c: Common & { cStat: string; xMotivo: string; tMed?: string }): string {
  return (
    `<retConsStatServ xmlns="${NFE_NS}" versao="4.00">` +
    tag("tpAmb", c.tpAmb) + tag("verAplic", SIMULATOR_VER_APLIC) + tag("cStat", c.cStat) + tag("xMotivo", c.xMotivo) +
    tag("cUF", c.cUF) + tag("dhRecbto", c.dhRecbto) + tag("tMed", c.tMed) +
    `</retConsStatServ>`
  );
}

export type InutFields = Common & { cStat: string; xMotivo: string; ano?: string; CNPJ?: string; mod?: string; serie?: string; nNFIni?: string; nNFFin?: string; nProt?: string };

export function retInutNFe(c: InutFields): string {
  const id = c.nProt ? ` Id="ID${c.nProt}"` : "";
  return (
    `<retInutNFe xmlns="${NFE_NS}" versao="4.00"><infInut${id}>` +
    tag("tpAmb", c.tpAmb) + tag("verAplic", SIMULATOR_VER_APLIC) + tag("cStat", c.cStat) + tag("xMotivo", c.xMotivo) + tag("cUF", c.cUF) +
    tag("ano", c.ano) + tag("CNPJ", c.CNPJ) + tag("mod", c.mod) + tag("serie", c.serie) + tag("nNFIni", c.nNFIni) + tag("nNFFin", c.nNFFin) +
    tag("dhRecbto", c.dhRecbto) + tag("nProt", c.nProt) +
    `</infInut></retInutNFe>`
  );
}

export type EventAnswer = { tpAmb: string; cOrgao: string; cStat: string; xMotivo: string; chNFe?: string; tpEvento?: string; xEvento?: string; nSeqEvento?: string; dhRegEvento: string; nProt?: string };

export function retEvento(e: EventAnswer): string {
  const id = e.nProt ? ` Id="ID${e.nProt}"` : "";
  return (
    `<retEvento versao="1.00"><infEvento${id}>` +
    tag("tpAmb", e.tpAmb) + tag("verAplic", SIMULATOR_VER_APLIC) + tag("cOrgao", e.cOrgao) + tag("cStat", e.cStat) + tag("xMotivo", e.xMotivo) +
    tag("chNFe", e.chNFe) + tag("tpEvento", e.tpEvento) + tag("xEvento", e.xEvento) + tag("nSeqEvento", e.nSeqEvento) +
    tag("dhRegEvento", e.dhRegEvento) + tag("nProt", e.nProt) +
    `</infEvento></retEvento>`
  );
}

export function retEnvEvento(c: { idLote: string; tpAmb: string; cOrgao: string; cStat: string; xMotivo: string; retEvento?: string }): string {
  return (
    `<retEnvEvento xmlns="${NFE_NS}" versao="1.00">` +
    tag("idLote", c.idLote) + tag("tpAmb", c.tpAmb) + tag("verAplic", SIMULATOR_VER_APLIC) + tag("cOrgao", c.cOrgao) +
    tag("cStat", c.cStat) + tag("xMotivo", c.xMotivo) + (c.retEvento ?? "") +
    `</retEnvEvento>`
  );
}

/** retDistDFeInt 1.01 (NFeDistribuicaoDFe): ultNSU/maxNSU, and the docZip items of a 138. */
export function retDistDFeInt(c: { tpAmb: string; cStat: string; xMotivo: string; dhResp: string; ultNSU?: string; maxNSU?: string; docs?: string }): string {
  return (
    `<retDistDFeInt xmlns="${NFE_NS}" versao="1.01">` +
    `<tpAmb>${c.tpAmb}</tpAmb><verAplic>${SIMULATOR_VER_APLIC}</verAplic><cStat>${c.cStat}</cStat><xMotivo>${escapeXml(c.xMotivo)}</xMotivo>` +
    `<dhResp>${c.dhResp}</dhResp>` +
    (c.ultNSU !== undefined ? `<ultNSU>${c.ultNSU}</ultNSU><maxNSU>${c.maxNSU}</maxNSU>` : "") +
    (c.docs ? `<loteDistDFeInt>${c.docs}</loteDistDFeInt>` : "") +
    `</retDistDFeInt>`
  );
}

/** One infCad of a retConsCad (leiauteConsultaCadastro_v2.00 element order). */
export type RegistryCad = {
  IE: string; CNPJ?: string; CPF?: string; UF: string; cSit: "0" | "1"; xNome: string; xFant?: string; xRegApur?: string; CNAE?: string;
  dIniAtiv?: string; dUltSit?: string; ender?: { xLgr?: string; nro?: string; xCpl?: string; xBairro?: string; cMun?: string; xMun?: string; CEP?: string };
};

/** retConsCad 2.00: 111/112 with infCad, or a status (259, 265, 215, …) without. `asked` is the query's CNPJ, CPF or IE element. */
export function retConsCad(c: { cStat: string; xMotivo: string; UF: string; asked: string; dhCons: string; cUF: string; cads?: RegistryCad[] }): string {
  const cads = (c.cads ?? []).map((cad) => {
    const e = cad.ender;
    const ender = e ? `<ender>${tag("xLgr", e.xLgr)}${tag("nro", e.nro)}${tag("xCpl", e.xCpl)}${tag("xBairro", e.xBairro)}${tag("cMun", e.cMun)}${tag("xMun", e.xMun)}${tag("CEP", e.CEP)}</ender>` : "";
    return (
      `<infCad>` + tag("IE", cad.IE) + tag("CNPJ", cad.CNPJ) + tag("CPF", cad.CPF) + tag("UF", cad.UF) + tag("cSit", cad.cSit) +
      tag("indCredNFe", cad.cSit === "1" ? "1" : "0") + tag("indCredCTe", "4") + tag("xNome", cad.xNome) + tag("xFant", cad.xFant) +
      tag("xRegApur", cad.xRegApur) + tag("CNAE", cad.CNAE) + tag("dIniAtiv", cad.dIniAtiv) + tag("dUltSit", cad.dUltSit) + ender +
      `</infCad>`
    );
  });
  return (
    `<retConsCad xmlns="${NFE_NS}" versao="2.00"><infCons>` +
    tag("verAplic", SIMULATOR_VER_APLIC) + tag("cStat", c.cStat) + tag("xMotivo", c.xMotivo) + tag("UF", c.UF) + c.asked +
    tag("dhCons", c.dhCons) + tag("cUF", c.cUF) + cads.join("") +
    `</infCons></retConsCad>`
  );
}

/**
 * A service-level status without any document processing: a schema failure
 * of the whole message, an injected rejection or 108 "service paralysed".
 */
export function serviceLevelAnswer(service: AuthorityService, c: Common & { cStat: string; xMotivo: string; idLote?: string; nRec?: string; chNFe?: string; uf?: string; asked?: string }): string {
  switch (service) {
    case "NFeAutorizacao4":
      return retEnviNFe(c);
    case "NFeRetAutorizacao4":
      return retConsReciNFe({ ...c, nRec: c.nRec || "0" });
    case "NFeConsultaProtocolo4":
      return retConsSitNFe({ ...c, chNFe: c.chNFe ?? "" });
    case "NFeStatusServico4":
      return retConsStatServ(c);
    case "NFeRecepcaoEvento4":
    case "RecepcaoEPEC":
      return retEnvEvento({ ...c, idLote: c.idLote || "0", cOrgao: c.cUF });
    case "NFeInutilizacao4":
      return retInutNFe(c);
    case "NFeDistribuicaoDFe":
      return retDistDFeInt({ tpAmb: c.tpAmb, cStat: c.cStat, xMotivo: c.xMotivo, dhResp: c.dhRecbto });
    case "CadConsultaCadastro4":
      return retConsCad({ cStat: c.cStat, xMotivo: c.xMotivo, UF: c.uf ?? "SP", asked: c.asked ?? "", dhCons: c.dhRecbto, cUF: c.cUF });
  }
}
