// MDF-e 3.00 web services. The SVRS is the authorizer for every state (MOC MDF-e 3.00a, item 4.1,
// "Sistema de autorização": a single environment, Sefaz Virtual RS, serves all UFs); the URLs are
// the ones the MDF-e portal publishes (https://dfe-portal.svrs.rs.gov.br/Mdfe/Servicos, formerly
// mdfe-portal.sefaz.rs.gov.br), also listed by nfephp-org/sped-mdfe storage/wsmdfe_3.00.xml.
// In force since layout 3.00 (production 2019-10; MOC 3.00a). Namespace of each service:
// http://www.portalfiscal.inf.br/mdfe/wsdl/<Service>; SOAP action <namespace>/<method>.

export type MdfeService = "MDFeRecepcaoSinc" | "MDFeConsulta" | "MDFeStatusServico" | "MDFeRecepcaoEvento" | "MDFeConsNaoEnc";

type Row = { path: string; method: string };

const SERVICES: Record<MdfeService, Row> = {
  MDFeRecepcaoSinc: { path: "/ws/MDFeRecepcaoSinc/MDFeRecepcaoSinc.asmx", method: "mdfeRecepcao" },
  MDFeConsulta: { path: "/ws/MDFeConsulta/MDFeConsulta.asmx", method: "mdfeConsultaMDF" },
  MDFeStatusServico: { path: "/ws/MDFeStatusServico/MDFeStatusServico.asmx", method: "mdfeStatusServicoMDF" },
  MDFeRecepcaoEvento: { path: "/ws/MDFeRecepcaoEvento/MDFeRecepcaoEvento.asmx", method: "mdfeRecepcaoEvento" },
  MDFeConsNaoEnc: { path: "/ws/MDFeConsNaoEnc/MDFeConsNaoEnc.asmx", method: "mdfeConsNaoEnc" },
};

export const MDFE_HOSTS = {
  PRODUCTION: "https://mdfe.svrs.rs.gov.br",
  HOMOLOGATION: "https://mdfe-homologacao.svrs.rs.gov.br",
} as const;

export type MdfeEndpoint = { service: MdfeService; url: string; namespace: string; action: string; method: string };

export function mdfeEndpoint(environment: keyof typeof MDFE_HOSTS, service: MdfeService): MdfeEndpoint {
  const row = SERVICES[service];
  const namespace = `http://www.portalfiscal.inf.br/mdfe/wsdl/${service}`;
  return { service, url: MDFE_HOSTS[environment] + row.path, namespace, action: `${namespace}/${row.method}`, method: row.method };
}

/** The service a path of the table belongs to (the simulator routes by it). */
export function serviceOfPath(pathname: string): MdfeService | null {
  const lower = pathname.toLowerCase();
  return (Object.keys(SERVICES) as MdfeService[]).find((s) => SERVICES[s].path.toLowerCase() === lower) ?? null;
}
