import { randomBytes } from "node:crypto";
import { el, group } from "@/lib/fiscal/xml/xml-text";
import { complementaryIbsCbs } from "./reform-values";

// The NFS-e (tpNFe of TiposNFe_v01.xsd) the city makes of a received RPS: its number and
// 8-character verification code, the ISS it computes (base = services − deductions, at the
// RPS's rate when the service is taxed in São Paulo, "T"; nothing due to the city for the
// other TributacaoRPS), the provider from its register (the simulator has none: a name of
// the CCM), the RPS's own fields as received.

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function verificationCode(): string {
  return [...randomBytes(8)].map((b) => ALPHABET[b % ALPHABET.length]).join("");
}

const cents = (value: string) => {
  const [units, fraction = ""] = value.split(".");
  return BigInt(units || "0") * 100n + BigInt((fraction + "00").slice(0, 2));
};
const money = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, "0")}`;

/** ISS in cents: base × aliquota (a fraction of up to 4 decimals), rounded half up. */
export function issOf(services: string, deductions: string, aliquota: string, taxation: string): bigint {
  if (taxation !== "T") return 0n;
  const base = cents(services) - cents(deductions);
  const [units, fraction = ""] = aliquota.split(".");
  const basisPoints = BigInt(units || "0") * 10000n + BigInt((fraction + "0000").slice(0, 4));
  return (base * basisPoints + 5000n) / 10000n;
}

const field = (rps: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(rps)?.[1] ?? null;
const section = (rps: string, tag: string) => new RegExp(`<${tag}>[\\s\\S]*?</${tag}>`).exec(rps)?.[0] ?? "";

/** The NFe element (unqualified, as inside RetornoConsulta) for the RPS body received. */
export function buildCityNfe(input: { rps: string; senderCnpj: string; nfeNumber: number; code: string; issuedAt: string }): string {
  const { rps } = input;
  const ccm = field(section(rps, "ChaveRPS"), "InscricaoPrestador")!;
  const taxation = field(rps, "TributacaoRPS")!;
  // Layout 2: the value is ValorInicialCobrado (before taxes; ValorFinalCobrado is taken as is).
  const layout2 = field(rps, "ValorServicos") === null;
  const services = layout2 ? (field(rps, "ValorInicialCobrado") ?? field(rps, "ValorFinalCobrado")!) : field(rps, "ValorServicos")!;
  const deductions = field(rps, "ValorDeducoes") ?? "0.00";
  const aliquota = field(rps, "AliquotaServicos")!;
  const iss = issOf(services, deductions, aliquota, taxation);
  const copy = (tag: string) => section(rps, tag) || "";
  const optional = (tag: string) => {
    const value = field(rps, tag);
    return value === null ? "" : el(tag, value);
  };
  const body =
    group("ChaveNFe", el("InscricaoPrestador", ccm) + el("NumeroNFe", String(input.nfeNumber)) + el("CodigoVerificacao", input.code)) +
    el("DataEmissaoNFe", input.issuedAt) +
    copy("ChaveRPS") + el("TipoRPS", field(rps, "TipoRPS")!) + el("DataEmissaoRPS", field(rps, "DataEmissao")!) +
    group("CPFCNPJPrestador", el("CNPJ", input.senderCnpj)) + el("RazaoSocialPrestador", `Prestador CCM ${ccm}`) +
    group("EnderecoPrestador", el("Cidade", "3550308") + el("UF", "SP")) +
    el("StatusNFe", "N") + el("TributacaoNFe", taxation) + el("OpcaoSimples", "0") +
    el("ValorServicos", services) + el("ValorDeducoes", deductions) +
    optional("ValorPIS") + optional("ValorCOFINS") + optional("ValorINSS") + optional("ValorIR") + optional("ValorCSLL") +
    el("CodigoServico", field(rps, "CodigoServico")!) + el("AliquotaServicos", aliquota) + el("ValorISS", money(iss)) + el("ValorCredito", "0.00") +
    el("ISSRetido", field(rps, "ISSRetido")!) +
    copy("CPFCNPJTomador") + optional("InscricaoMunicipalTomador") + optional("RazaoSocialTomador") + copy("EnderecoTomador") + optional("EmailTomador") +
    copy("Discriminacao") + optional("MunicipioPrestacao") +
    (layout2 ? layout2Tail(rps, services, deductions) : "");
  return `<NFe xmlns="">${body}</NFe>`;
}

/** tpNFe v02's reform fields, in schema order: the RPS's declaration and what the city computed of it. */
function layout2Tail(rps: string, services: string, deductions: string): string {
  const copy = (tag: string) => {
    const value = field(rps, tag);
    return value === null ? "" : el(tag, value);
  };
  const ibsCbs = section(rps, "IBSCBS");
  return (
    copy("ValorInicialCobrado") + copy("ValorFinalCobrado") + copy("ValorIPI") + copy("ExigibilidadeSuspensa") + copy("PagamentoParceladoAntecipado") +
    copy("NBS") + copy("cLocPrestacao") + copy("cPaisPrestacao") + ibsCbs +
    complementaryIbsCbs({ cClassTrib: field(ibsCbs, "cClassTrib") ?? "", initialValue: services, deductions, issueDate: field(rps, "DataEmissao")! })
  );
}

/** The stored NFe as consulted after a cancellation: StatusNFe C and DataCancelamento. */
export function cancelledNfe(nfe: string, cancelledAt: string): string {
  return nfe.replace("<StatusNFe>N</StatusNFe>", `<StatusNFe>C</StatusNFe><DataCancelamento>${cancelledAt}</DataCancelamento>`);
}
