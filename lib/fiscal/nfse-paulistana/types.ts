// São Paulo's Nota Fiscal Paulistana (issue 57): the city's own NFS-e web service
// (LoteNFe, "NFS-e – Manual de Utilização do Web Service"), schemas version 1
// expected in lib/fiscal/reference/schemas/nfse/paulistana/v01 (schemas.ts: not there yet).
// The input is already resolved: the builders only print it in schema order.

export const PAULISTANA_NS = "http://www.prefeitura.sp.gov.br/nfe";
export const PAULISTANA_MUNICIPALITY = "3550308";
export const PAULISTANA_SCHEMAS = {
  PedidoEnvioRPS: "nfse/paulistana/v01/PedidoEnvioRPS_v01.xsd",
  PedidoConsultaNFe: "nfse/paulistana/v01/PedidoConsultaNFe_v01.xsd",
  PedidoCancelamentoNFe: "nfse/paulistana/v01/PedidoCancelamentoNFe_v01.xsd",
  RetornoEnvioRPS: "nfse/paulistana/v01/RetornoEnvioRPS_v01.xsd",
  RetornoConsulta: "nfse/paulistana/v01/RetornoConsulta_v01.xsd",
  RetornoCancelamentoNFe: "nfse/paulistana/v01/RetornoCancelamentoNFe_v01.xsd",
} as const;
/** The version-2 set ("Reforma tributária 2026", SP-DEV); not in shared/fiscal either: checked only once installed. */
export const PAULISTANA_SCHEMAS_V2 = {
  PedidoEnvioRPS: "nfse/paulistana/v02/PedidoEnvioRPS_v02.xsd",
  PedidoConsultaNFe: "nfse/paulistana/v02/PedidoConsultaNFe_v02.xsd",
  PedidoCancelamentoNFe: "nfse/paulistana/v02/PedidoCancelamentoNFe_v02.xsd",
  RetornoEnvioRPS: "nfse/paulistana/v02/RetornoEnvioRPS_v02.xsd",
  RetornoConsulta: "nfse/paulistana/v02/RetornoConsulta_v02.xsd",
  RetornoCancelamentoNFe: "nfse/paulistana/v02/RetornoCancelamentoNFe_v02.xsd",
} as const satisfies Record<keyof typeof PAULISTANA_SCHEMAS, string>;

/**
 * TributacaoRPS for RPS dated from 23/02/2015 (the city's signature layout, item 5;
 * as quoted by CIGAM's wiki "Rejeição 1206"): T tributado em São Paulo, F fora de
 * São Paulo, A em SP porém isento, B fora porém isento, M em SP porém imune,
 * N fora porém imune, X em SP com exigibilidade suspensa, V fora com exigibilidade
 * suspensa, P exportação de serviços.
 */
export const PAULISTANA_TAXATION = ["T", "F", "A", "B", "M", "N", "X", "V", "P"] as const;
export type PaulistanaTaxation = (typeof PAULISTANA_TAXATION)[number];

/** tpTipoRPS: RPS, RPS-M (nota fiscal conjugada/mista), RPS-C (cupom). */
export type PaulistanaRpsType = "RPS" | "RPS-M" | "RPS-C";

/** ChaveRPS: the provider's CCM (8 digits; tpInscricaoMunicipal allows up to 12), series (1–5 characters) and number (1–12 digits). */
export type PaulistanaRpsKey = { ccm: string; series: string; number: number };

/** ChaveNFe: the provider's CCM and the NFS-e number. */
export type PaulistanaNfeKey = { ccm: string; number: string };

export type PaulistanaAddress = {
  streetType?: string | null;
  street?: string | null;
  number?: string | null;
  complement?: string | null;
  neighborhood?: string | null;
  municipalityCode?: string | null;
  state?: string | null;
  zipCode?: string | null;
};

export type PaulistanaTaker = {
  cpf?: string | null;
  cnpj?: string | null;
  /** InscricaoMunicipalTomador: only for takers established in São Paulo (their CCM). */
  ccm?: string | null;
  name?: string | null;
  address?: PaulistanaAddress | null;
  email?: string | null;
};

export type PaulistanaRpsInput = {
  /** CPFCNPJRemetente: who transmits (the provider's CNPJ; its certificate signs). */
  senderCnpj: string;
  key: PaulistanaRpsKey;
  type: PaulistanaRpsType;
  /** DataEmissao (xsd:date). */
  issueDate: string;
  /** StatusRPS: N normal, C cancelado. */
  status: "N" | "C";
  taxation: PaulistanaTaxation;
  values: { services: string; deductions: string; pis?: string | null; cofins?: string | null; inss?: string | null; ir?: string | null; csll?: string | null };
  /** CodigoServico: the city's own service code (4–5 digits), not the LC 116 item. */
  serviceCode: string;
  /** The ISS rate as a percentage ("5" = 5 %), printed as the fraction AliquotaServicos 0.05. */
  issRate: string;
  issRetained: boolean;
  taker: PaulistanaTaker | null;
  description: string;
  /** MunicipioPrestacao (IBGE), when the service was rendered elsewhere. */
  servicePlace?: string | null;
  /** The layout; 1 when absent. Layout 2 needs `reform`. */
  layout?: PaulistanaLayout;
  reform?: PaulistanaReformFields | null;
};

/**
 * The layout (VersaoSchema / Cabecalho Versao) a message follows: 1 (schemas "_v01", RPS dated
 * up to 31/12/2025 from any provider, later only from Simples Nacional ones) or 2 (schemas
 * "_v02", the tax reform's: IBS/CBS declared in the RPS, from 01/01/2026). See layout.ts.
 */
export type PaulistanaLayout = 1 | 2;

/**
 * What layout 2 adds to the RPS (TiposNFe_v02.xsd tpRPS / tpIBSCBS, as the city's "Manual de
 * Utilização do Web Service" v3.2–3.3 describes them): NBS (9 digits, required), the place of
 * supply (cLocPrestacao, IBGE) and the IBSCBS group the provider declares; the city computes the
 * IBS/CBS amounts itself and returns them in the NFS-e (RetornoComplementarIBSCBS).
 */
export type PaulistanaReformFields = {
  nbs: string;
  /** cLocPrestacao: the municipality where the service is supplied (IBGE, 7 digits). */
  supplyPlace: string;
  /** indFinal: 1 when the taker uses or consumes the service personally (an individual). */
  finalConsumer: boolean;
  /** cIndOp: the operation indicator (Anexo VII of the national NFS-e, 6 digits). */
  operationIndicator: string;
  /** cClassTrib of the IBS/CBS (6 digits, the official classification table). */
  cClassTrib: string;
};

export type BuiltPaulistanaMessage = { xml: string; /** The ASCII string the RPS/cancellation Assinatura signs. */ signedString: string };
