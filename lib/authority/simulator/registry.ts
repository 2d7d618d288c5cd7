import { STATES } from "@/lib/br";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { TAXPAYER_REGISTRY_SERVICES } from "../taxpayer-registry-endpoints";
import { child, parseXml, text } from "../soap-response";
import { retConsCad, type RegistryCad } from "./answers";
import { localTime, schemaDetail, type SimulatorAnswer, type SimulatorContext } from "./context";

// CadConsultaCadastro4 (consCad 2.00) from the simulator's own registry: the companies of the
// installation, the clients they registered (with an IE in that state) and the recipients of
// the NF-e it authorized (<dest> with an IE). Every registration is active (cSit 1) unless the
// fault rule taxpayer_inactive names the document (cSit 0, "não habilitado"). A document it does
// not know is answered as SEFAZ does for a non-contributor: 259 (CNPJ), 264 (CPF), 261 (IE).
// A state the addressed service does not answer for is 265 (the SVRS's recorded answer for AL,
// ZeusAutomacao/DFe.NET issue #850).

const CUF_BY_UF = new Map(STATES.map((s) => [s.uf, s.cUF]));

/** The states the service at this path answers for: its authorizers (SP, RS, SVRS, …) and the states SVRS serves. */
function statesServedBy(addressed: Set<string> | undefined): Set<string> {
  const served = new Set<string>();
  for (const [uf, entry] of Object.entries(TAXPAYER_REGISTRY_SERVICES)) {
    if (entry.authorizer && addressed?.has(entry.authorizer)) served.add(uf);
  }
  return served;
}

const REGIMES: Record<string, string> = {
  SIMPLES_NACIONAL: "SIMPLES NACIONAL",
  SIMPLES_EXCESS: "SIMPLES NACIONAL",
  MEI: "SIMPLES NACIONAL - MEI",
};
const NORMAL = "NORMAL - REGIME PERIÓDICO DE APURAÇÃO";

const digits = (value: string | null | undefined) => (value ?? "").replace(/[^0-9A-Z]/gi, "").toUpperCase();

export async function consultRegistry(
  context: SimulatorContext,
  payloadXml: string,
  options: { addressed?: Set<string>; inactive?: boolean },
): Promise<SimulatorAnswer> {
  const infCons = child(child(parseXml(payloadXml), "ConsCad"), "infCons");
  const uf = text(infCons, "UF");
  const cnpj = text(infCons, "CNPJ");
  const cpf = text(infCons, "CPF");
  const ie = text(infCons, "IE");
  const asked = cnpj ? `<CNPJ>${cnpj}</CNPJ>` : cpf ? `<CPF>${cpf}</CPF>` : ie ? `<IE>${ie}</IE>` : "";
  const cUF = CUF_BY_UF.get(uf) ?? "35";
  const common = { UF: uf || "SP", asked, dhCons: localTime(context.now(), cUF), cUF };
  const schema = checkXmlSchema(payloadXml, "nfe/consCad_v2.00.xsd");
  if (!schema.valid) return { answerXml: retConsCad({ ...common, cStat: "215", xMotivo: `Rejeição: Falha no schema XML [${schemaDetail(schema.errors)}]` }) };
  if (!statesServedBy(options.addressed).has(uf)) return { answerXml: retConsCad({ ...common, cStat: "265", xMotivo: "Rejeição: Sigla da UF da consulta difere da UF do Web Service" }) };

  const cads = await registrations(context, uf, { cnpj, cpf, ie });
  if (cads.length === 0) {
    const [cStat, xMotivo] = cnpj
      ? ["259", "Rejeição: CNPJ da consulta não cadastrado como contribuinte na UF"]
      : cpf ? ["264", "Rejeição: CPF da consulta não cadastrado como contribuinte na UF"]
      : ["261", "Rejeição: IE da consulta não cadastrada como contribuinte na UF"];
    return { answerXml: retConsCad({ ...common, cStat, xMotivo }) };
  }
  const today = common.dhCons.slice(0, 10);
  const shown = options.inactive ? cads.map((cad) => ({ ...cad, cSit: "0" as const, dUltSit: today })) : cads;
  const [cStat, xMotivo] = shown.length === 1 ? ["111", "Consulta cadastro com uma ocorrência"] : ["112", "Consulta cadastro com mais de uma ocorrência"];
  return { answerXml: retConsCad({ ...common, cStat, xMotivo, cads: shown }) };
}

