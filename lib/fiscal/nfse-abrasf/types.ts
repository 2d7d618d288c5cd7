// Input of the ABRASF 2.04 message builders (schema nfse_v2-04.xsd, vendored in
// lib/fiscal/reference/schemas/nfse/abrasf/v2.04 with its source). Everything is
// already resolved: the builders only print it in schema order.

export const ABRASF_NS = "http://www.abrasf.org.br/nfse.xsd";
export const ABRASF_VERSION = "2.04";
export const ABRASF_SCHEMA = "nfse/abrasf/v2.04/nfse_v2-04.xsd" as const;

/** tsTipoRps: 1 RPS, 2 Nota Fiscal Conjugada (Mista), 3 Cupom. */
export type RpsType = "1" | "2" | "3";

export type RpsIdentification = { number: number; series: string; type: RpsType };

/** tcEndereco: every field but the complement is required by the schema. */
export type AbrasfAddress = { street: string; number: string; complement?: string | null; neighborhood: string; municipalityCode: string; state: string; zipCode: string };

export type AbrasfTaker = {
  cnpj?: string | null;
  cpf?: string | null;
  municipalRegistration?: string | null;
  name: string;
  address?: AbrasfAddress | null;
  phone?: string | null;
  email?: string | null;
};

/**
 * tsExigibilidadeISS: 1 exigível, 2 não incidência, 3 isenção, 4 exportação,
 * 5 imunidade, 6 suspensa por decisão judicial, 7 suspensa por processo administrativo.
 */
export type ExigibilidadeIss = "1" | "2" | "3" | "4" | "5" | "6" | "7";

/** How the city reads Aliquota: "5.00" (percent) or "0.05" (fraction; ACBr's DivAliq100). */
export type AliquotaFormat = "percent" | "fraction";

export type AbrasfRpsInput = {
  rps: RpsIdentification;
  /** Rps/DataEmissao and Competencia, YYYY-MM-DD (xsd:date). */
  issueDate: string;
  competence: string;
  provider: { cnpj: string; municipalRegistration: string };
  taker: AbrasfTaker | null;
  service: {
    /** ItemListaServico: the LC 116/2003 subitem, "01.07" (the schema's enumeration). */
    itemListaServico: string;
    /** CodigoTributacaoMunicipio: the city's own code for the service, when it has a list. */
    municipalTaxCode?: string | null;
    cnae?: string | null;
    nbs?: string | null;
    description: string;
    /** CodigoMunicipio: IBGE code of where the service was rendered. */
    municipalityCode: string;
    /** MunicipioIncidencia: where the ISS is due, when it is not the provider's city. */
    incidenceMunicipality?: string | null;
  };
  values: {
    serviceValue: string;
    deductions?: string | null;
    pis?: string | null;
    cofins?: string | null;
    inss?: string | null;
    ir?: string | null;
    csll?: string | null;
    issValue?: string | null;
    /** The ISS rate as a percentage ("5" = 5 %); printed per aliquotaFormat. */
    issRate?: string | null;
    unconditionalDiscount?: string | null;
  };
  iss: { exigibilidade: ExigibilidadeIss; retained: boolean; /** 1 tomador, 2 intermediário (only when retained). */ retentionBy?: "1" | "2" | null };
  /** tsRegimeEspecialTributacao 1–6, or none. */
  specialRegime?: "1" | "2" | "3" | "4" | "5" | "6" | null;
  simplesNacional: boolean;
  incentivoFiscal: boolean;
  additionalInfo?: string | null;
};

/** tsCodigoCancelamentoNfse: 1 erro na emissão, 2 serviço não prestado, 3 erro de assinatura, 4 duplicidade, 5 erro de processamento. */
export type AbrasfCancellationCode = "1" | "2" | "3" | "4" | "5";

export type AbrasfNfseIdentification = { number: string; providerCnpj: string; municipalRegistration: string; municipalityCode: string };

export type AbrasfBuildOptions = {
  aliquotaFormat: AliquotaFormat;
  /** Reference URI of the signatures: "#"+Id (default) or "" (the whole document, one signature per message). */
  referenceUri?: "id" | "empty";
};

export type BuiltAbrasfMessage = { xml: string; signedIds: string[] };
