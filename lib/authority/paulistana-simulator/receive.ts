import { escapeXml } from "@/lib/fiscal/xml/xml-text";
import { checkPaulistanaSchema, PAULISTANA_NS, PAULISTANA_SCHEMAS, paulistanaServiceCode, rpsSignatureString, cancellationSignatureString, verifyAscii, type PaulistanaTaxation } from "@/lib/fiscal/nfse-paulistana";
import { verifyWholeDocumentSignature } from "@/lib/fiscal/xml/xml-signature";
import { findByNumber, findByRps, markCancelled, recordNfse, type RpsKey } from "../abrasf-simulator/store";
import type { PaulistanaOperation } from "../nfse-providers";
import { certificateCnpj, sameCnpjRoot } from "../simulator/certificate-cnpj";
import { localTime, schemaDetail, type SimulatorContext } from "../simulator/context";
import { buildCityNfe, cancelledNfe, verificationCode } from "./build-nfe";
import { cClassTribKnown } from "./reform-values";
import { PAULISTANA_REFUSALS, type PaulistanaRefusal } from "./messages";

// São Paulo's LoteNFe, simulated: each request goes through the checks in the city's order
// (message present, schema, the XML-DSig of the whole message and its certificate, then the
// per-RPS or per-cancellation string signature, then the business rules). State is kept in
// SimulatorAbrasfNfse (municipality 3550308, provider = the sender's CNPJ, rpsType = the
// provider's CCM, so the RPS key is CCM + series + number as the city's ChaveRPS).

const MUNICIPALITY = "3550308";
const ROOT: Record<PaulistanaOperation, { request: keyof typeof PAULISTANA_SCHEMAS; answer: string }> = {
  EnvioRPS: { request: "PedidoEnvioRPS", answer: "RetornoEnvioRPS" },
  ConsultaNFe: { request: "PedidoConsultaNFe", answer: "RetornoConsulta" },
  CancelamentoNFe: { request: "PedidoCancelamentoNFe", answer: "RetornoCancelamentoNFe" },
};

