import { authorityHttpRequest } from "@/lib/authority/authority-http";
import { isTryLater } from "@/lib/authority/classify";
import { child, extractElement, readSoapAnswer, text, type XmlNode } from "@/lib/authority/soap-response";
import { describeHttpFailure } from "@/lib/authority/soap-transport";
import { mdfeEndpoint, type MdfeService } from "./endpoints";
import { compressedMdfe, consMDFeNaoEnc, consSitMDFe, consStatServMDFe, mdfeSoapEnvelope } from "./messages";
import type {
  ClientCertificate,
  CommunicationFailure,
  MdfeAuthority,
  MdfeAuthorizationResult,
  MdfeConsultationResult,
  MdfeEventResult,
  MdfeOpenResult,
  MdfeRegisteredEvent,
  MdfeSituation,
  MdfeStatusResult,
  MdfeTarget,
  Refused,
} from "./types";

// cStat of the MDF-e answers (MOC MDF-e 3.00a, Tabela de códigos de erros e descrições de mensagens):
// 100 autorizado o uso; 101 cancelamento homologado; 132 encerramento homologado (consultation);
// 135 evento registrado e vinculado; 107 serviço em operação; 217 MDF-e não consta na base;
// 111/112 consulta não encerrados com/sem MDF-e em aberto.
export const MDFE_CSTAT = {
  AUTHORIZED: "100",
  CANCELLED: "101",
  CLOSED: "132",
  EVENT_REGISTERED: "135",
  SERVICE_RUNNING: "107",
  NOT_FOUND: "217",
  OPEN_FOUND: "111",
  OPEN_NONE: "112",
} as const;

/** One SOAP exchange: the real HTTPS call with the A1, or the simulator in process. Never throws for network conditions. */
export type MdfeTransport = (call: { url: string; action: string; envelope: string; certificate: ClientCertificate; timeoutMs: number }) => Promise<
  { ok: true; body: string } | { ok: false; reason: string }
>;

export const httpsTransport: MdfeTransport = async (call) => {
  const response = await authorityHttpRequest({
    url: call.url,
    method: "POST",
    headers: { "Content-Type": `application/soap+xml; charset=utf-8; action="${call.action}"` },
    body: Buffer.from(call.envelope, "utf8"),
    certificate: call.certificate,
    timeoutMs: call.timeoutMs,
  });
  if (!response.ok) return response;
  if (response.status >= 200 && response.status < 300) return { ok: true, body: response.text };
  return { ok: false, reason: describeHttpFailure(response.status, response.text) };
};

type Exchange = { ok: true; message: XmlNode; responseXml: string } | { ok: false; failure: CommunicationFailure };

export class SoapMdfeAuthority implements MdfeAuthority {
  constructor(private readonly options: { timeoutMs: number; transport?: MdfeTransport }) {}

  async authorize(target: MdfeTarget, signedMdfeXml: string, certificate: ClientCertificate): Promise<MdfeAuthorizationResult> {
    const answer = await this.exchange(target, "MDFeRecepcaoSinc", compressedMdfe(signedMdfeXml), "retMDFe", certificate);
    if (!answer.ok) return answer.failure;
    const top = text(answer.message, "cStat");
    const infProt = child(child(answer.message, "protMDFe"), "infProt");
    const cStat = infProt ? text(infProt, "cStat") : top;
    const reason = infProt ? text(infProt, "xMotivo") : text(answer.message, "xMotivo");
    if (cStat !== MDFE_CSTAT.AUTHORIZED || !infProt) return refusedOrRetry(cStat, reason, answer.responseXml);
    return {
      kind: "authorized",
      cStat,
      reason,
      protocol: text(infProt, "nProt"),
      authorizedAt: text(infProt, "dhRecbto"),
      protMDFeXml: extractElement(answer.responseXml, "protMDFe") ?? "",
      responseXml: answer.responseXml,
    };
  }

  async consult(target: MdfeTarget, accessKey: string, certificate: ClientCertificate): Promise<MdfeConsultationResult> {
    const answer = await this.exchange(target, "MDFeConsulta", consSitMDFe(target.environment, accessKey), "retConsSitMDFe", certificate);
    if (!answer.ok) return answer.failure;
    const cStat = text(answer.message, "cStat");
    const reason = text(answer.message, "xMotivo");
    if (cStat === MDFE_CSTAT.NOT_FOUND) return { kind: "not_found", cStat, reason };
    const situation: MdfeSituation | null =
      cStat === MDFE_CSTAT.AUTHORIZED ? "AUTHORIZED" : cStat === MDFE_CSTAT.CANCELLED ? "CANCELLED" : cStat === MDFE_CSTAT.CLOSED ? "CLOSED" : null;
    if (!situation) return refusedOrRetry(cStat, reason, answer.responseXml);
    const infProt = child(child(answer.message, "protMDFe"), "infProt");
    return {
      kind: "found",
      cStat,
      reason,
      situation,
      protocol: text(infProt, "nProt"),
      protMDFeXml: extractElement(answer.responseXml, "protMDFe") ?? "",
      events: registeredEvents(answer.responseXml),
      responseXml: answer.responseXml,
    };
  }