/** The registrations the simulator knows for the document (or IE) in the state, one per IE. */
async function registrations(context: SimulatorContext, uf: string, asked: { cnpj: string; cpf: string; ie: string }): Promise<RegistryCad[]> {
  const document = asked.cnpj || asked.cpf;
  const byIe = new Map<string, RegistryCad>();
  const add = (cad: RegistryCad) => {
    if (!cad.IE || cad.IE === "ISENTO" || byIe.has(cad.IE)) return;
    if (asked.ie && cad.IE !== asked.ie) return;
    byIe.set(cad.IE, cad);
  };
  const party = (doc: string) => (doc.length === 11 ? { CPF: doc } : { CNPJ: doc });

  const companies = await context.db.company.findMany({
    where: { state: uf, stateRegistration: asked.ie ? asked.ie : { not: null }, ...(document ? { cnpj: document } : {}) },
    orderBy: { createdAt: "asc" },
    take: 20,
  });
  for (const company of companies) {
    add({
      IE: digits(company.stateRegistration), ...party(company.cnpj), UF: uf, cSit: "1", xNome: company.legalName.slice(0, 60), xFant: company.tradeName?.slice(0, 60) ?? undefined,
      xRegApur: REGIMES[company.taxRegime] ?? NORMAL, dIniAtiv: company.createdAt.toISOString().slice(0, 10),
      ender: { xLgr: company.street ?? undefined, nro: company.streetNumber ?? undefined, xBairro: company.neighborhood ?? undefined, cMun: company.municipalityCode, xMun: company.city ?? undefined, CEP: company.zipCode ?? undefined },
    });
  }
  const clients = await context.db.client.findMany({
    where: { state: uf, stateRegistration: asked.ie ? asked.ie : { not: null }, ...(document ? { document } : {}) },
    orderBy: { createdAt: "asc" },
    take: 20,
  });
  for (const client of clients) {
    add({
      IE: digits(client.stateRegistration), ...party(client.document), UF: uf, cSit: "1", xNome: client.name.slice(0, 60), xRegApur: NORMAL,
      ender: { xLgr: client.street ?? undefined, nro: client.number ?? undefined, xBairro: client.neighborhood ?? undefined, cMun: client.municipalityCode ?? undefined, xMun: client.city ?? undefined, CEP: client.zipCode ?? undefined },
    });
  }
  // Recipients of NF-e it authorized: <dest> with the document and an IE in this state.
  if (document) {
    const tag = document.length === 11 ? "CPF" : "CNPJ";
    const seen = await context.db.simulatorDocument.findMany({
      where: { model: 55, xml: { contains: `<dest><${tag}>${document}</${tag}>` } },
      orderBy: { receivedAt: "desc" },
      select: { xml: true },
      take: 5,
    });
    for (const { xml } of seen) {
      const dest = /<dest>([\s\S]*?)<\/dest>/.exec(xml)?.[1] ?? "";
      const field = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(dest)?.[1];
      if (field("UF") !== uf || field("indIEDest") !== "1" || !field("IE")) continue;
      add({ IE: field("IE")!, ...party(document), UF: uf, cSit: "1", xNome: field("xNome") ?? "", xRegApur: NORMAL, ender: { xLgr: field("xLgr"), nro: field("nro"), xBairro: field("xBairro"), cMun: field("cMun"), xMun: field("xMun"), CEP: field("CEP") } });
    }
  }
  return [...byIe.values()];
}
