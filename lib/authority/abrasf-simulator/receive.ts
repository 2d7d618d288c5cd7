import { ABRASF_NS, ABRASF_SCHEMA, ABRASF_VERSION } from "@/lib/fiscal/nfse-abrasf";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyWholeDocumentSignature, verifyXmlSignature, type SignatureCheck } from "@/lib/fiscal/xml/xml-signature";
import type { AbrasfOperation } from "../abrasf-soap";
import type { AbrasfProvider } from "../nfse-providers";
import { certificateCnpj, sameCnpjRoot } from "../simulator/certificate-cnpj";
import { localTime, schemaDetail, type SimulatorContext } from "../simulator/context";
import { buildCityNfse, compNfse } from "./build-nfse";
import { ABRASF_REFUSALS, messageList, type AbrasfRefusal } from "./messages";
import { findByNumber, findByRps, markCancelled, recordNfse } from "./store";

// What an ABRASF 2.04 city system does with each request, in the order city
// systems check (a city's GerarNfse handler: cabeçalho E183, schema E160,
// signature E172, then the business rules): GerarNfse, ConsultarNfsePorRps,
// CancelarNfse and SubstituirNfse. The signature is checked as the city's row
// in the provider table says (Reference "#Id" on the element, or the whole
// document), and its certificate must be the provider's (CNPJ root). The lots
// (RecepcionarLoteRps, its synchronous twin, ConsultarLoteRps) are in lots.ts,
// which builds on these checks.

const ENVELOPE_ROOT: Record<AbrasfOperation, { request: string; answer: string }> = {
  GerarNfse: { request: "GerarNfseEnvio", answer: "GerarNfseResposta" },
  ConsultarNfsePorRps: { request: "ConsultarNfseRpsEnvio", answer: "ConsultarNfseRpsResposta" },
  CancelarNfse: { request: "CancelarNfseEnvio", answer: "CancelarNfseResposta" },
  SubstituirNfse: { request: "SubstituirNfseEnvio", answer: "SubstituirNfseResposta" },
  RecepcionarLoteRps: { request: "EnviarLoteRpsEnvio", answer: "EnviarLoteRpsResposta" },
  RecepcionarLoteRpsSincrono: { request: "EnviarLoteRpsSincronoEnvio", answer: "EnviarLoteRpsSincronoResposta" },
  ConsultarLoteRps: { request: "ConsultarLoteRpsEnvio", answer: "ConsultarLoteRpsResposta" },
};

type Answer = { answerXml: string };

