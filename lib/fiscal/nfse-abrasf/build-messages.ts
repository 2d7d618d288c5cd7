import { DomainError } from "@/lib/errors";
import { money } from "@/lib/fiscal/nfe/format";
import { validateXml } from "@/lib/fiscal/xml/schema-validation";
import { signWholeDocument, signXml, type SigningCredentials } from "@/lib/fiscal/xml/xml-signature";
import { el, fiscalText, group, opt } from "@/lib/fiscal/xml/xml-text";
import {
  ABRASF_NS, ABRASF_SCHEMA, ABRASF_VERSION,
  type AbrasfAddress, type AbrasfBuildOptions, type AbrasfCancellationCode, type AbrasfNfseIdentification, type AbrasfRpsInput, type BuiltAbrasfMessage, type RpsIdentification,
} from "./types";

// The ABRASF 2.04 requests (nfse_v2-04.xsd, "Manual de Integração ABRASF versão
// 2.04"): GerarNfseEnvio (one RPS, synchronous), ConsultarNfseRpsEnvio,
// CancelarNfseEnvio and SubstituirNfseEnvio, in schema order, on one line, no
// prefixes. Signatures as the manual's examples and ACBr's ABRASF v2 providers
// place them: enveloped, Reference URI "#"+Id, C14N, RSA-SHA1, X509Certificate,
// on InfDeclaracaoPrestacaoServico (inside Rps), on InfPedidoCancelamento
// (inside Pedido) and, for a substitution, on SubstituicaoNfse as well. Each
// message is validated against the vendored schema before it leaves. A city
// that signs with an empty Reference URI (the whole message) gets one such
// signature per message (options.referenceUri "empty").

const YES = "1";
const NO = "2";

/** tsAliquota (totalDigits 4, fractionDigits 2) as the city reads it. */
export function formatAliquota(percent: string, format: AbrasfBuildOptions["aliquotaFormat"]): string {
  const value = Number(percent);
  return (format === "fraction" ? value / 100 : value).toFixed(2);
}

/** The Id of InfDeclaracaoPrestacaoServico (tsIdTag, free text up to 255): "RPS" + series + number. */
export function rpsElementId(rps: RpsIdentification): string {
  return `RPS${rps.series.replace(/[^0-9A-Za-z]/g, "")}${rps.number}`;
}

export function cancellationElementId(nfseNumber: string): string {
  return `CANC${nfseNumber}`;
}

function identificationRps(rps: RpsIdentification): string {
  return el("Numero", String(rps.number)) + el("Serie", rps.series) + el("Tipo", rps.type);
}

function cpfCnpj(document: { cnpj?: string | null; cpf?: string | null }): string {
  return group("CpfCnpj", document.cnpj ? el("Cnpj", document.cnpj) : el("Cpf", document.cpf ?? ""));
}

function address(a: AbrasfAddress): string {
  return group(
    "Endereco",
    el("Endereco", fiscalText(a.street, 255)) + el("Numero", fiscalText(a.number || "S/N", 60)) + opt("Complemento", a.complement ? fiscalText(a.complement, 60) : null) +
      el("Bairro", fiscalText(a.neighborhood, 60)) + el("CodigoMunicipio", a.municipalityCode) + el("Uf", a.state) + el("Cep", a.zipCode),
  );
}

const positive = (value: string | null | undefined) => (value && Number(value) > 0 ? money(value) : null);

