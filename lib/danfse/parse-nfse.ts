import { XMLParser } from "fast-xml-parser";
import { municipalityLabel } from "@/lib/fiscal-tables/code-description";

// What the DANFSe v2.0 prints, read from the NFS-e XML only (NT SE/CGNFS-e
// 008: "imprimir somente dados do XML"; absent fields print "-").

type Node = Record<string, unknown>;

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@_", parseTagValue: false, removeNSPrefix: true });

function node(parent: unknown, ...path: string[]): Node {
  let current = parent;
  for (const name of path) current = current && typeof current === "object" ? (current as Node)[name] : undefined;
  return current && typeof current === "object" ? (current as Node) : {};
}

function text(parent: unknown, ...path: string[]): string | null {
  const last = path.pop()!;
  const value = node(parent, ...path)[last];
  return value === undefined || value === null || typeof value === "object" ? null : String(value);
}

export type DanfseParty = { document: string | null; name: string | null; municipalRegistration: string | null; address: string | null; municipality: string | null; zipCode: string | null; phone: string | null; email: string | null };

export type DanfseData = ReturnType<typeof parseNfse> | ReturnType<typeof parseDpsPreview>;

// Totais aproximados dos tributos (trib/totTrib, a choice): NT 008 item 2.1.12 prints them in INFORMAÇÕES COMPLEMENTARES.
function approximateTaxes(totTrib: Node): string | null {
  const amounts = node(totTrib, "vTotTrib");
  const rates = node(totTrib, "pTotTrib");
  const money = (value: string | null) => (value === null ? "-" : `R$ ${value.replace(".", ",")}`);
  const percent = (value: string | null) => (value === null ? "-" : `${value.replace(".", ",")}%`);
  if (Object.keys(amounts).length) return `Federais ${money(text(amounts, "vTotTribFed"))}; Estaduais ${money(text(amounts, "vTotTribEst"))}; Municipais ${money(text(amounts, "vTotTribMun"))}`;
  if (Object.keys(rates).length) return `Federais ${percent(text(rates, "pTotTribFed"))}; Estaduais ${percent(text(rates, "pTotTribEst"))}; Municipais ${percent(text(rates, "pTotTribMun"))}`;
  const simples = text(totTrib, "pTotTribSN");
  if (simples !== null) return `Simples Nacional ${percent(simples)}`;
  return text(totTrib, "indTotTrib") === "0" ? "Não informados (Decreto 8.264/2014)" : null;
}

function address(end: Node): string | null {
  const parts = [text(end, "xLgr"), text(end, "nro"), text(end, "xCpl"), text(end, "xBairro")].filter(Boolean);
  return parts.length ? parts.join(", ") : null;
}

/** The DANFSe data of an authorized NFS-e (its infNFSe and the DPS it holds). */
export function parseNfse(nfseXml: string) {
  const inf = node(parser.parse(nfseXml) as Node, "NFSe", "infNFSe");
  return danfseData(inf, node(inf, "DPS", "infDPS"));
}

/**
 * What the DANFSe of a DPS not yet sent would print (preview): what the
 * NFS-e adds (key, number, processing time, the values Sefin Nacional
 * computes) stays empty, and the provider's name and address, which a DPS
 * of tpEmit 1 does not carry (Sefin takes them from its registry), come
 * from `provider`.
 */
export function parseDpsPreview(dpsXml: string, provider: DanfseParty & { state: string | null }) {
  const data = danfseData({}, node(parser.parse(dpsXml) as Node, "DPS", "infDPS"));
  return { ...data, preview: true, nDPS: null, xLocEmi: provider.municipality, issuerState: provider.state, provider: { ...provider, ...withoutEmpty(data.provider) } };
}

const withoutEmpty = (party: DanfseParty) => Object.fromEntries(Object.entries(party).filter(([, value]) => value !== null)) as Partial<DanfseParty>;

