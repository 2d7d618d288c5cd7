import type { AbrasfProvider, AbrasfSignatureRules } from "./types";

// Cities that authorize NFS-e in their own systems with ABRASF 2.04 (issue 57).
// Every other city is on the Sefin Nacional (LC 214/2025, art. 62: the national
// layout is mandatory from 01/01/2026; cities not listed here issue through the
// national emitter, as the platform did before this table).
//
// Sources, named per row:
// - ACBR-INI: ACBr's city table ACBrNFSeXServicos.ini (Projeto ACBr, LGPL; file
//   distributed with ACBrLib), copy in ElderVivot/acbr-libnfse-consultanotas
//   commit 9de2001c (24/05/2025), sections [<IBGE code>]: Provedor, Versao,
//   ProRecepcionar, HomRecepcionar, Params.
// - ACBR-ISSNET204: ACBr's ISSNet provider (ACBrNFSeXProviderISSNet /
//   TACBrNFSeProviderISSNet204.Configuracao, as indexed from frones/ACBr):
//   VersaoDados 2.04, cabeçalho versao 1.00; signs Rps, LoteRps,
//   ConsultarNFSeRps, CancelarNFSe, RpsGerarNFSe and SubstituirNFSe with
//   IncluirURI := False; operations posted as <nfse:GerarNfse> with
//   nfseCabecMsg/nfseDadosMsg, namespace http://nfse.abrasf.org.br, SOAPAction
//   http://nfse.abrasf.org.br/<Operation>, answer in <Operation>Result.
// - ACBR-ISSNET-W: ACBr's ISSNet writer (TNFSeW_ISSNet.Configuracao): DivAliq100
//   unless the city's Params carry NaoDividir100.

// ISSNet's ABRASF 2.04 homologation service is one for every city (ACBR-INI).
const ISSNET_HOMOLOGATION = "https://www.issnetonline.com.br/homologaabrasf/webservicenfse204/nfse.asmx";

const ISSNET_SIGNATURE: AbrasfSignatureRules = { rps: true, lot: true, cancellation: true, substitution: true, referenceUri: "empty" };

const ISSNET_PARTICULARITIES = [
  "SOAP 1.1: <nfse:Operation> with nfseCabecMsg (<cabecalho versao=\"1.00\"><versaoDados>2.04</versaoDados></cabecalho>) and nfseDadosMsg, namespace http://nfse.abrasf.org.br (ACBR-ISSNET204)",
  "Signatures with an empty Reference URI, one per message (ACBr's IncluirURI := False), so SubstituirNfse (three signatures) is not offered for these cities",
  "ACBr also signs ConsultarNfseRpsEnvio; the ABRASF 2.04 schema has no Signature there (ISSNet's own schema variant must have one): we send it unsigned, unconfirmed against the real service",
  "ItemListaServico: ACBr's ISSNet 1.0 writer sends it without the dot and leading zero (filsSemFormatacaoSemZeroEsquerda); its 2.04 schema copy (OpenAC.Net.NFSe Schemas/ISSNet/2.04/nfse.xsd) is not vendored here, so we send the ABRASF enumeration form 01.07",
];

function issnet(municipalityCode: string, name: string, state: string, production: string, validFrom: string, extra: Partial<AbrasfProvider> = {}): AbrasfProvider {
  return {
    standard: "ABRASF",
    version: "2.04",
    system: "ISSNet",
    municipalityCode,
    name,
    state,
    urls: { PRODUCTION: production, HOMOLOGATION: ISSNET_HOMOLOGATION },
    soap: { namespace: "http://nfse.abrasf.org.br", actionPrefix: "http://nfse.abrasf.org.br/" },
    signature: ISSNET_SIGNATURE,
    aliquotaFormat: "fraction",
    requiresMunicipalTaxCode: false,
    particularities: [...ISSNET_PARTICULARITIES, "Aliquota as a fraction (0.05 for 5 %): ACBr divides by 100 for ISSNet unless Params=NaoDividir100 (ACBR-ISSNET-W)"],
    validFrom,
    validUntil: null,
    sources: [`ACBR-INI [${municipalityCode}]`, "ACBR-ISSNET204", "ACBR-ISSNET-W"],
    ...extra,
  };
}

/** The ABRASF 2.04 cities, by IBGE code; validFrom is the row's "Atualizado em" date in ACBR-INI. */
export const ABRASF_CITIES: readonly AbrasfProvider[] = [
  issnet("3543402", "Ribeirão Preto", "SP", "https://nfse.issnetonline.com.br/abrasf204/ribeiraopreto/nfse.asmx", "2023-02-27"),
  issnet("5300108", "Brasília", "DF", "https://df.issnetonline.com.br/webservicenfse204/nfse.asmx", "2024-09-11"),
  issnet("5103403", "Cuiabá", "MT", "https://wscuiaba.issnetonline.com.br/webservicenfse204/nfse.asmx", "2023-12-05"),
  issnet("3301702", "Duque de Caxias", "RJ", "https://nfse.issnetonline.com.br/abrasf204/duquedecaxias/nfse.asmx", "2023-03-28"),
  issnet("4316907", "Santa Maria", "RS", "https://nfse.issnetonline.com.br/abrasf204/santamaria/nfse.asmx", "2023-04-10", {
    aliquotaFormat: "percent",
    particularities: [...ISSNET_PARTICULARITIES, "Aliquota as a percentage (5.00): ACBR-INI gives the city Params=NaoDividir100"],
  }),
];