function service(input: AbrasfRpsInput, options: AbrasfBuildOptions): string {
  const v = input.values;
  const values =
    el("ValorServicos", money(v.serviceValue)) + opt("ValorDeducoes", positive(v.deductions)) + opt("ValorPis", positive(v.pis)) + opt("ValorCofins", positive(v.cofins)) +
    opt("ValorInss", positive(v.inss)) + opt("ValorIr", positive(v.ir)) + opt("ValorCsll", positive(v.csll)) + opt("ValorIss", positive(v.issValue)) +
    opt("Aliquota", v.issRate && Number(v.issRate) > 0 ? formatAliquota(v.issRate, options.aliquotaFormat) : null) + opt("DescontoIncondicionado", positive(v.unconditionalDiscount));
  const s = input.service;
  return group(
    "Servico",
    group("Valores", values) +
      el("IssRetido", input.iss.retained ? YES : NO) +
      opt("ResponsavelRetencao", input.iss.retained ? (input.iss.retentionBy ?? "1") : null) +
      el("ItemListaServico", s.itemListaServico) +
      opt("CodigoCnae", s.cnae) +
      opt("CodigoTributacaoMunicipio", s.municipalTaxCode) +
      opt("CodigoNbs", s.nbs) +
      el("Discriminacao", fiscalText(s.description, 2000)) +
      el("CodigoMunicipio", s.municipalityCode) +
      el("ExigibilidadeISS", input.iss.exigibilidade) +
      opt("MunicipioIncidencia", s.incidenceMunicipality),
  );
}

function taker(input: AbrasfRpsInput): string {
  const t = input.taker;
  if (!t) return "";
  const identification = t.cnpj || t.cpf ? group("IdentificacaoTomador", cpfCnpj(t) + opt("InscricaoMunicipal", t.municipalRegistration)) : "";
  const phone = t.phone?.replace(/\D/g, "") || null;
  const contact = phone || t.email ? group("Contato", opt("Telefone", phone) + opt("Email", t.email)) : "";
  return group("TomadorServico", identification + el("RazaoSocial", fiscalText(t.name, 150)) + (t.address ? address(t.address) : "") + contact);
}

/** The unsigned Rps (tcDeclaracaoPrestacaoServico) with its InfDeclaracaoPrestacaoServico Id. */
export function buildRps(input: AbrasfRpsInput, options: AbrasfBuildOptions, substitutedRps?: RpsIdentification | null): { id: string; xml: string } {
  const id = rpsElementId(input.rps);
  const rps = group(
    "Rps",
    group("IdentificacaoRps", identificationRps(input.rps)) + el("DataEmissao", input.issueDate) + el("Status", "1") +
      (substitutedRps ? group("RpsSubstituido", identificationRps(substitutedRps)) : ""),
  );
  const inf =
    rps + el("Competencia", input.competence) + service(input, options) +
    group("Prestador", cpfCnpj({ cnpj: input.provider.cnpj }) + el("InscricaoMunicipal", input.provider.municipalRegistration)) +
    taker(input) +
    opt("RegimeEspecialTributacao", input.specialRegime) +
    el("OptanteSimplesNacional", input.simplesNacional ? YES : NO) +
    el("IncentivoFiscal", input.incentivoFiscal ? YES : NO) +
    opt("InformacoesComplementares", input.additionalInfo ? fiscalText(input.additionalInfo, 2000) : null);
  return { id, xml: `<Rps><InfDeclaracaoPrestacaoServico Id="${id}">${inf}</InfDeclaracaoPrestacaoServico></Rps>` };
}

type SignedElement = "InfDeclaracaoPrestacaoServico" | "InfPedidoCancelamento" | "SubstituicaoNfse";

// With an empty Reference URI the one signature covers the whole message and sits where the
// element's own signature would (inside Rps, Pedido); a second one would break the first.
const WHOLE_DOCUMENT_PLACE: Record<SignedElement, string> = { InfDeclaracaoPrestacaoServico: "Rps", InfPedidoCancelamento: "Pedido", SubstituicaoNfse: "SubstituirNfseEnvio" };

function finish(xml: string, credentials: SigningCredentials, tags: SignedElement[], referenceUri: AbrasfBuildOptions["referenceUri"] = "id"): string {
  let signed = xml;
  if (referenceUri === "empty") {
    if (tags.length !== 1) throw new DomainError(422, "nfse_provider_unsupported", "This city's signature profile (one whole-document signature, empty Reference URI) cannot sign a message that needs several signatures (SubstituirNfse)");
    signed = signWholeDocument(xml, credentials, { inside: WHOLE_DOCUMENT_PLACE[tags[0]!] });
  } else {
    for (const tag of tags) signed = signXml(signed, credentials, { tag, nestedSignatures: tag === "SubstituicaoNfse" });
  }
  validateXml(signed, ABRASF_SCHEMA);
  return signed;
}

