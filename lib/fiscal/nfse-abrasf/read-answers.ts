import { ABRASF_NS } from "./types";

// Reading the ABRASF 2.04 answers (GerarNfseResposta, ConsultarNfseRpsResposta,
// CancelarNfseResposta, SubstituirNfseResposta): either a CompNfse or a
// ListaMensagemRetorno of {Codigo, Mensagem, Correcao}. Read with targeted
// patterns (namespace prefixes tolerated: several city systems answer with "ns2:").

export type AbrasfMessage = { code: string; message: string; correction: string | null };

export type AbrasfNfseSummary = {
  number: string;
  verificationCode: string;
  issuedAt: string;
  rps: { number: string; series: string; type: string } | null;
  values: { baseCalculo: string | null; aliquota: string | null; valorIss: string | null; valorLiquido: string | null };
  cancelled: boolean;
  substitutedBy: string | null;
};

const P = "(?:[\\w.-]+:)?";

function text(xml: string, tag: string): string | null {
  return new RegExp(`<${P}${tag}>([^<]*)</${P}${tag}>`).exec(xml)?.[1] ?? null;
}

function block(xml: string, tag: string): string | null {
  return new RegExp(`<${P}${tag}\\b[^>]*>([\\s\\S]*?)</${P}${tag}>`).exec(xml)?.[1] ?? null;
}

function unescapeXml(value: string): string {
  return value.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");
}

/** The city's refusal messages (ListaMensagemRetorno / ListaMensagemRetornoLote), in order. */
export function readAbrasfMessages(xml: string): AbrasfMessage[] {
  const list = block(xml, "ListaMensagemRetorno") ?? block(xml, "ListaMensagemRetornoLote");
  if (list === null) return [];
  const entries = list.match(new RegExp(`<${P}MensagemRetorno\\b[^>]*>[\\s\\S]*?</${P}MensagemRetorno>`, "g")) ?? [];
  return entries.map((entry) => ({ code: text(entry, "Codigo") ?? "", message: unescapeXml(text(entry, "Mensagem") ?? ""), correction: text(entry, "Correcao") }));
}

/** The first CompNfse of an answer, as written (what we store as the document's authorized XML). */
export function compNfseOf(xml: string): string | null {
  const match = new RegExp(`<${P}CompNfse\\b[\\s\\S]*?</${P}CompNfse>`).exec(xml);
  if (!match) return null;
  // Cut out of an answer in the default namespace, it carries that declaration itself (the signed InfNfse canonicalises the same).
  return /^<CompNfse[\s>]/.test(match[0]) && !/^<CompNfse\b[^>]*\sxmlns=/.test(match[0]) ? match[0].replace(/^<CompNfse/, `<CompNfse xmlns="${ABRASF_NS}"`) : match[0];
}

export function readAbrasfNfse(compNfse: string): AbrasfNfseSummary | null {
  const inf = block(compNfse, "InfNfse");
  if (inf === null) return null;
  const own = inf.slice(0, Math.max(0, inf.search(new RegExp(`<${P}DeclaracaoPrestacaoServico\\b`))) || undefined);
  const number = text(own, "Numero");
  if (!number) return null;
  const values = block(own, "ValoresNfse") ?? "";
  const identification = block(inf, "IdentificacaoRps");
  return {
    number,
    verificationCode: text(own, "CodigoVerificacao") ?? "",
    issuedAt: text(own, "DataEmissao") ?? "",
    rps: identification ? { number: text(identification, "Numero") ?? "", series: text(identification, "Serie") ?? "", type: text(identification, "Tipo") ?? "" } : null,
    values: { baseCalculo: text(values, "BaseCalculo"), aliquota: text(values, "Aliquota"), valorIss: text(values, "ValorIss"), valorLiquido: text(values, "ValorLiquidoNfse") },
    cancelled: new RegExp(`<${P}NfseCancelamento\\b`).test(compNfse),
    substitutedBy: text(block(compNfse, "NfseSubstituicao") ?? "", "NfseSubstituidora"),
  };
}

/** The cancellation's confirmation (RetCancelamento/NfseCancelamento/Confirmacao/DataHora). */
export function readAbrasfCancellation(xml: string): { confirmedAt: string } | null {
  const confirmation = block(xml, "Confirmacao");
  if (confirmation === null) return null;
  return { confirmedAt: text(confirmation, "DataHora") ?? "" };
}

/** EnviarLoteRpsResposta (and the synchronous one's head): the lot's receipt. */
export function readAbrasfLotReceipt(xml: string): { lotNumber: string; receivedAt: string; protocol: string } | null {
  const protocol = text(xml, "Protocolo");
  if (!protocol) return null;
  return { lotNumber: text(xml, "NumeroLote") ?? "", receivedAt: text(xml, "DataRecebimento") ?? "", protocol };
}

/** Every CompNfse of a ListaNfse, as written (each with the ABRASF namespace, as compNfseOf gives one). */
export function compNfsesOf(xml: string): string[] {
  const list = block(xml, "ListaNfse") ?? "";
  const entries = list.match(new RegExp(`<${P}CompNfse\\b[\\s\\S]*?</${P}CompNfse>`, "g")) ?? [];
  return entries.map((entry) => compNfseOf(entry)!);
}

/** tsSituacaoLoteRps: 1 não recebido, 2 não processado, 3 processado com erro, 4 processado com sucesso. */
export type AbrasfLotSituation = "1" | "2" | "3" | "4";

/** ConsultarLoteRpsResposta: the situation, the NFS-e of a processed lot, or its messages (per RPS in ListaMensagemRetornoLote). */
export function readAbrasfLotSituation(xml: string): { situation: AbrasfLotSituation; compNfses: string[]; messages: AbrasfMessage[] } | null {
  const situation = text(xml, "Situacao");
  if (!situation || !/^[1-4]$/.test(situation)) return null;
  return { situation: situation as AbrasfLotSituation, compNfses: compNfsesOf(xml), messages: readAbrasfMessages(xml) };
}
