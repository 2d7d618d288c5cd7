import { isStateCode } from "@/lib/br";
import { resolveEndpoint, type Endpoint } from "./endpoints";
import type { AuthorityEnvironment } from "./types";

// Which service answers CadConsultaCadastro4 (the state's taxpayer registry, "consulta
// cadastro" / CCC, consCad 2.00, MOC 4.0 item 4.6) for each state. The CCC is not the
// NF-e authorizer: most states whose NF-e the SVRS authorizes do NOT offer their registry
// through it, and the SVRS answers 265 "Sigla da UF da consulta difere da UF do Web
// Service" for them (recorded answer for AL, ZeusAutomacao/DFe.NET issue #850, 2018).
// URLs are not here: they come from the vendored web-service table
// (lib/fiscal/reference/data/sefaz/wsnfe_4.00_mod55.xml, element NfeConsultaCadastro,
// nfephp-org/sped-nfe at 3b44ec9f1cf2, 2026-06-23), as every other endpoint (endpoints.ts).

export type RegistryService = {
  /** The web-service table entry that answers (the state's own, or SVRS). */
  authorizer: string;
  /** Where the assignment comes from. */
  source: string;
  /** The date the assignment is known to hold from (the source's date). */
  since: string;
};

export type NoRegistryService = { authorizer: null; source: string; since: string };

const TABLE = "wsnfe_4.00_mod55.xml (sped-nfe 3b44ec9f1cf2, 2026-06-23): the state's own NfeConsultaCadastro URL";
const PORTAL_SVRS =
  "Portal Nacional da NF-e, Relação de Serviços Web: \"SVRS - Para serviço de Consulta Cadastro: AC, ES, RN, PB, SC\" (as quoted by sped-nfe issue #1270, 2025-11, and Samuel-Oliveira/Java_NFe issue #103)";
const NONE = "No CadConsultaCadastro4 of its own nor through SVRS (empty or absent in the wsnfe table; Portal Nacional da NF-e, Relação de Serviços Web)";

/** Per state: who answers its registry, with the source. A state missing here has no service. */
export const TAXPAYER_REGISTRY_SERVICES: Record<string, RegistryService | NoRegistryService> = {
  // States with their own registry service, listed with a URL in the table.
  BA: { authorizer: "BA", source: TABLE, since: "2026-06-23" },
  GO: { authorizer: "GO", source: TABLE, since: "2026-06-23" },
  MG: { authorizer: "MG", source: TABLE, since: "2026-06-23" },
  MS: { authorizer: "MS", source: TABLE, since: "2026-06-23" },
  MT: { authorizer: "MT", source: TABLE, since: "2026-06-23" },
  PE: { authorizer: "PE", source: TABLE, since: "2026-06-23" },
  PR: { authorizer: "PR", source: TABLE, since: "2026-06-23" },
  // RS's registry is served at cad.svrs.rs.gov.br, listed under RS in the table.
  RS: { authorizer: "RS", source: TABLE, since: "2026-06-23" },
  SP: { authorizer: "SP", source: TABLE, since: "2026-06-23" },
  // States whose registry the SVRS answers.
  AC: { authorizer: "SVRS", source: PORTAL_SVRS, since: "2018-08-23" },
  ES: { authorizer: "SVRS", source: `${PORTAL_SVRS}; SEFAZ-ES, internet.sefaz.es.gov.br/informacoes/nfe/ws_consulta_cadastro.php (Java_NFe issue #175, 2019)`, since: "2019-08-16" },
  PB: { authorizer: "SVRS", source: PORTAL_SVRS, since: "2018-08-23" },
  RN: { authorizer: "SVRS", source: PORTAL_SVRS, since: "2018-08-23" },
  SC: { authorizer: "SVRS", source: PORTAL_SVRS, since: "2018-08-23" },
  // States without the service.
  AL: { authorizer: null, source: `${NONE}; SVRS answers 265 for AL (ZeusAutomacao/DFe.NET issue #850)`, since: "2018-08-23" },
  AM: { authorizer: null, source: `${NONE}; AM's entry in the table has no URL`, since: "2026-06-23" },
  AP: { authorizer: null, source: NONE, since: "2026-06-23" },
  CE: { authorizer: null, source: `${NONE}; CE's NF-e moved to SVRS (autorizadores.json) and the table lists no CE registry`, since: "2026-06-23" },
  DF: { authorizer: null, source: `${NONE}; sped-nfe issue #530 (2018)`, since: "2018-09-17" },
  MA: { authorizer: null, source: `${NONE}; SVAN's entry in the table has no URL`, since: "2026-06-23" },
  PA: { authorizer: null, source: NONE, since: "2026-06-23" },
  PI: { authorizer: null, source: NONE, since: "2026-06-23" },
  RJ: { authorizer: null, source: `${NONE}; SEFAZ-RJ confirmed it has none (sped-nfe issue #530, 2018)`, since: "2018-09-17" },
  RO: { authorizer: null, source: NONE, since: "2026-06-23" },
  RR: { authorizer: null, source: NONE, since: "2026-06-23" },
  SE: { authorizer: null, source: `${NONE}; ZeusAutomacao/DFe.NET issue #850 (2018)`, since: "2018-08-23" },
  TO: { authorizer: null, source: NONE, since: "2026-06-23" },
};

export class NoRegistryServiceError extends Error {
  constructor(
    readonly uf: string,
    readonly detail: string,
  ) {
    super(`State ${uf} offers no taxpayer registry lookup (CadConsultaCadastro4): ${detail}`);
  }
}

/** Who answers a state's registry lookup, or null when the state offers none. */
export function registryServiceOf(uf: string): RegistryService | null {
  const entry = TAXPAYER_REGISTRY_SERVICES[uf];
  return entry && entry.authorizer ? entry : null;
}

/**
 * The endpoint of a state's CadConsultaCadastro4 (URL from the wsnfe table). Throws
 * NoRegistryServiceError for a state without the service, or whose table entry has no
 * URL in this environment (e.g. ES's homologation registry, sped-nfe issue #1270).
 */
export function resolveRegistryEndpoint(uf: string, environment: AuthorityEnvironment): Endpoint {
  if (!isStateCode(uf)) throw new NoRegistryServiceError(uf, "unknown state");
  const entry = TAXPAYER_REGISTRY_SERVICES[uf];
  if (!entry?.authorizer) throw new NoRegistryServiceError(uf, entry?.source ?? NONE);
  try {
    return resolveEndpoint({ uf, environment, model: 55, service: "CadConsultaCadastro4", authorizer: entry.authorizer });
  } catch {
    throw new NoRegistryServiceError(uf, `the web-service table lists no ${environment} URL for ${entry.authorizer}`);
  }
}
