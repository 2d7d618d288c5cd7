import { readDpsIbsCbs } from "@/lib/fiscal/nfse";

// The fields of a received DPS the rules need, read with targeted patterns
// after the schema check passed (unprefixed elements in schema order).

function block(xml: string, tag: string): string {
  return new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`).exec(xml)?.[1] ?? "";
}

function field(xml: string, tag: string): string | null {
  return new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? null;
}

export type ReceivedDps = ReturnType<typeof readDps>;

export function readDps(dpsXml: string) {
  const inf = block(dpsXml, "infDPS");
  const prest = block(inf, "prest");
  const toma = block(inf, "toma");
  const serv = block(inf, "serv");
  const valores = block(inf, "valores");
  const tribMun = block(valores, "tribMun");
  const tribFed = block(valores, "tribFed");
  const piscofins = block(tribFed, "piscofins");
  return {
    id: /<infDPS\b[^>]*\bId="([^"]*)"/.exec(dpsXml)?.[1] ?? "",
    tpAmb: field(inf, "tpAmb") ?? "",
    dhEmi: field(inf, "dhEmi") ?? "",
    serie: field(inf, "serie") ?? "",
    nDPS: field(inf, "nDPS") ?? "",
    dCompet: field(inf, "dCompet") ?? "",
    cLocEmi: field(inf, "cLocEmi") ?? "",
    prest: {
      cnpj: field(prest, "CNPJ"),
      cpf: field(prest, "CPF"),
      im: field(prest, "IM"),
      opSimpNac: field(prest, "opSimpNac") ?? "",
      regApTribSN: field(prest, "regApTribSN"),
      regEspTrib: field(prest, "regEspTrib") ?? "0",
      hasName: /<xNome>/.test(prest),
      hasAddress: /<end>/.test(prest),
      email: field(prest, "email"),
    },
    toma: toma ? { cnpj: field(toma, "CNPJ"), cpf: field(toma, "CPF"), name: field(toma, "xNome") ?? "" } : null,
    cLocPrestacao: field(serv, "cLocPrestacao"),
    cTribNac: field(serv, "cTribNac") ?? "",
    cNBS: field(serv, "cNBS"),
    vServ: field(valores, "vServ") ?? "0",
    vDescIncond: field(valores, "vDescIncond"),
    vDescCond: field(valores, "vDescCond"),
    vDR: field(block(valores, "vDedRed"), "vDR"),
    pDR: field(block(valores, "vDedRed"), "pDR"),
    tribISSQN: field(tribMun, "tribISSQN") ?? "",
    tpRetISSQN: field(tribMun, "tpRetISSQN") ?? "1",
    pAliq: field(tribMun, "pAliq"),
    retentions: {
      vRetCP: field(tribFed, "vRetCP"),
      vRetIRRF: field(tribFed, "vRetIRRF"),
      vRetCSLL: field(tribFed, "vRetCSLL"),
      pisCofinsRetained: ["1", "3", "4"].includes(field(piscofins, "tpRetPisCofins") ?? ""),
      vPis: field(piscofins, "vPis"),
      vCofins: field(piscofins, "vCofins"),
    },
    indTotTrib: field(valores, "indTotTrib"),
    /** What the IBS/CBS rules read (lib/fiscal/nfse/ibscbs-rules.ts, shared with the check before sending). */
    ibsCbsView: readDpsIbsCbs(dpsXml),
  };
}
