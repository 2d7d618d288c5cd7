import { money } from "@/lib/fiscal/nfe/format";
import { DomainError } from "@/lib/errors";
import { signWholeDocument, type SigningCredentials } from "@/lib/fiscal/xml/xml-signature";
import { el, fiscalText, group, opt } from "@/lib/fiscal/xml/xml-text";
import { cancellationSignatureString, rpsSignatureString, signAscii } from "./signature-strings";
import { PAULISTANA_NS, PAULISTANA_SCHEMAS, type BuiltPaulistanaMessage, type PaulistanaLayout, type PaulistanaNfeKey, type PaulistanaReformFields, type PaulistanaRpsInput, type PaulistanaRpsKey, type PaulistanaTaker } from "./types";
import { checkPaulistanaSchema } from "./schemas";

// The requests of São Paulo's LoteNFe service, schema version 1: PedidoEnvioRPS
// (one RPS, synchronous), PedidoConsultaNFe (by RPS key or NFS-e key) and
// PedidoCancelamentoNFe. The root is in the city's namespace and its children are
// unqualified (the schemas set no elementFormDefault), so each child resets the
// default namespace (xmlns=""). Every request ends with one XML-DSig of the whole
// message (Reference URI "", enveloped + C14N, RSA-SHA1, X509Certificate; the
// manual's "Padrão de Assinatura Digital"); the RPS and each cancellation carry
// their own string signature first (signature-strings.ts). Validated against the
// vendored schema before it leaves.

const DECLARATION = `<?xml version="1.0" encoding="UTF-8"?>`;
const UNQUALIFIED = ` xmlns=""`;

/** AliquotaServicos (tpAliquota, up to 4 decimals) is a fraction: "5" % → "0.05", "2.15" → "0.0215"; by shifting digits, not floats. */
export function aliquotaFraction(percent: string): string {
  const [units = "0", fraction = ""] = percent.trim().split(".");
  const padded = units.padStart(3, "0");
  const value = `${padded.slice(0, -2)}.${padded.slice(-2)}${fraction}`.replace(/^0+(?=\d)/, "");
  const trimmed = value.replace(/0+$/, "").replace(/\.$/, "");
  const [whole, decimals = ""] = trimmed.split(".");
  return `${whole}.${decimals.padEnd(2, "0").slice(0, 4)}`;
}

function cpfCnpj(name: string, document: { cpf?: string | null; cnpj?: string | null }): string {
  return group(name, document.cnpj ? el("CNPJ", document.cnpj) : el("CPF", document.cpf ?? ""));
}

function cabecalho(senderCnpj: string, extra = "", layout: PaulistanaLayout = 1): string {
  return `<Cabecalho${UNQUALIFIED} Versao="${layout}">${cpfCnpj("CPFCNPJRemetente", { cnpj: senderCnpj })}${extra}</Cabecalho>`;
}

export function chaveRps(key: PaulistanaRpsKey): string {
  return el("InscricaoPrestador", key.ccm) + el("SerieRPS", key.series) + el("NumeroRPS", String(key.number));
}

export function chaveNfe(key: PaulistanaNfeKey): string {
  return el("InscricaoPrestador", key.ccm) + el("NumeroNFe", key.number);
}

const positive = (value: string | null | undefined) => (value && Number(value) > 0 ? money(value) : null);

function taker(t: PaulistanaTaker | null): string {
  if (!t) return "";
  const a = t.address;
  const address = a
    ? group(
        "EnderecoTomador",
        opt("TipoLogradouro", a.streetType ? fiscalText(a.streetType, 3) : null) + opt("Logradouro", a.street ? fiscalText(a.street, 50) : null) +
          opt("NumeroEndereco", a.number ? fiscalText(a.number, 10) : null) + opt("ComplementoEndereco", a.complement ? fiscalText(a.complement, 30) : null) +
          opt("Bairro", a.neighborhood ? fiscalText(a.neighborhood, 30) : null) + opt("Cidade", a.municipalityCode) + opt("UF", a.state) + opt("CEP", a.zipCode?.replace(/\D/g, "")),
      )
    : "";
  return (
    (t.cpf || t.cnpj ? cpfCnpj("CPFCNPJTomador", t) : "") +
    opt("InscricaoMunicipalTomador", t.ccm) +
    opt("RazaoSocialTomador", t.name ? fiscalText(t.name, 75) : null) +
    address +
    opt("EmailTomador", t.email ? fiscalText(t.email, 75) : null)
  );
}

/**
 * The IBSCBS group of layout 2 (tpIBSCBS): finNFSe 0 (regular NFS-e, the only value the schema
 * allows), indFinal, cIndOp, indDest 0 (the taker is the recipient), valores/trib/gIBSCBS with
 * the cClassTrib only: unlike the national DPS there is no CST, the city derives it.
 */
function ibsCbsGroup(reform: PaulistanaReformFields): string {
  return group(
    "IBSCBS",
    el("finNFSe", "0") + el("indFinal", reform.finalConsumer ? "1" : "0") + el("cIndOp", reform.operationIndicator) + el("indDest", "0") +
      group("valores", group("trib", group("gIBSCBS", el("cClassTrib", reform.cClassTrib)))),
  );
}

