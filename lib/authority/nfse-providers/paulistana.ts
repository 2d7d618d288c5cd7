import type { PaulistanaProvider } from "./types";

// São Paulo (3550308): the Nota Fiscal Paulistana, the city's own NFS-e web service
// (LoteNFe), a row of the provider table beside the ABRASF cities (table.ts).
//
// Sources, named on the row:
// - SP-DEV: the city's developer page, notadomilhao.sf.prefeitura.sp.gov.br/desenvolvedor
//   (services EnvioRPS, EnvioLoteRPS, ConsultaNFe, CancelamentoNFe…; schema sets "NFS-e
//   emitidas a partir de 23/02/2015 (fato gerador até 31/12/2025)" and "Reforma
//   tributária 2026"), and its web-service FAQ
//   (…/categoria_perguntas_respostas/webservice: mutual TLS, 1102, MensagemXML escaped
//   or in CDATA, RPS signature string of 86 characters signed RSA-SHA1 before the XML).
// - SP-WSDL: the LoteNFe WSDL as clients generated from it call it: namespace
//   http://www.prefeitura.sp.gov.br/nfe, SOAPAction http://www.prefeitura.sp.gov.br/nfe/ws/<operation>
//   (OpenAC/ACBr.Net ISaoPauloServiceClient; ACBr ISSSaoPaulo provider: <nfe:EnvioRPSRequest>
//   with VersaoSchema and MensagemXML, answer in RetornoXML); WSDL URL
//   https://nfe.prefeitura.sp.gov.br/ws/lotenfe.asmx?wsdl (iugu/nfe-paulistana gateway).
// - SP-CLIENT: a public client validated against production (nfse-sp-api README):
//   SOAP 1.2 envelope with a SOAPAction header, Content-Type application/soap+xml without
//   action; Simples Nacional providers keep layout 1 in 2026, others must use layout 2
//   (refusal 641); error codes 223, 306, 307, 1206, 1301, 1305.
// - SP-V02: layout 2 ("Reforma tributária 2026"): the city's TiposNFe_v02.xsd as published in
//   erpbrasil/nfselib.paulistana @ f2f1ce78 (tpRPS, tpIBSCBS, tpNFe with RetornoComplementarIBSCBS);
//   the RPS string v2.0 of the Manual de Utilização do Web Service v3.3 (nov/2025) as ACBr's
//   ISSSaoPaulo provider (frones/ACBr, AssinaturaAdicional) and a public Python client quoting
//   the manual's sample strings build it; manual v3.2 announced by the city on 15/08/2025.
// - SP-V02-URL: layout 2 is served at https://nfews.prefeitura.sp.gov.br/lotenfe.asmx (SOAP 1.2,
//   TesteEnvioLoteRPS there validates without issuing), as public clients call it in 2026: a
//   client's note of 06/01/2026 recording the city's 1001 refusals of Versao 2 at that address
//   before the city enabled it (SuporteDevAry/system-ary-back-end), a v2 proof of concept that
//   issues there (Cavariani/FC-ReformaTrib-NSFe) and ACBr's ISSSaoPaulo provider.

export const PAULISTANA: PaulistanaProvider = {
  standard: "PAULISTANA",
  version: "1",
  system: "Nota Fiscal Paulistana (LoteNFe)",
  municipalityCode: "3550308",
  name: "São Paulo",
  state: "SP",
  urls: { PRODUCTION: "https://nfe.prefeitura.sp.gov.br/ws/lotenfe.asmx", HOMOLOGATION: null },
  layout2Urls: { PRODUCTION: "https://nfews.prefeitura.sp.gov.br/lotenfe.asmx", HOMOLOGATION: null },
  soap: {
    namespace: "http://www.prefeitura.sp.gov.br/nfe",
    actions: {
      EnvioRPS: "http://www.prefeitura.sp.gov.br/nfe/ws/envioRPS",
      ConsultaNFe: "http://www.prefeitura.sp.gov.br/nfe/ws/consultaNFe",
      CancelamentoNFe: "http://www.prefeitura.sp.gov.br/nfe/ws/cancelamentoNFe",
    },
  },
  layout2From: "2026-01-01",
  particularities: [
    "Not ABRASF: the city's own LoteNFe messages (PedidoEnvioRPS, PedidoConsultaNFe, PedidoCancelamentoNFe, schema version 1), children unqualified (xmlns=\"\") (SP-DEV schemas)",
    "Provider identified by its CCM (Inscrição Municipal, 8 digits); RPS key = CCM + series (up to 5 characters) + number (up to 12 digits)",
    "Each RPS carries Assinatura: RSA-SHA1 over an 86-character string of fixed-width fields; each cancellation AssinaturaCancelamento over CCM + NFS-e number (20); then the whole message is signed (XML-DSig, Reference URI \"\") (SP-DEV FAQ)",
    "CodigoServico is the city's own service code (4–5 digits), not the LC 116 item; AliquotaServicos is a fraction (0.05)",
    "TributacaoRPS T/F/A/B/M/N/X/V/P (where the ISS is due and why it is not charged), ISSRetido true/false",
    "No reason or code on a cancellation; no free-text justification",
    "No homologation environment: TesteEnvioLoteRPS only validates; HOMOLOGATION uses the built-in simulator",
    "From 01/01/2026 RPS go in layout 2 (schemas v02, VersaoSchema 2): no ValorServicos but ValorInicialCobrado, NBS, cLocPrestacao and the IBSCBS group (cIndOp, cClassTrib); the RPS string has the CCM on 12 positions (90 characters); the city computes and returns the IBS/CBS (SP-V02). Layout 1 stays open then only to Simples Nacional providers (SP-CLIENT, refusal 641)",
    "The city prints its own NFS-e (no DANFSe)",
  ],
  validFrom: "2015-02-23",
  validUntil: null,
  sources: ["SP-DEV", "SP-WSDL", "SP-CLIENT", "SP-V02", "SP-V02-URL"],
};

/** Cities with their own (non-ABRASF) systems. */
export const OWN_SYSTEM_CITIES: readonly PaulistanaProvider[] = [PAULISTANA];
