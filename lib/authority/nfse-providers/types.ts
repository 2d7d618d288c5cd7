import type { AuthorityEnvironment } from "../types";

// One row of the NFS-e provider table (issue 57): which system authorizes a
// city's NFS-e, how to talk to it and what it insists on. Every row names its
// sources and the date it applies from; the document's date picks the row.

export type AbrasfSignatureRules = {
  /** InfDeclaracaoPrestacaoServico of each Rps (GerarNfse, lot and substitution). */
  rps: boolean;
  /** LoteRps of EnviarLoteRps(Sincrono)Envio. */
  lot: boolean;
  /** InfPedidoCancelamento. */
  cancellation: boolean;
  /** SubstituicaoNfse, besides its Pedido and Rps. */
  substitution: boolean;
  /** Reference URI: "#"+Id (the ABRASF manual's examples) or "" (the whole document). */
  referenceUri: "id" | "empty";
};

export type AbrasfProvider = {
  standard: "ABRASF";
  version: "2.04";
  /** The vendor's system running the city's service (ACBr's "Provedor"). */
  system: string;
  municipalityCode: string;
  name: string;
  state: string;
  urls: Record<AuthorityEnvironment, string>;
  soap: {
    /** SOAP 1.1, the operations of the ABRASF 2.04 WSDL (nfseCabecMsg + nfseDadosMsg, answer outputXML). */
    namespace: string;
    /** SOAPAction = actionPrefix + operation (GerarNfse, ConsultarNfsePorRps, CancelarNfse, SubstituirNfse). */
    actionPrefix: string;
  };
  signature: AbrasfSignatureRules;
  /** How the city reads Aliquota: "percent" 5.00 or "fraction" 0.05. */
  aliquotaFormat: "percent" | "fraction";
  /** Whether the city refuses an RPS without its own service code (CodigoTributacaoMunicipio). */
  requiresMunicipalTaxCode: boolean;
  /** Operations this integration sends (GerarNfse, ConsultarNfsePorRps, CancelarNfse, SubstituirNfse). */
  particularities: string[];
  /**
   * How an RPS is sent: "GerarNfse" (one RPS, synchronous; the default) or "RecepcionarLoteRps" (a lot
   * of one RPS, then ConsultarLoteRps by its protocol), for a city that takes lots only.
   */
  emission?: "GerarNfse" | "RecepcionarLoteRps";
  /** YYYY-MM-DD: the row applies to documents dated from this day; validUntil (exclusive) when the city moved on. */
  validFrom: string;
  validUntil?: string | null;
  sources: string[];
};

export type NationalProvider = {
  standard: "NACIONAL";
  version: "1.01";
  municipalityCode: string;
  sources: string[];
};

/** The LoteNFe operations of São Paulo's web service this integration sends. */
export type PaulistanaOperation = "EnvioRPS" | "ConsultaNFe" | "CancelamentoNFe";

/** São Paulo's Nota Fiscal Paulistana: the city's own web service (LoteNFe), not ABRASF. */
export type PaulistanaProvider = {
  standard: "PAULISTANA";
  /** Schema version (Cabecalho/@Versao, VersaoSchema). */
  version: "1";
  system: string;
  municipalityCode: string;
  name: string;
  state: string;
  /** The city has no test environment (HOMOLOGATION null): homologation is the built-in simulator only. */
  urls: { PRODUCTION: string; HOMOLOGATION: string | null };
  /** Where messages of layout 2 go, when the city serves them at another address than layout 1's. */
  layout2Urls?: { PRODUCTION: string; HOMOLOGATION: string | null };
  soap: {
    /** SOAP 1.2 envelope with a SOAPAction header; body {Operation}Request(VersaoSchema, MensagemXML), answer {Operation}Response/RetornoXML. */
    namespace: string;
    actions: Record<PaulistanaOperation, string>;
  };
  /** From this day (YYYY-MM-DD, the RPS's date) RPS go in layout 2, the tax reform's (IBS/CBS declared; layout 1 is then refused 641 to all but Simples Nacional providers). */
  layout2From: string | null;
  particularities: string[];
  validFrom: string;
  validUntil?: string | null;
  sources: string[];
};

export type NfseProvider = AbrasfProvider | PaulistanaProvider | NationalProvider;
