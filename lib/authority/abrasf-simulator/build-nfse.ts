import { randomBytes } from "node:crypto";
import { STATES } from "@/lib/br";
import { ABRASF_NS, ABRASF_VERSION } from "@/lib/fiscal/nfse-abrasf";
import { signXml } from "@/lib/fiscal/xml/xml-signature";
import { el, group, opt } from "@/lib/fiscal/xml/xml-text";
import type { AbrasfProvider } from "../nfse-providers";
import { simulatorSigningCredentials } from "../sefin-simulator/signer";

// The NFS-e a city system generates from a received RPS (tcNfse of
// nfse_v2-04.xsd): its number and verification code, the values the city
// computes (BaseCalculo, Aliquota, ValorIss, ValorLiquidoNfse), the provider's
// data from the city's register, the declaration exactly as received (with its
// signature), signed by the city on InfNfse.

// The simulator's city register knows no one: every provider gets this placeholder (RazaoSocial and Endereco are required).
const REGISTER_NAME = "Contribuinte do cadastro municipal (simulador)";
// The ISS rate when the RPS does not state one (a não optante's RPS usually leaves it to the city): the LC 116/2003 art. 8 ceiling.
const DEFAULT_RATE_PERCENT = 5;

const cents = (value: number) => Math.round(value * 100) / 100;
const amount = (xml: string, tag: string) => Number(new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? "0");

function verificationCode(): string {
  return randomBytes(6).toString("base64").replace(/[^A-Za-z0-9]/g, "").padEnd(9, "X").slice(0, 9).toUpperCase();
}

export type CityValues = { base: string; aliquota: string; iss: string; net: string };

/** The values a city computes from the declaration's Valores (ABRASF 2.04 manual, "Valores da NFS-e"). */
export function cityValues(declaration: string, provider: AbrasfProvider): CityValues {
  const services = amount(declaration, "ValorServicos");
  const base = cents(services - amount(declaration, "ValorDeducoes") - amount(declaration, "DescontoIncondicionado"));
  const sent = /<Aliquota>([^<]*)<\/Aliquota>/.exec(declaration)?.[1];
  const percent = sent === undefined ? DEFAULT_RATE_PERCENT : provider.aliquotaFormat === "fraction" ? Number(sent) * 100 : Number(sent);
  const iss = cents((base * percent) / 100);
  const retained = /<IssRetido>1<\/IssRetido>/.test(declaration);
  const withheld = ["ValorPis", "ValorCofins", "ValorInss", "ValorIr", "ValorCsll", "OutrasRetencoes"].reduce((sum, tag) => sum + amount(declaration, tag), 0);
  const net = cents(services - withheld - (retained ? iss : 0) - amount(declaration, "DescontoIncondicionado") - amount(declaration, "DescontoCondicionado"));
  const aliquota = provider.aliquotaFormat === "fraction" ? (percent / 100).toFixed(2) : percent.toFixed(2);
  return { base: base.toFixed(2), aliquota, iss: iss.toFixed(2), net: net.toFixed(2) };
}

/**
 * The signed <Nfse> element, cut from the document it was signed in (default ABRASF
 * namespace inherited, so it canonicalises the same wherever it is embedded later).
 * `declaration`: the received Rps's content (InfDeclaracaoPrestacaoServico and its Signature).
 */
export function buildCityNfse(input: { provider: AbrasfProvider; nfseNumber: number; issuedAt: string; declaration: string; replacedNumber?: number | null }): { nfseXml: string; verificationCode: string } {
  const { provider } = input;
  const code = verificationCode();
  const values = cityValues(input.declaration, provider);
  const uf = STATES.find((state) => state.cUF === provider.municipalityCode.slice(0, 2))?.uf ?? provider.state;
  const address = group(
    "Endereco",
    el("Endereco", "Endereço do cadastro municipal") + el("Numero", "S/N") + el("Bairro", "Centro") + el("CodigoMunicipio", provider.municipalityCode) + el("Uf", uf) + el("Cep", "00000000"),
  );
  const inf =
    el("Numero", String(input.nfseNumber)) + el("CodigoVerificacao", code) + el("DataEmissao", input.issuedAt) + opt("NfseSubstituida", input.replacedNumber ? String(input.replacedNumber) : null) +
    group("ValoresNfse", el("BaseCalculo", values.base) + el("Aliquota", values.aliquota) + el("ValorIss", values.iss) + el("ValorLiquidoNfse", values.net)) +
    group("PrestadorServico", el("RazaoSocial", REGISTER_NAME) + address) +
    group("OrgaoGerador", el("CodigoMunicipio", provider.municipalityCode) + el("Uf", uf)) +
    `<DeclaracaoPrestacaoServico>${input.declaration}</DeclaracaoPrestacaoServico>`;
  const unsigned = `<CompNfse xmlns="${ABRASF_NS}"><Nfse versao="${ABRASF_VERSION}"><InfNfse Id="NFSE${input.nfseNumber}">${inf}</InfNfse></Nfse></CompNfse>`;
  const signed = signXml(unsigned, simulatorSigningCredentials(), { tag: "InfNfse", nestedSignatures: true });
  return { nfseXml: signed.slice(signed.indexOf("<Nfse "), signed.lastIndexOf("</CompNfse>")), verificationCode: code };
}

/** CompNfse in an answer (default namespace in scope): the NFS-e and, once cancelled or replaced, its cancellation. */
export function compNfse(row: { nfseXml: string; cancellationXml: string | null; replacedBy: number | null }): string {
  const substitution = row.replacedBy
    ? `<NfseSubstituicao versao="${ABRASF_VERSION}"><SubstituicaoNfse Id="SUBST${row.replacedBy}">${el("NfseSubstituidora", String(row.replacedBy))}</SubstituicaoNfse></NfseSubstituicao>`
    : "";
  return `<CompNfse>${row.nfseXml}${row.cancellationXml ?? ""}${substitution}</CompNfse>`;
}