const field = (xml: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? null;
const section = (xml: string, tag: string) => new RegExp(`<${tag}\\b[^>]*>[\\s\\S]*?</${tag}>`).exec(xml)?.[0] ?? null;

function answer(operation: PaulistanaOperation, success: boolean, body: string, version: 1 | 2 = 1): string {
  const root = ROOT[operation].answer;
  return `<?xml version="1.0" encoding="UTF-8"?><${root} xmlns="${PAULISTANA_NS}"><Cabecalho xmlns="" Versao="${version}"><Sucesso>${success}</Sucesso></Cabecalho>${body}</${root}>`;
}

function refuse(operation: PaulistanaOperation, refusal: PaulistanaRefusal, detail = "", key = "", version: 1 | 2 = 1): string {
  const description = `${refusal.description}${detail ? ` ${detail}` : ""}`.slice(0, 300);
  return answer(operation, false, `<Erro xmlns=""><Codigo>${refusal.code}</Codigo><Descricao>${escapeXml(description)}</Descricao>${key}</Erro>`, version);
}

/** The message's layout (Cabecalho Versao). */
function versionOf(message: string): 1 | 2 {
  return /<Cabecalho\b[^>]*\bVersao="2"/.test(message) ? 2 : 1;
}

/**
 * What layout 2 makes required in the RPS (tpRPS of TiposNFe_v02.xsd), checked by hand while the
 * v02 schema files are not installed: no ValorServicos, one of ValorInicialCobrado /
 * ValorFinalCobrado, ValorIPI, ExigibilidadeSuspensa, PagamentoParceladoAntecipado, NBS,
 * cLocPrestacao or cPaisPrestacao, and the IBSCBS group with its cClassTrib.
 */
function layout2Problem(rps: string): string | null {
  if (field(rps, "ValorServicos") !== null) return "Elemento ValorServicos não esperado (leiaute 2).";
  if (field(rps, "ValorInicialCobrado") === null && field(rps, "ValorFinalCobrado") === null) return "Falta ValorInicialCobrado ou ValorFinalCobrado.";
  for (const tag of ["ValorIPI", "ExigibilidadeSuspensa", "PagamentoParceladoAntecipado", "NBS"]) if (field(rps, tag) === null) return `Falta ${tag}.`;
  if (field(rps, "cLocPrestacao") === null && field(rps, "cPaisPrestacao") === null) return "Falta cLocPrestacao ou cPaisPrestacao.";
  const ibsCbs = section(rps, "IBSCBS");
  if (!ibsCbs) return "Falta o grupo IBSCBS.";
  for (const tag of ["finNFSe", "indFinal", "cIndOp", "indDest", "cClassTrib"]) if (field(ibsCbs, tag) === null) return `Falta ${tag} no grupo IBSCBS.`;
  return null;
}

/** The sender (Cabecalho/CPFCNPJRemetente) and the certificate of the message's XML-DSig: null when both hold. */
function signatureProblem(message: string): string | null {
  const check = verifyWholeDocumentSignature(message);
  if (!check.valid) return check.reason;
  const sender = field(section(message, "Cabecalho") ?? "", "CNPJ") ?? field(section(message, "Cabecalho") ?? "", "CPF");
  const signer = certificateCnpj(check.certificatePem);
  if (!signer || !sender || !sameCnpjRoot(signer, sender)) return `O certificado da assinatura (${signer ?? "sem CNPJ"}) não é do remetente ${sender ?? ""}.`;
  return null;
}

function certificateOf(message: string): string {
  const check = verifyWholeDocumentSignature(message);
  return check.valid ? check.certificatePem : "";
}

function rpsKeyOf(sender: string, chaveRps: string): RpsKey {
  return { municipalityCode: MUNICIPALITY, providerCnpj: sender, rpsSeries: field(chaveRps, "SerieRPS") ?? "", rpsNumber: String(Number(field(chaveRps, "NumeroRPS"))), rpsType: field(chaveRps, "InscricaoPrestador") ?? "" };
}

function chaveNfe(row: { rpsType: string; nfseNumber: number; verificationCode: string }): string {
  return `<ChaveNFe><InscricaoPrestador>${row.rpsType}</InscricaoPrestador><NumeroNFe>${row.nfseNumber}</NumeroNFe><CodigoVerificacao>${row.verificationCode}</CodigoVerificacao></ChaveNFe>`;
}

async function envioRps(context: SimulatorContext, message: string, sender: string): Promise<string> {
  const rps = section(message, "RPS")!;
  const chave = section(rps, "ChaveRPS")!;
  const taker = section(rps, "CPFCNPJTomador") ?? "";
  const version = versionOf(message);
  if (version === 2) {
    const problem = layout2Problem(rps);
    if (problem) return refuse("EnvioRPS", PAULISTANA_REFUSALS.schema, problem, "", 2);
  }
  // Layout 2 signs ValorInicialCobrado (or ValorFinalCobrado) in the services value's place, the CCM on 12 positions.
  const services = version === 2 ? (field(rps, "ValorInicialCobrado") ?? field(rps, "ValorFinalCobrado")!) : field(rps, "ValorServicos")!;
  const expected = rpsSignatureString({
    key: { ccm: field(chave, "InscricaoPrestador")!, series: field(chave, "SerieRPS") ?? "", number: Number(field(chave, "NumeroRPS")) },
    issueDate: field(rps, "DataEmissao")!,
    taxation: field(rps, "TributacaoRPS") as PaulistanaTaxation,
    status: field(rps, "StatusRPS") as "N" | "C",
    issRetained: field(rps, "ISSRetido") === "true",
    values: { services, deductions: field(rps, "ValorDeducoes")! },
    serviceCode: field(rps, "CodigoServico")!,
    taker: { cpf: field(taker, "CPF"), cnpj: field(taker, "CNPJ") },
  }, version);
  if (!verifyAscii(expected, field(rps, "Assinatura") ?? "", certificateOf(message))) {
    return refuse("EnvioRPS", PAULISTANA_REFUSALS.rpsSignature, `- String verificada (${expected})`, chave, version);
  }
  if (!paulistanaServiceCode(field(rps, "CodigoServico")!)) return refuse("EnvioRPS", PAULISTANA_REFUSALS.unknownServiceCode, `(${field(rps, "CodigoServico")})`, chave, version);
  if (version === 2 && !cClassTribKnown(field(rps, "cClassTrib")!)) return refuse("EnvioRPS", PAULISTANA_REFUSALS.unknownClassification, `(${field(rps, "cClassTrib")})`, chave, 2);
  const key = rpsKeyOf(sender, chave);
  const issuedAt = localTime(context.now(), "35");
  const recorded = await recordNfse(context.db, {
    ...key,
    build: (nfeNumber) => {
      const code = verificationCode();
      return { verificationCode: code, nfseXml: buildCityNfe({ rps, senderCnpj: sender, nfeNumber, code, issuedAt }) };
    },
  });
  if (recorded.kind === "duplicate") {
    const existing = await findByRps(context.db, key);
    return refuse("EnvioRPS", PAULISTANA_REFUSALS.rpsAlreadyConverted, existing ? `NFS-e ${existing.nfseNumber}${existing.status === "AUTHORIZED" ? "" : " (cancelada)"}.` : "", existing ? chaveNfe(existing) : chave, version);
  }
  return answer("EnvioRPS", true, `<ChaveNFeRPS xmlns="">${chaveNfe(recorded.row)}${chave}</ChaveNFeRPS>`, version);
}

async function consultaNfe(context: SimulatorContext, message: string, sender: string): Promise<string> {
  const detail = section(message, "Detalhe")!;
  const byRps = section(detail, "ChaveRPS");
  const byNfe = section(detail, "ChaveNFe");
  const row = byRps
    ? await findByRps(context.db, rpsKeyOf(sender, byRps))
    : await findByNumber(context.db, MUNICIPALITY, sender, Number(field(byNfe ?? "", "NumeroNFe")));
  if (!row || (byNfe && row.rpsType !== field(byNfe, "InscricaoPrestador"))) return answer("ConsultaNFe", true, "");
  const nfe = row.status === "AUTHORIZED" ? row.nfseXml : cancelledNfe(row.nfseXml, localTime(row.cancelledAt ?? context.now(), "35"));
  return answer("ConsultaNFe", true, nfe, versionOf(message));
}

async function cancelamentoNfe(context: SimulatorContext, message: string, sender: string): Promise<string> {
  const detail = section(message, "Detalhe")!;
  const key = section(detail, "ChaveNFe")!;
  const ccm = field(key, "InscricaoPrestador")!;
  const number = field(key, "NumeroNFe")!;
  if (!verifyAscii(cancellationSignatureString({ ccm, number }), field(detail, "AssinaturaCancelamento") ?? "", certificateOf(message))) {
    return refuse("CancelamentoNFe", PAULISTANA_REFUSALS.cancellationSignature, "", key);
  }
  const row = await findByNumber(context.db, MUNICIPALITY, sender, Number(number));
  if (!row || row.rpsType !== ccm) return refuse("CancelamentoNFe", PAULISTANA_REFUSALS.nfeNotFound, "", key);
  const now = context.now();
  if (row.status !== "AUTHORIZED" || !(await markCancelled(context.db, row.id, `<DataCancelamento>${localTime(now, "35")}</DataCancelamento>`, now))) {
    return refuse("CancelamentoNFe", PAULISTANA_REFUSALS.alreadyCancelled, "", key);
  }
  return answer("CancelamentoNFe", true, "");
}

/** One LoteNFe request (the MensagemXML of the SOAP body): the Retorno document. */
export async function answerPaulistana(context: SimulatorContext, operation: PaulistanaOperation, message: string | null): Promise<string> {
  if (!message) return refuse(operation, PAULISTANA_REFUSALS.emptyMessage);
  const root = /^(?:\s*<\?[^>]*\?>)?\s*<(?:[\w.-]+:)?([\w.-]+)[\s>]/.exec(message)?.[1];
  const expected = ROOT[operation].request;
  if (root !== expected) return refuse(operation, PAULISTANA_REFUSALS.schema, `Esperado ${expected}.`);
  // Without the city's schema files (lib/fiscal/nfse-paulistana/schemas.ts) this step is skipped.
  const schema = checkPaulistanaSchema(message, expected, versionOf(message));
  if (schema && !schema.valid) return refuse(operation, PAULISTANA_REFUSALS.schema, schemaDetail(schema.errors));
  const problem = signatureProblem(message);
  if (problem) return refuse(operation, PAULISTANA_REFUSALS.xmlSignature, problem.slice(0, 200));
  const sender = field(section(message, "Cabecalho")!, "CNPJ") ?? field(section(message, "Cabecalho")!, "CPF")!;
  switch (operation) {
    case "EnvioRPS":
      return envioRps(context, message, sender);
    case "ConsultaNFe":
      return consultaNfe(context, message, sender);
    case "CancelamentoNFe":
      return cancelamentoNfe(context, message, sender);
  }
}