const declaration = `<?xml version="1.0" encoding="UTF-8"?>`;

/** GerarNfseEnvio: one RPS turned into an NFS-e synchronously; the RPS is signed. */
export function buildGerarNfse(input: AbrasfRpsInput, options: AbrasfBuildOptions, credentials: SigningCredentials): BuiltAbrasfMessage {
  const rps = buildRps(input, options);
  const xml = `${declaration}<GerarNfseEnvio xmlns="${ABRASF_NS}">${rps.xml}</GerarNfseEnvio>`;
  return { xml: finish(xml, credentials, ["InfDeclaracaoPrestacaoServico"], options.referenceUri), signedIds: [rps.id] };
}

/** ConsultarNfseRpsEnvio: the NFS-e an RPS produced. ABRASF 2.04's schema has no Signature in it. */
export function buildConsultarNfseRps(rps: RpsIdentification, provider: { cnpj: string; municipalRegistration: string }): string {
  const xml =
    `${declaration}<ConsultarNfseRpsEnvio xmlns="${ABRASF_NS}">` +
    group("IdentificacaoRps", identificationRps(rps)) + group("Prestador", cpfCnpj({ cnpj: provider.cnpj }) + el("InscricaoMunicipal", provider.municipalRegistration)) +
    `</ConsultarNfseRpsEnvio>`;
  validateXml(xml, ABRASF_SCHEMA);
  return xml;
}

function pedido(nfse: AbrasfNfseIdentification, code: AbrasfCancellationCode): { id: string; xml: string } {
  const id = cancellationElementId(nfse.number);
  const identification = group(
    "IdentificacaoNfse",
    el("Numero", nfse.number) + cpfCnpj({ cnpj: nfse.providerCnpj }) + el("InscricaoMunicipal", nfse.municipalRegistration) + el("CodigoMunicipio", nfse.municipalityCode),
  );
  return { id, xml: `<Pedido><InfPedidoCancelamento Id="${id}">${identification}${el("CodigoCancelamento", code)}</InfPedidoCancelamento></Pedido>` };
}

/** CancelarNfseEnvio: InfPedidoCancelamento signed. ABRASF 2.04 has no free-text reason, only the code. */
export function buildCancelarNfse(nfse: AbrasfNfseIdentification, code: AbrasfCancellationCode, credentials: SigningCredentials, referenceUri: AbrasfBuildOptions["referenceUri"] = "id"): BuiltAbrasfMessage {
  const request = pedido(nfse, code);
  const xml = `${declaration}<CancelarNfseEnvio xmlns="${ABRASF_NS}">${request.xml}</CancelarNfseEnvio>`;
  return { xml: finish(xml, credentials, ["InfPedidoCancelamento"], referenceUri), signedIds: [request.id] };
}

/** SubstituirNfseEnvio: the cancellation request of the replaced NFS-e and the new RPS, each signed, then SubstituicaoNfse. */
export function buildSubstituirNfse(
  replaced: AbrasfNfseIdentification,
  code: AbrasfCancellationCode,
  input: AbrasfRpsInput,
  options: AbrasfBuildOptions,
  credentials: SigningCredentials,
): BuiltAbrasfMessage {
  const request = pedido(replaced, code);
  const rps = buildRps(input, options);
  const id = `SUBST${replaced.number}`;
  const xml = `${declaration}<SubstituirNfseEnvio xmlns="${ABRASF_NS}"><SubstituicaoNfse Id="${id}">${request.xml}${rps.xml}</SubstituicaoNfse></SubstituirNfseEnvio>`;
  return { xml: finish(xml, credentials, ["InfPedidoCancelamento", "InfDeclaracaoPrestacaoServico", "SubstituicaoNfse"], options.referenceUri), signedIds: [request.id, rps.id, id] };
}