/** The RPS element (tpRPS) with its Assinatura over the string of its layout (86 or 90 characters). */
export function buildRpsElement(input: PaulistanaRpsInput, privateKeyPem: string): { xml: string; signedString: string } {
  const layout = input.layout ?? 1;
  if (layout === 2 && !input.reform) throw new Error("A layout-2 RPS needs its reform fields (NBS, place of supply, cClassTrib)");
  const signedString = rpsSignatureString(input, layout);
  const v = input.values;
  // Layout 2 drops ValorServicos (the value goes to ValorInicialCobrado) and makes the federal retentions required.
  const federal = layout === 2
    ? el("ValorPIS", money(v.pis ?? "0")) + el("ValorCOFINS", money(v.cofins ?? "0")) + el("ValorINSS", money(v.inss ?? "0")) + el("ValorIR", money(v.ir ?? "0")) + el("ValorCSLL", money(v.csll ?? "0"))
    : opt("ValorPIS", positive(v.pis)) + opt("ValorCOFINS", positive(v.cofins)) + opt("ValorINSS", positive(v.inss)) + opt("ValorIR", positive(v.ir)) + opt("ValorCSLL", positive(v.csll));
  const reform = input.reform;
  const layout2Tail = layout === 2 && reform
    ? el("ValorInicialCobrado", money(v.services)) + el("ValorIPI", "0.00") + el("ExigibilidadeSuspensa", "0") + el("PagamentoParceladoAntecipado", "0") +
      el("NBS", reform.nbs) + el("cLocPrestacao", reform.supplyPlace) + ibsCbsGroup(reform)
    : "";
  const body =
    el("Assinatura", signAscii(signedString, privateKeyPem)) +
    group("ChaveRPS", chaveRps(input.key)) +
    el("TipoRPS", input.type) +
    el("DataEmissao", input.issueDate) +
    el("StatusRPS", input.status) +
    el("TributacaoRPS", input.taxation) +
    (layout === 1 ? el("ValorServicos", money(v.services)) : "") +
    el("ValorDeducoes", money(v.deductions)) +
    federal +
    el("CodigoServico", input.serviceCode) +
    el("AliquotaServicos", aliquotaFraction(input.issRate)) +
    el("ISSRetido", input.issRetained ? "true" : "false") +
    taker(input.taker) +
    el("Discriminacao", fiscalText(input.description, 2000)) +
    opt("MunicipioPrestacao", input.servicePlace) +
    layout2Tail;
  return { xml: `<RPS${UNQUALIFIED}>${body}</RPS>`, signedString };
}

function finish(root: keyof typeof PAULISTANA_SCHEMAS, body: string, credentials: SigningCredentials, layout: PaulistanaLayout = 1): string {
  const xml = `${DECLARATION}<${root} xmlns="${PAULISTANA_NS}">${body}</${root}>`;
  const signed = signWholeDocument(xml, credentials, { inside: root });
  const check = checkPaulistanaSchema(signed, root, layout);
  if (check && !check.valid) throw new DomainError(422, "schema_validation_failed", `The ${root} message does not match São Paulo's schema: ${check.errors.slice(0, 3).join("; ")}`);
  return signed;
}

/** PedidoEnvioRPS: one RPS turned into an NFS-e synchronously (operation EnvioRPS). */
export function buildPedidoEnvioRps(input: PaulistanaRpsInput, credentials: SigningCredentials): BuiltPaulistanaMessage {
  const rps = buildRpsElement(input, credentials.privateKeyPem);
  const layout = input.layout ?? 1;
  return { xml: finish("PedidoEnvioRPS", cabecalho(input.senderCnpj, "", layout) + rps.xml, credentials, layout), signedString: rps.signedString };
}

/** PedidoConsultaNFe by the RPS key (what an RPS produced) or by the NFS-e key. */
export function buildPedidoConsultaNfe(senderCnpj: string, key: { rps: PaulistanaRpsKey } | { nfe: PaulistanaNfeKey }, credentials: SigningCredentials, layout: PaulistanaLayout = 1): string {
  const detail = "rps" in key ? group("ChaveRPS", chaveRps(key.rps)) : group("ChaveNFe", chaveNfe(key.nfe));
  return finish("PedidoConsultaNFe", cabecalho(senderCnpj, "", layout) + `<Detalhe${UNQUALIFIED}>${detail}</Detalhe>`, credentials, layout);
}

/**
 * PedidoCancelamentoNFe of one NFS-e: transacao true (all or nothing), the NFS-e key and its
 * AssinaturaCancelamento over the 20-character string. The city has no reason field.
 */
export function buildPedidoCancelamentoNfe(senderCnpj: string, key: PaulistanaNfeKey, credentials: SigningCredentials, layout: PaulistanaLayout = 1): BuiltPaulistanaMessage {
  const signedString = cancellationSignatureString(key);
  const detail = `<Detalhe${UNQUALIFIED}>${group("ChaveNFe", chaveNfe(key))}${el("AssinaturaCancelamento", signAscii(signedString, credentials.privateKeyPem))}</Detalhe>`;
  return { xml: finish("PedidoCancelamentoNFe", cabecalho(senderCnpj, el("transacao", "true"), layout) + detail, credentials, layout), signedString };
}
