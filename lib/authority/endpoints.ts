import { readFileSync } from "node:fs";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import authorizersByModel from "@/lib/fiscal/reference/data/sefaz/autorizadores.json" with { type: "json" };
import type { AuthorityEnvironment, AuthorityModel } from "./types";

// The web-service tables (nfephp-org's wsnfe_4.00_mod55/mod65.xml and
// autorizadores.json, vendored in lib/fiscal/reference/data/sefaz) are the
// only place URLs live: a stale URL is fixed there, never in code.

/**
 * The six NF-e 4.00 web services this platform calls, by their WSDL operation,
 * and the Ambiente Nacional's distribution of DF-e of interest (NT 2014.002),
 * listed only for the authorizer "AN".
 */
export type AuthorityService =
  | "NFeAutorizacao4"
  | "NFeRetAutorizacao4"
  | "NFeConsultaProtocolo4"
  | "NFeStatusServico4"
  | "NFeRecepcaoEvento4"
  | "NFeInutilizacao4"
  | "NFeDistribuicaoDFe"
  /** The state's taxpayer registry (CCC), consCad 2.00; which states offer it: taxpayer-registry-endpoints.ts. */
  | "CadConsultaCadastro4"
  /**
   * A state's own EPEC service for NFC-e (NT 2015.003: SEFAZ-SP's "RecepcaoEPEC" on its own
   * hosts, nfce.epec.fazenda.sp.gov.br, apart from the NFC-e authorizer; wsnfe_4.00_mod65.xml).
   * Its authorizer is named "EPEC-<state>" (a fault rule on "SP" leaves it up, as in reality).
   */
  | "RecepcaoEPEC";

export const AUTHORITY_SERVICES: readonly AuthorityService[] = [
  "NFeAutorizacao4",
  "NFeRetAutorizacao4",
  "NFeConsultaProtocolo4",
  "NFeStatusServico4",
  "NFeRecepcaoEvento4",
  "NFeInutilizacao4",
  "NFeDistribuicaoDFe",
  "CadConsultaCadastro4",
  "RecepcaoEPEC",
];

// Element names of each service in the wsnfe tables.
const TABLE_ELEMENT: Record<AuthorityService, string> = {
  NFeAutorizacao4: "NfeAutorizacao",
  NFeRetAutorizacao4: "NfeRetAutorizacao",
  NFeConsultaProtocolo4: "NfeConsultaProtocolo",
  NFeStatusServico4: "NfeStatusServico",
  NFeRecepcaoEvento4: "RecepcaoEvento",
  NFeInutilizacao4: "NfeInutilizacao",
  NFeDistribuicaoDFe: "NfeDistribuicaoDFe",
  CadConsultaCadastro4: "NfeConsultaCadastro",
  RecepcaoEPEC: "RecepcaoEPEC",
};

/** The authorizer name of a state's own EPEC service (RecepcaoEPEC), separate from its authorizer's. */
export const epecServiceAuthorizer = (sigla: string) => `EPEC-${sigla}`;

export type Contingency = "SVC-AN" | "SVC-RS";

// Which SEFAZ Virtual de Contingência serves each state (NT 2013.007, item 2):
// states authorized by SVRS and a few own authorizers use SVC-AN, the rest SVC-RS.
const CONTINGENCY_BY_UF: Record<string, Contingency> = {
  AC: "SVC-AN", AL: "SVC-AN", AP: "SVC-AN", CE: "SVC-AN", DF: "SVC-AN", ES: "SVC-AN", MG: "SVC-AN",
  PA: "SVC-AN", PB: "SVC-AN", PI: "SVC-AN", RJ: "SVC-AN", RN: "SVC-AN", RO: "SVC-AN", RR: "SVC-AN",
  RS: "SVC-AN", SC: "SVC-AN", SE: "SVC-AN", SP: "SVC-AN", TO: "SVC-AN",
  AM: "SVC-RS", BA: "SVC-RS", GO: "SVC-RS", MA: "SVC-RS", MS: "SVC-RS", MT: "SVC-RS", PE: "SVC-RS", PR: "SVC-RS",
};

export type EndpointQuery = {
  uf: string;
  environment: AuthorityEnvironment;
  model: AuthorityModel;
  service: AuthorityService;
  contingency?: Contingency;
  /** Send to this authorizer instead of the state's: "AN" for events the national environment receives (cOrgao 91). */
  authorizer?: string;
};

export type Endpoint = {
  url: string;
  /** The authorizer whose table entry answered (SP, SVRS, SVAN, SVCAN, AN, …). */
  authorizer: string;
  /** WSDL operation, e.g. NFeAutorizacao4; also the last segment of the SOAP namespace. */
  operation: AuthorityService;
  /** WSDL method, e.g. nfeAutorizacaoLote. */
  method: string;
  /** Layout version of the message (4.00; 1.00 for events). */
  version: string;
  /** Namespace of <nfeDadosMsg>. */
  namespace: string;
  /** SOAP 1.2 action sent in the Content-Type. */
  action: string;
};

type TableEntry = { url: string; method: string; operation: string; version: string };
type Table = Map<string, Map<AuthorityEnvironment, Map<AuthorityService, TableEntry>>>;

const DATA_DIR = path.join(process.cwd(), "lib/fiscal/reference/data/sefaz");
const WSDL_BASE = "http://www.portalfiscal.inf.br/nfe/wsdl";