  async sendEvent(target: MdfeTarget, signedEventXml: string, certificate: ClientCertificate): Promise<MdfeEventResult> {
    const answer = await this.exchange(target, "MDFeRecepcaoEvento", signedEventXml, "retEventoMDFe", certificate);
    if (!answer.ok) return answer.failure;
    const info = child(answer.message, "infEvento");
    const cStat = text(info, "cStat");
    if (cStat !== MDFE_CSTAT.EVENT_REGISTERED) return refusedOrRetry(cStat, text(info, "xMotivo"), answer.responseXml);
    return {
      kind: "authorized",
      cStat,
      reason: text(info, "xMotivo"),
      protocol: text(info, "nProt"),
      registeredAt: text(info, "dhRegEvento"),
      retEventoXml: answer.responseXml,
      responseXml: answer.responseXml,
    };
  }

  async status(target: MdfeTarget, certificate: ClientCertificate): Promise<MdfeStatusResult> {
    const answer = await this.exchange(target, "MDFeStatusServico", consStatServMDFe(target.environment), "retConsStatServMDFe", certificate);
    if (!answer.ok) return answer.failure;
    const cStat = text(answer.message, "cStat");
    const reason = text(answer.message, "xMotivo");
    if (cStat !== MDFE_CSTAT.SERVICE_RUNNING) return refusedOrRetry(cStat, reason, answer.responseXml);
    const tMed = Number.parseInt(text(answer.message, "tMed"), 10);
    return { kind: "authorized", cStat, reason, averageSeconds: Number.isFinite(tMed) ? tMed : undefined, checkedAt: text(answer.message, "dhRecbto") };
  }

  async openManifests(target: MdfeTarget, cnpj: string, certificate: ClientCertificate): Promise<MdfeOpenResult> {
    const answer = await this.exchange(target, "MDFeConsNaoEnc", consMDFeNaoEnc(target.environment, cnpj), "retConsMDFeNaoEnc", certificate);
    if (!answer.ok) return answer.failure;
    const cStat = text(answer.message, "cStat");
    const reason = text(answer.message, "xMotivo");
    if (cStat !== MDFE_CSTAT.OPEN_FOUND && cStat !== MDFE_CSTAT.OPEN_NONE) return refusedOrRetry(cStat, reason, answer.responseXml);
    const items = answer.message.infMDFe;
    const list = (Array.isArray(items) ? items : items ? [items] : []) as XmlNode[];
    return { kind: "answered", cStat, reason, open: list.map((i) => ({ accessKey: text(i, "chMDFe"), protocol: text(i, "nProt") })) };
  }

  private async exchange(target: MdfeTarget, service: MdfeService, payload: string, expected: string, certificate: ClientCertificate): Promise<Exchange> {
    const endpoint = mdfeEndpoint(target.environment, service);
    const transport = this.options.transport ?? httpsTransport;
    const envelope = mdfeSoapEnvelope(endpoint, target.uf, payload);
    const outcome = await transport({ url: endpoint.url, action: endpoint.action, envelope, certificate, timeoutMs: this.options.timeoutMs });
    if (!outcome.ok) return { ok: false, failure: { kind: "communication_failure", reason: outcome.reason } };
    const answer = readSoapAnswer(outcome.body, expected);
    if (!answer.ok) return { ok: false, failure: { kind: "communication_failure", reason: answer.reason } };
    return { ok: true, message: answer.message, responseXml: extractElement(answer.xml, expected) ?? answer.xml };
  }
}

function refusedOrRetry(cStat: string, reason: string, responseXml: string): CommunicationFailure | Refused {
  if (isTryLater(cStat)) return { kind: "communication_failure", reason: `${cStat} ${reason}`.trim(), cStat };
  return { kind: "refused", cStat, reason, responseXml };
}

function registeredEvents(responseXml: string): MdfeRegisteredEvent[] {
  const events: MdfeRegisteredEvent[] = [];
  for (const match of responseXml.matchAll(/<(?:[\w.-]+:)?procEventoMDFe\b[\s\S]*?<\/(?:[\w.-]+:)?procEventoMDFe>/g)) {
    const ret = extractElement(match[0], "retEventoMDFe") ?? "";
    const field = (name: string) => new RegExp(`<(?:[\\w.-]+:)?${name}>([^<]*)<`).exec(ret)?.[1]?.trim() ?? "";
    if (field("cStat") !== MDFE_CSTAT.EVENT_REGISTERED) continue;
    events.push({ tpEvento: field("tpEvento"), sequence: Number(field("nSeqEvento")), protocol: field("nProt"), registeredAt: field("dhRegEvento"), procEventoXml: match[0] });
  }
  return events;
}
