import { randomInt } from "node:crypto";
import { ABRASF_NS } from "@/lib/fiscal/nfse-abrasf";
import { verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { el, group } from "@/lib/fiscal/xml/xml-text";
import type { AbrasfOperation } from "../abrasf-soap";
import type { AbrasfProvider } from "../nfse-providers";
import { isUniqueViolation, localTime, type SimulatorContext } from "../simulator/context";
import { compNfse } from "./build-nfse";
import { ABRASF_REFUSALS, type AbrasfRefusal } from "./messages";
import { checkSignatures, envelopeProblem, issue, providerCnpjOf, refuse, rpsKey, rpsProblem, signatureProblem, wrap } from "./receive";
import { findByRps } from "./store";

// The lots of RPS of an ABRASF 2.04 city (issue 57, item 2): RecepcionarLoteRps answers
// NumeroLote, DataRecebimento and Protocolo, and the NFS-e come with ConsultarLoteRps by that
// protocol (tsSituacaoLoteRps: 1 não recebido, 2 não processado, 3 processado com erro, 4 com
// sucesso); RecepcionarLoteRpsSincrono answers the NFS-e at once. The simulator processes a lot
// on receipt, all or nothing as city systems do: one refused RPS (E52, E10, also a repeated RPS
// inside the lot) makes the lot "processado com erro" with a ListaMensagemRetornoLote naming each
// refused RPS, and no NFS-e. A lot number the provider already sent is refused (E500, "Número de
// Lote já informado em outras remessas", as a city answered it in a public Ruby NFS-e client's
// recorded tests). Signatures: LoteRps, and each RPS's own (Reference "#Id" profile); with the
// whole-document profile the lot's one signature.

const HOMOLOGATION = 2;
const text = (xml: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? null;

const LOT_NUMBER_REPEATED: AbrasfRefusal = { code: "E500", message: "Número de Lote já informado em outras remessas", correction: "Informe um número de lote ainda não utilizado." };

/** The content of each outer Rps of ListaRps (what GerarNfse's outerRps gives for one). */
function rpsOfLot(dados: string): string[] {
  const list = /<ListaRps>([\s\S]*)<\/ListaRps>/.exec(dados)?.[1] ?? "";
  return list.split(/(?=<Rps><InfDeclaracaoPrestacaoServico\b)/).filter((part) => part.startsWith("<Rps>")).map((part) => part.replace(/^<Rps>/, "").replace(/<\/Rps>$/, ""));
}

/** Each RPS's own signature, checked in a document of its own with the lot's default namespace (what its C14N saw). */
function rpsSignatureProblem(provider: AbrasfProvider, rps: string[], providerCnpj: string | null): string | null {
  // The whole-document profile: the lot's one signature covers the RPS (checkSignatures verified it).
  if (provider.signature.referenceUri === "empty") return null;
  for (const [index, content] of rps.entries()) {
    const problem = signatureProblem(verifyXmlSignature(`<EnviarLoteRpsEnvio xmlns="${ABRASF_NS}"><Rps>${content}</Rps></EnviarLoteRpsEnvio>`, "InfDeclaracaoPrestacaoServico"), providerCnpj);
    if (problem) return `RPS ${index + 1}: ${problem}`;
  }
  return null;
}

function identification(content: string): string {
  return /<IdentificacaoRps>[\s\S]*?<\/IdentificacaoRps>/.exec(content)?.[0] ?? "";
}

function lotMessage(content: string, refusal: AbrasfRefusal): string {
  return group("MensagemRetorno", identification(content) + el("Codigo", refusal.code) + el("Mensagem", refusal.message.slice(0, 200)));
}

/** Processes the lot's RPS: ListaNfse (situation 4) or ListaMensagemRetornoLote (3). */
async function processLot(context: SimulatorContext, provider: AbrasfProvider, cnpj: string, rps: string[]): Promise<{ situation: "3" | "4"; resultXml: string }> {
  const refusals: string[] = [];
  const seen = new Set<string>();
  for (const content of rps) {
    const key = rpsKey(provider, content, cnpj);
    const id = `${key.rpsSeries}|${key.rpsNumber}|${key.rpsType}`;
    const rule = rpsProblem(content) ?? (seen.has(id) || (await findByRps(context.db, key)) ? ABRASF_REFUSALS.duplicateRps : null);
    seen.add(id);
    if (rule) refusals.push(lotMessage(content, rule));
  }
  if (refusals.length > 0) return { situation: "3", resultXml: group("ListaMensagemRetornoLote", refusals.join("")) };
  const issued: string[] = [];
  for (const content of rps) {
    const recorded = await issue(context, provider, content);
    // Another call issued this RPS meanwhile: the lot is processed with that error for it.
    if (recorded.kind === "duplicate") return { situation: "3", resultXml: group("ListaMensagemRetornoLote", lotMessage(content, ABRASF_REFUSALS.duplicateRps)) };
    issued.push(compNfse(recorded.row));
  }
  return { situation: "4", resultXml: group("ListaNfse", issued.join("")) };
}

/** RecepcionarLoteRps and RecepcionarLoteRpsSincrono. */
export async function answerLot(context: SimulatorContext, provider: AbrasfProvider, operation: AbrasfOperation, dados: string) {
  const problem = checkSignatures(provider, dados, ["LoteRps"]);
  const lotXml = /<LoteRps\b[\s\S]*<\/LoteRps>/.exec(dados)?.[0] ?? "";
  const prestador = /<Prestador>[\s\S]*?<\/Prestador>/.exec(lotXml)?.[0] ?? "";
  const cnpj = providerCnpjOf(prestador) ?? "";
  const rps = rpsOfLot(lotXml);
  const rpsProblemFound = problem ? null : rpsSignatureProblem(provider, rps, cnpj);
  if (problem || rpsProblemFound) return refuse(operation, ABRASF_REFUSALS.signature, (problem ?? rpsProblemFound)!.slice(0, 150));
  const lotNumber = text(lotXml, "NumeroLote") ?? "";
  const key = { environment: HOMOLOGATION, municipalityCode: provider.municipalityCode, providerCnpj: cnpj, lotNumber };
  if (await context.db.simulatorAbrasfLot.findUnique({ where: { environment_municipalityCode_providerCnpj_lotNumber: key } })) return refuse(operation, LOT_NUMBER_REPEATED);

  const result = await processLot(context, provider, cnpj, rps);
  const protocol = `${Date.now()}${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
  try {
    await context.db.simulatorAbrasfLot.create({ data: { ...key, protocol, ...result } });
  } catch (error) {
    if (isUniqueViolation(error)) return refuse(operation, LOT_NUMBER_REPEATED);
    throw error;
  }
  const receipt = el("NumeroLote", lotNumber) + el("DataRecebimento", localTime(context.now(), provider.municipalityCode.slice(0, 2))) + el("Protocolo", protocol);
  return wrap(operation, operation === "RecepcionarLoteRpsSincrono" ? receipt + result.resultXml : receipt);
}

/** ConsultarLoteRps: the situation of the provider's lot by protocol; 1 (não recebido) for a protocol the city does not know. */
export async function consultLot(context: SimulatorContext, provider: AbrasfProvider, dados: string) {
  const cnpj = providerCnpjOf(dados) ?? "";
  const lot = await context.db.simulatorAbrasfLot.findUnique({ where: { protocol: text(dados, "Protocolo") ?? "" } });
  if (!lot || lot.municipalityCode !== provider.municipalityCode || lot.providerCnpj !== cnpj) return wrap("ConsultarLoteRps", el("Situacao", "1"));
  return wrap("ConsultarLoteRps", el("Situacao", lot.situation) + lot.resultXml);
}

export const LOT_OPERATIONS: ReadonlySet<AbrasfOperation> = new Set<AbrasfOperation>(["RecepcionarLoteRps", "RecepcionarLoteRpsSincrono", "ConsultarLoteRps"]);

/** One lot request of a city's web service, through the same cabeçalho and schema checks as the others. */
export async function answerAbrasfLot(context: SimulatorContext, provider: AbrasfProvider, operation: AbrasfOperation, cabecalho: string | null, dados: string) {
  const problem = envelopeProblem(operation, cabecalho, dados);
  if (problem) return problem;
  return operation === "ConsultarLoteRps" ? consultLot(context, provider, dados) : answerLot(context, provider, operation, dados);
}