function danfseData(inf: Node, dps: Node) {
  // The NFS-e's issuer block; a bare DPS only has the provider's identification (prest).
  const emit = Object.keys(node(inf, "emit")).length ? node(inf, "emit") : node(dps, "prest");
  const enderNac = node(emit, "enderNac");
  const prest = node(dps, "prest");
  const toma = node(dps, "toma");
  const tomaEnd = node(toma, "end");
  const serv = node(dps, "serv");
  const valoresDps = node(dps, "valores");
  const trib = node(valoresDps, "trib");
  const valores = node(inf, "valores");
  const ibscbs = node(dps, "IBSCBS");
  const gIBSCBS = node(ibscbs, "valores", "trib", "gIBSCBS");
  return {
    accessKey: String(inf["@_Id"] ?? "").replace(/^NFS/, ""),
    homologation: text(dps, "tpAmb") === "2",
    ambGer: text(inf, "ambGer"),
    xLocEmi: text(inf, "xLocEmi"),
    issuerState: text(enderNac, "UF"),
    nNFSe: text(inf, "nNFSe"),
    cStat: text(inf, "cStat"),
    dhProc: text(inf, "dhProc"),
    dCompet: text(dps, "dCompet"),
    dhEmi: text(dps, "dhEmi"),
    nDPS: text(dps, "nDPS"),
    serie: text(dps, "serie"),
    tpEmit: text(dps, "tpEmit"),
    finNFSe: text(ibscbs, "finNFSe"),
    provider: {
      document: text(emit, "CNPJ") ?? text(emit, "CPF"),
      name: text(emit, "xNome"),
      municipalRegistration: text(emit, "IM"),
      address: address(enderNac),
      municipality: [text(inf, "xLocEmi"), text(enderNac, "UF")].filter(Boolean).join(" / ") || null,
      zipCode: text(enderNac, "CEP"),
      phone: text(emit, "fone"),
      email: text(emit, "email"),
    } satisfies DanfseParty,
    regime: { opSimpNac: text(prest, "regTrib", "opSimpNac"), regApTribSN: text(prest, "regTrib", "regApTribSN"), regEspTrib: text(prest, "regTrib", "regEspTrib") },
    taker: Object.keys(toma).length
      ? ({
          document: text(toma, "CNPJ") ?? text(toma, "CPF") ?? text(toma, "NIF"),
          name: text(toma, "xNome"),
          municipalRegistration: text(toma, "IM"),
          address: address(tomaEnd),
          municipality: nullableMunicipality(text(tomaEnd, "endNac", "cMun")),
          zipCode: text(tomaEnd, "endNac", "CEP"),
          phone: text(toma, "fone"),
          email: text(toma, "email"),
        } satisfies DanfseParty)
      : null,
    service: {
      cTribNac: text(serv, "cServ", "cTribNac"),
      xTribNac: text(inf, "xTribNac"),
      cTribMun: text(serv, "cServ", "cTribMun"),
      cNBS: text(serv, "cServ", "cNBS"),
      description: text(serv, "cServ", "xDescServ"),
      location: text(inf, "xLocPrestacao"),
      incidence: text(inf, "xLocIncid"),
    },
    municipalTax: {
      tribISSQN: text(trib, "tribMun", "tribISSQN"),
      tpRetISSQN: text(trib, "tribMun", "tpRetISSQN"),
      vBC: text(valores, "vBC"),
      pAliqAplic: text(valores, "pAliqAplic"),
      vISSQN: text(valores, "vISSQN"),
    },
    federalTax: {
      vRetCP: text(trib, "tribFed", "vRetCP"),
      vRetIRRF: text(trib, "tribFed", "vRetIRRF"),
      vRetCSLL: text(trib, "tribFed", "vRetCSLL"),
      vPis: text(trib, "tribFed", "piscofins", "vPis"),
      vCofins: text(trib, "tribFed", "piscofins", "vCofins"),
    },
    ibsCbs: Object.keys(ibscbs).length ? { cst: text(gIBSCBS, "CST"), cClassTrib: text(gIBSCBS, "cClassTrib"), cIndOp: text(ibscbs, "cIndOp") } : null,
    ibsCbsValues: ibsCbsValues(node(inf, "IBSCBS")),
    totals: {
      vServ: text(valoresDps, "vServPrest", "vServ"),
      vDescIncond: text(valoresDps, "vDescCondIncond", "vDescIncond"),
      vTotalRet: text(valores, "vTotalRet"),
      vLiq: text(valores, "vLiq"),
    },
    additionalInfo: text(inf, "xOutInf") ?? text(serv, "infoCompl", "xInfComp"),
    approximateTaxes: approximateTaxes(node(trib, "totTrib")),
    /** A preview of a DPS not yet sent: no key, number or QR code, marked "PRÉ-VISUALIZAÇÃO – SEM VALOR FISCAL". */
    preview: false,
  };
}

/**
 * What Sefin Nacional computed for the IBS and CBS (infNFSe/IBSCBS, XSD 1.01 TCRTCIBSCBS): the place of
 * incidence, the base, the effective rates and the amounts; null when the NFS-e has no such group.
 */
function ibsCbsValues(group: Node) {
  if (!Object.keys(group).length) return null;
  const valores = node(group, "valores");
  const total = node(group, "totCIBS");
  return {
    incidence: text(group, "xLocalidadeIncid"),
    vBC: text(valores, "vBC"),
    pIbsUf: text(valores, "uf", "pAliqEfetUF"),
    pIbsMun: text(valores, "mun", "pAliqEfetMun"),
    pCbs: text(valores, "fed", "pAliqEfetCBS"),
    vIbsUf: text(total, "gIBS", "gIBSUFTot", "vIBSUF"),
    vIbsMun: text(total, "gIBS", "gIBSMunTot", "vIBSMun"),
    vIbs: text(total, "gIBS", "vIBSTot"),
    vCbs: text(total, "gCBS", "vCBS"),
    vTotNF: text(total, "vTotNF"),
  };
}

// The taker's address carries only the IBGE code; a person reads the municipality's name.
function nullableMunicipality(code: string | null): string | null {
  return code ? municipalityLabel(code) : null;
}