const text = (xml: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? null;
const section = (xml: string, tag: string) => new RegExp(`<${tag}\\b[^>]*>[\\s\\S]*?</${tag}>`).exec(xml)?.[0] ?? null;
const inner = (xml: string, tag: string) => new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`).exec(xml)?.[1] ?? null;
/** The outer Rps (tcDeclaracaoPrestacaoServico) of GerarNfseEnvio or SubstituicaoNfse: InfDeclaracaoPrestacaoServico holds an Rps of its own, so the last </Rps> closes it. */
const outerRps = (xml: string) => /<Rps>([\s\S]*)<\/Rps>/.exec(xml)?.[1] ?? null;

export function wrap(operation: AbrasfOperation, body: string): Answer {
  return { answerXml: `<?xml version="1.0" encoding="UTF-8"?><${ENVELOPE_ROOT[operation].answer} xmlns="${ABRASF_NS}">${body}</${ENVELOPE_ROOT[operation].answer}>` };
}

export function refuse(operation: AbrasfOperation, refusal: AbrasfRefusal, detail?: string): Answer {
  return wrap(operation, messageList(refusal, detail));
}

/** The provider's CNPJ of a request (Prestador or IdentificacaoNfse). */
export function providerCnpjOf(xml: string): string | null {
  return /<(?:Prestador|IdentificacaoNfse)>(?:<Numero>[^<]*<\/Numero>)?<CpfCnpj><(?:Cnpj|Cpf)>([^<]+)</.exec(xml)?.[1] ?? null;
}

export function signatureProblem(check: SignatureCheck, providerCnpj: string | null): string | null {
  if (!check.valid) return check.reason;
  const signer = certificateCnpj(check.certificatePem);
  if (!signer || !providerCnpj || !sameCnpjRoot(signer, providerCnpj)) return `O certificado da assinatura (${signer ?? "sem CNPJ"}) não é do prestador ${providerCnpj ?? ""}.`;
  return null;
}

/** Every signature the city asks on this message; the first problem found, if any. */
export function checkSignatures(provider: AbrasfProvider, xml: string, tags: Array<"InfDeclaracaoPrestacaoServico" | "InfPedidoCancelamento" | "SubstituicaoNfse" | "LoteRps">): string | null {
  const providerCnpj = providerCnpjOf(xml);
  if (provider.signature.referenceUri === "empty") return signatureProblem(verifyWholeDocumentSignature(xml), providerCnpj);
  for (const tag of tags) {
    const problem = signatureProblem(verifyXmlSignature(xml, tag), providerCnpj);
    if (problem) return `${tag}: ${problem}`;
  }
  return null;
}

/** The checks every request goes through: cabeçalho, root, schema. */
export function envelopeProblem(operation: AbrasfOperation, cabecalho: string | null, dados: string): Answer | null {
  if (!cabecalho || !checkXmlSchema(cabecalho, ABRASF_SCHEMA).valid || text(cabecalho, "versaoDados") !== ABRASF_VERSION) return refuse(operation, ABRASF_REFUSALS.header);
  const root = /^(?:\s*<\?[^>]*\?>)?\s*<([\w.-]+)[\s>]/.exec(dados)?.[1];
  if (root !== ENVELOPE_ROOT[operation].request) return refuse(operation, ABRASF_REFUSALS.schema, `Esperado ${ENVELOPE_ROOT[operation].request}.`);
  const schema = checkXmlSchema(dados, ABRASF_SCHEMA);
  if (!schema.valid) return refuse(operation, ABRASF_REFUSALS.schema, schemaDetail(schema.errors));
  return null;
}

export function rpsKey(provider: AbrasfProvider, rps: string, cnpj: string) {
  const identification = inner(rps, "IdentificacaoRps") ?? "";
  return { municipalityCode: provider.municipalityCode, providerCnpj: cnpj, rpsNumber: text(identification, "Numero") ?? "", rpsSeries: text(identification, "Serie") ?? "", rpsType: text(identification, "Tipo") ?? "" };
}

/** Business rules of a received RPS (the outer Rps element's content); null when it may become an NFS-e. */
export function rpsProblem(declaration: string): AbrasfRefusal | null {
  const provider = /<Prestador><CpfCnpj><(?:Cnpj|Cpf)>([^<]+)</.exec(declaration)?.[1];
  const taker = /<IdentificacaoTomador><CpfCnpj><(?:Cnpj|Cpf)>([^<]+)</.exec(declaration)?.[1];
  if (provider && taker && provider === taker) return ABRASF_REFUSALS.takerIsProvider;
  return null;
}

export async function issue(context: SimulatorContext, provider: AbrasfProvider, declaration: string, replacedNumber: number | null = null) {
  const cnpj = providerCnpjOf(declaration)!;
  const issuedAt = localTime(context.now(), provider.municipalityCode.slice(0, 2));
  return recordNfse(context.db, { ...rpsKey(provider, declaration, cnpj), build: (nfseNumber) => buildCityNfse({ provider, nfseNumber, issuedAt, declaration, replacedNumber }) });
}

async function gerarNfse(context: SimulatorContext, provider: AbrasfProvider, dados: string): Promise<Answer> {
  const problem = checkSignatures(provider, dados, ["InfDeclaracaoPrestacaoServico"]);
  if (problem) return refuse("GerarNfse", ABRASF_REFUSALS.signature, problem.slice(0, 150));
  const rps = outerRps(dados)!;
  const rule = rpsProblem(rps);
  if (rule) return refuse("GerarNfse", rule);
  const recorded = await issue(context, provider, rps);
  if (recorded.kind === "duplicate") return refuse("GerarNfse", ABRASF_REFUSALS.duplicateRps);
  return wrap("GerarNfse", `<ListaNfse>${compNfse(recorded.row)}</ListaNfse>`);
}

async function consultarNfsePorRps(context: SimulatorContext, provider: AbrasfProvider, dados: string): Promise<Answer> {
  const cnpj = providerCnpjOf(dados) ?? "";
  const found = await findByRps(context.db, rpsKey(provider, dados, cnpj));
  if (!found) return refuse("ConsultarNfsePorRps", ABRASF_REFUSALS.rpsWithoutNfse);
  return wrap("ConsultarNfsePorRps", compNfse(found));
}

/** The NFS-e a Pedido names, or why it cannot be cancelled (E78 unknown, E79 already cancelled or replaced). */
async function cancellable(context: SimulatorContext, provider: AbrasfProvider, pedido: string) {
  const number = Number(text(pedido, "Numero"));
  const cnpj = providerCnpjOf(pedido) ?? "";
  const found = text(pedido, "CodigoMunicipio") === provider.municipalityCode ? await findByNumber(context.db, provider.municipalityCode, cnpj, number) : null;
  if (!found) return { kind: "refused", refusal: ABRASF_REFUSALS.nfseNotFound } as const;
  if (found.status !== "AUTHORIZED") return { kind: "refused", refusal: ABRASF_REFUSALS.alreadyCancelled } as const;
  return { kind: "found", found } as const;
}

function cancellationOf(pedido: string, at: string): string {
  return `<NfseCancelamento versao="${ABRASF_VERSION}"><Confirmacao>${pedido}<DataHora>${at}</DataHora></Confirmacao></NfseCancelamento>`;
}

async function cancelarNfse(context: SimulatorContext, provider: AbrasfProvider, dados: string): Promise<Answer> {
  const problem = checkSignatures(provider, dados, ["InfPedidoCancelamento"]);
  if (problem) return refuse("CancelarNfse", ABRASF_REFUSALS.signature, problem.slice(0, 150));
  const pedido = section(dados, "Pedido")!;
  const target = await cancellable(context, provider, pedido);
  if (target.kind === "refused") return refuse("CancelarNfse", target.refusal);
  const now = context.now();
  const cancellation = cancellationOf(pedido, localTime(now, provider.municipalityCode.slice(0, 2)));
  if (!(await markCancelled(context.db, target.found.id, cancellation, now))) return refuse("CancelarNfse", ABRASF_REFUSALS.alreadyCancelled);
  return wrap("CancelarNfse", `<RetCancelamento>${cancellation}</RetCancelamento>`);
}

async function substituirNfse(context: SimulatorContext, provider: AbrasfProvider, dados: string): Promise<Answer> {
  const problem = checkSignatures(provider, dados, ["InfPedidoCancelamento", "InfDeclaracaoPrestacaoServico", "SubstituicaoNfse"]);
  if (problem) return refuse("SubstituirNfse", ABRASF_REFUSALS.signature, problem.slice(0, 150));
  const pedido = section(dados, "Pedido")!;
  const rps = outerRps(dados)!;
  // The NFS-e replaced must be the RPS's provider's: another's is not found "para o prestador" (E78).
  const rpsProvider = /<Prestador><CpfCnpj><(?:Cnpj|Cpf)>([^<]+)</.exec(rps)?.[1];
  if (rpsProvider !== providerCnpjOf(pedido)) return refuse("SubstituirNfse", ABRASF_REFUSALS.nfseNotFound, `(a NFS-e a substituir não é do prestador ${rpsProvider ?? ""} do RPS)`);
  const target = await cancellable(context, provider, pedido);
  if (target.kind === "refused") return refuse("SubstituirNfse", target.refusal);
  const rule = rpsProblem(rps);
  if (rule) return refuse("SubstituirNfse", rule);
  const recorded = await issue(context, provider, rps, target.found.nfseNumber);
  if (recorded.kind === "duplicate") return refuse("SubstituirNfse", ABRASF_REFUSALS.duplicateRps);
  const now = context.now();
  const cancellation = cancellationOf(pedido, localTime(now, provider.municipalityCode.slice(0, 2)));
  if (!(await markCancelled(context.db, target.found.id, cancellation, now, recorded.row.nfseNumber))) return refuse("SubstituirNfse", ABRASF_REFUSALS.alreadyCancelled);
  const replaced = { ...target.found, cancellationXml: cancellation, replacedBy: recorded.row.nfseNumber };
  return wrap("SubstituirNfse", `<RetSubstituicao><NfseSubstituida>${compNfse(replaced)}</NfseSubstituida><NfseSubstituidora>${compNfse(recorded.row)}</NfseSubstituidora></RetSubstituicao>`);
}

/** One request of a city's web service: the answer document (…Resposta). */
export async function answerAbrasf(context: SimulatorContext, provider: AbrasfProvider, operation: AbrasfOperation, cabecalho: string | null, dados: string): Promise<Answer> {
  const problem = envelopeProblem(operation, cabecalho, dados);
  if (problem) return problem;
  switch (operation) {
    case "GerarNfse":
      return gerarNfse(context, provider, dados);
    case "ConsultarNfsePorRps":
      return consultarNfsePorRps(context, provider, dados);
    case "CancelarNfse":
      return cancelarNfse(context, provider, dados);
    case "SubstituirNfse":
      return substituirNfse(context, provider, dados);
    default:
      // The lots (lots.ts) are answered by answerAbrasfLot, which the routes call for them.
      return refuse(operation, ABRASF_REFUSALS.schema, `Operação ${operation} não atendida aqui.`);
  }
}