/** The Id of LoteRps (tsIdTag): "LOTE" + the lot number. */
export function lotElementId(lotNumber: number): string {
  return `LOTE${lotNumber}`;
}

/** The signed outer Rps of a GerarNfseEnvio (its InfDeclaracaoPrestacaoServico signature inside), to be sent again in a lot. */
export function signedRpsOf(gerarNfseXml: string): string | null {
  const match = /<GerarNfseEnvio\b[^>]*>(<Rps>[\s\S]*<\/Rps>)<\/GerarNfseEnvio>/.exec(gerarNfseXml);
  return match ? match[1]! : null;
}

/**
 * EnviarLoteRpsEnvio (RecepcionarLoteRps, answered with a protocol) or EnviarLoteRpsSincronoEnvio
 * (RecepcionarLoteRpsSincrono, answered with the NFS-e): LoteRps (NumeroLote, Prestador,
 * QuantidadeRps, ListaRps) holding the RPS, then the lot's signature after LoteRps, where the schema
 * places it. Profile "id": each RPS keeps its own signature (Reference "#RPS…"; the inclusive C14N of
 * InfDeclaracaoPrestacaoServico sees the same default namespace in the lot, so its digest holds) and
 * LoteRps is signed with Reference "#LOTEn". Profile "empty" (one whole-document signature per
 * message, as GerarNfse): the RPS's own whole-document signatures would not hold in another
 * document, so they are removed and the one signature of the lot covers everything.
 */
export function buildEnviarLoteRps(
  lot: { number: number; provider: { cnpj: string; municipalRegistration: string }; signedRps: string[]; synchronous?: boolean },
  credentials: SigningCredentials,
  referenceUri: AbrasfBuildOptions["referenceUri"] = "id",
): BuiltAbrasfMessage {
  if (lot.signedRps.length < 1 || lot.signedRps.length > 9999) throw new Error("buildEnviarLoteRps: a lot holds 1 to 9999 RPS (tsQuantidadeRps)");
  const id = lotElementId(lot.number);
  const root = lot.synchronous ? "EnviarLoteRpsSincronoEnvio" : "EnviarLoteRpsEnvio";
  const rps = referenceUri === "empty" ? lot.signedRps.map((one) => one.replace(/<Signature xmlns="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#">[\s\S]*?<\/Signature>/g, "")) : lot.signedRps;
  const inner =
    el("NumeroLote", String(lot.number)) + group("Prestador", cpfCnpj({ cnpj: lot.provider.cnpj }) + el("InscricaoMunicipal", lot.provider.municipalRegistration)) +
    el("QuantidadeRps", String(rps.length)) + group("ListaRps", rps.join(""));
  const xml = `${declaration}<${root} xmlns="${ABRASF_NS}"><LoteRps Id="${id}" versao="${ABRASF_VERSION}">${inner}</LoteRps></${root}>`;
  const signed = referenceUri === "empty" ? signWholeDocument(xml, credentials, { inside: root }) : signXml(xml, credentials, { tag: "LoteRps", nestedSignatures: true });
  validateXml(signed, ABRASF_SCHEMA);
  return { xml: signed, signedIds: [id] };
}

/** ConsultarLoteRpsEnvio: the lot's situation and NFS-e by its protocol. ABRASF 2.04's schema has no Signature in it. */
export function buildConsultarLoteRps(protocol: string, provider: { cnpj: string; municipalRegistration: string }): string {
  const xml =
    `${declaration}<ConsultarLoteRpsEnvio xmlns="${ABRASF_NS}">` +
    group("Prestador", cpfCnpj({ cnpj: provider.cnpj }) + el("InscricaoMunicipal", provider.municipalRegistration)) + el("Protocolo", protocol) +
    `</ConsultarLoteRpsEnvio>`;
  validateXml(xml, ABRASF_SCHEMA);
  return xml;
}

export { ABRASF_VERSION };