function parseTable(file: string): Table {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@_", isArray: (name) => name === "UF" });
  const parsed = parser.parse(readFileSync(path.join(DATA_DIR, file), "utf8")) as { WS: { UF: Record<string, unknown>[] } };
  const table: Table = new Map();
  for (const uf of parsed.WS.UF) {
    const byEnvironment = new Map<AuthorityEnvironment, Map<AuthorityService, TableEntry>>();
    for (const [tag, environment] of [["homologacao", "HOMOLOGATION"], ["producao", "PRODUCTION"]] as const) {
      const section = uf[tag] as Record<string, unknown> | undefined;
      const services = new Map<AuthorityService, TableEntry>();
      for (const service of AUTHORITY_SERVICES) {
        // The Ambiente Nacional's legacy RecepcaoEPEC (NF-e) is not used: its EPEC goes through NFeRecepcaoEvento4.
        if (service === "RecepcaoEPEC" && file !== "wsnfe_4.00_mod65.xml") continue;
        const raw = section?.[TABLE_ELEMENT[service]];
        const node = (Array.isArray(raw) ? raw[0] : raw) as Record<string, string> | undefined;
        const url = node?.["#text"]?.trim();
        if (node && url) services.set(service, { url, method: node["@_method"] ?? "", operation: node["@_operation"] ?? service, version: node["@_version"] ?? "4.00" });
      }
      byEnvironment.set(environment, services);
    }
    table.set(String(uf.sigla), byEnvironment);
  }
  return table;
}

let tables: Record<AuthorityModel, Table> | undefined;

function loadTables(): Record<AuthorityModel, Table> {
  tables ??= { 55: parseTable("wsnfe_4.00_mod55.xml"), 65: parseTable("wsnfe_4.00_mod65.xml") };
  return tables;
}

/** The authorizer that serves a state for a model (autorizadores.json), or its contingency authorizer. */
export function authorizerFor(uf: string, model: AuthorityModel, contingency?: Contingency): string {
  if (contingency) {
    // NFC-e has no SVC: its contingency is offline issuance (tpEmis 9, MOC NFC-e).
    if (model === 65) throw new Error("NFC-e (model 65) has no SEFAZ Virtual de Contingência");
    return contingency === "SVC-AN" ? "SVCAN" : "SVCRS";
  }
  const authorizer = (authorizersByModel as Record<string, Record<string, string>>)[String(model)]?.[uf];
  if (!authorizer) throw new Error(`No authorizer for state ${uf} and model ${model}`);
  return authorizer;
}

/** The contingency authorizer (SVC-AN or SVC-RS) assigned to a state. */
export function contingencyFor(uf: string): Contingency {
  const contingency = CONTINGENCY_BY_UF[uf];
  if (!contingency) throw new Error(`No contingency authorizer for state ${uf}`);
  return contingency;
}

/** URL, SOAP action and version of one service for a state, environment and model. */
export function resolveEndpoint(query: EndpointQuery): Endpoint {
  const authorizer = query.authorizer ?? authorizerFor(query.uf, query.model, query.contingency);
  // The national environment (AN) is listed only in the model 55 table.
  const table = loadTables()[authorizer === "AN" ? 55 : query.model];
  const entry = table.get(authorizer)?.get(query.environment)?.get(query.service);
  if (!entry) {
    throw new Error(`No ${query.service} endpoint for ${authorizer} (state ${query.uf}, model ${query.model}, ${query.environment})`);
  }
  // SEFAZ-SP's EPEC NFC-e service is the pre-4.00 "RecepcaoEvento" web service (its table entry's operation).
  const namespace = `${WSDL_BASE}/${query.service === "RecepcaoEPEC" ? entry.operation : query.service}`;
  return {
    url: entry.url,
    authorizer: query.service === "RecepcaoEPEC" ? epecServiceAuthorizer(authorizer) : authorizer,
    operation: query.service,
    method: entry.method,
    version: entry.version,
    namespace,
    action: `${namespace}/${entry.method}`,
  };
}

/** Every distinct URL path in the tables with its service: the simulator serves these same paths. */
export function servicePaths(): Map<string, AuthorityService> {
  const paths = new Map<string, AuthorityService>();
  for (const table of Object.values(loadTables())) {
    for (const byEnvironment of table.values()) {
      for (const services of byEnvironment.values()) {
        for (const [service, entry] of services) paths.set(new URL(entry.url).pathname.toLowerCase(), service);
      }
    }
  }
  return paths;
}

/** The authorizers (SP, SVRS, SVCAN, …) whose tables list each URL path: the simulator tells which one a request addressed (SVC-RS shares SVRS's paths). */
export function authorizersByPath(): Map<string, Set<string>> {
  const byPath = new Map<string, Set<string>>();
  for (const table of Object.values(loadTables())) {
    for (const [authorizer, byEnvironment] of table) {
      for (const services of byEnvironment.values()) {
        for (const [service, entry] of services) {
          const pathname = new URL(entry.url).pathname.toLowerCase();
          const set = byPath.get(pathname) ?? new Set<string>();
          set.add(service === "RecepcaoEPEC" ? epecServiceAuthorizer(authorizer) : authorizer);
          byPath.set(pathname, set);
        }
      }
    }
  }
  return byPath;
}
