import { setTimeout as sleep } from "node:timers/promises";
import {
  BATCH_IN_PROCESS,
  BATCH_NOT_FOUND,
  BATCH_PROCESSED,
  BATCH_RECEIVED,
  DOCUMENT_AUTHORIZED,
  DOCUMENT_DENIED,
  EVENT_BATCH_PROCESSED,
  EVENT_REGISTERED,
  INUTILIZATION_APPROVED,
  NOT_IN_DATABASE,
  SERVICE_RUNNING,
  isTryLater,
} from "./classify";
import { resolveEndpoint, type AuthorityService, type Endpoint } from "./endpoints";
import { gunzipSync } from "node:zlib";
import { consCad, consReciNFe, consSitNFe, consStatServ, distDFeInt, envEvento, enviNFe, type DistributionQuery, type RegistryQuery } from "./request-messages";
import { registryOutcome, type RegistryResult } from "./taxpayer-registry-answer";
import { registryServiceOf } from "./taxpayer-registry-endpoints";
import { child, declareInheritedPrefixes, extractElement, readSoapAnswer, text, type XmlNode } from "./soap-response";
import { postSoap } from "./soap-transport";
import type { AuthorityCallSample } from "./call-samples";
import type {
  AuthorityTarget,
  AuthorizationResult,
  ClientCertificate,
  CommunicationFailure,
  ConsultationResult,
  DistributedItem,
  DistributionResult,
  Denied,
  EventResult,
  RegisteredEvent,
  InutilizationResult,
  StatusResult,
  TaxAuthority,
  AuthorityEnvironment,
} from "./types";

export type SoapTaxAuthorityOptions = {
  /** The whole exchange's deadline (AUTHORITY_TIMEOUT_MS). */
  timeoutMs: number;
  /** Connection deadline and idle keep-alive time; defaults in authority-http.ts (10 s, 30 s). */
  connectTimeoutMs?: number;
  idleSocketMs?: number;
  /** Send to this origin (the simulator) with the table URL's path; unset: the table URL itself. */
  baseUrl?: string;
  /** Polls of NFeRetAutorizacao4 after a 103 (asynchronous batch), and the wait before each. */
  receiptPolls?: number;
  receiptPollIntervalMs?: number;
  /** Extra trusted roots (PEM) for the authority's server certificate. */
  trustedCaPem?: string;
  /** Told of every exchange once it ends (the status page's samples, call-samples.ts: buffered, written within a second). */
  onExchange?: (sample: AuthorityCallSample) => void;
};

/** The cOrgao of the national environment (Ambiente Nacional): delivery-receipt events go there. */
const NATIONAL_ENVIRONMENT_ORGAO = "91";
/** The SVRS, which receives the reform events (cOrgao 92, NT 2025.002-RTC item 8.1). */
const SVRS_ORGAO = "92";

type Exchange = { ok: true; message: XmlNode; responseXml: string } | { ok: false; failure: CommunicationFailure };

/** NF-e/NFC-e 4.00 web services over SOAP 1.2 (MOC 4.0, section 4). */
export class SoapTaxAuthority implements TaxAuthority {
  constructor(private readonly options: SoapTaxAuthorityOptions) {}

  async authorize(target: AuthorityTarget, signedNfeXml: string, certificate: ClientCertificate): Promise<AuthorizationResult> {
    const sent = await this.exchange(target, "NFeAutorizacao4", enviNFe(signedNfeXml), "retEnviNFe", certificate);
    if (!sent.ok) return sent.failure;
    const cStat = text(sent.message, "cStat");
    if (cStat === BATCH_PROCESSED) return documentOutcome(sent.message, sent.responseXml);
    if (cStat === BATCH_RECEIVED) {
      const receipt = text(child(sent.message, "infRec"), "nRec");
      return this.pollReceipt(target, receipt, certificate);
    }
    // 105/106 in place of a batch answer say nothing about the NF-e: the caller consults the key.
    if (cStat === BATCH_IN_PROCESS || cStat === BATCH_NOT_FOUND) return outcomeUnknown(`${cStat} ${text(sent.message, "xMotivo")}`, cStat);
    return refusedOrRetry(cStat, text(sent.message, "xMotivo"), sent.responseXml);
  }

  /**
   * NFeRetAutorizacao4: when a state answers 103, the protocol comes from the
   * receipt. Only a processed batch (104 with protNFe) is final: any other
   * answer about the receipt (105 in process, 106 not found on this node of a
   * load-balanced authorizer or expired, 108/109, a refusal of the query
   * itself) says nothing about the NF-e, so it is an unknown outcome and the
   * pipeline consults the access key before deciding.
   */
  private async pollReceipt(target: AuthorityTarget, receipt: string, certificate: ClientCertificate): Promise<AuthorizationResult> {
    const polls = this.options.receiptPolls ?? 3;
    let last = "";
    for (let attempt = 0; attempt < polls; attempt++) {
      await sleep(this.options.receiptPollIntervalMs ?? 2_000);
      const answer = await this.exchange(target, "NFeRetAutorizacao4", consReciNFe(target.environment, receipt), "retConsReciNFe", certificate);
      if (!answer.ok) return answer.failure;
      const cStat = text(answer.message, "cStat");
      if (cStat === BATCH_PROCESSED) return documentOutcome(answer.message, answer.responseXml);
      last = `${cStat} ${text(answer.message, "xMotivo")}`.trim();
      if (cStat !== BATCH_IN_PROCESS) return outcomeUnknown(`Receipt ${receipt} answered ${last}`, cStat);
    }
    return outcomeUnknown(`Receipt ${receipt} still in process (${last || BATCH_IN_PROCESS})`, BATCH_IN_PROCESS);
  }

  async consult(target: AuthorityTarget, accessKey: string, certificate: ClientCertificate): Promise<ConsultationResult> {
    const answer = await this.exchange(target, "NFeConsultaProtocolo4", consSitNFe(target.environment, accessKey), "retConsSitNFe", certificate);
    if (!answer.ok) return answer.failure;
    const cStat = text(answer.message, "cStat");
    const reason = text(answer.message, "xMotivo");
    if (cStat === NOT_IN_DATABASE) return { kind: "not_found", cStat, reason };
    // A cancelled NF-e (101, 151, 155) still carries its authorization protocol.
    const infProt = child(child(answer.message, "protNFe"), "infProt");
    const protocolStat = text(infProt, "cStat");
    if (infProt && DOCUMENT_AUTHORIZED.has(protocolStat)) {
      return {
        kind: "authorized",
        cStat: protocolStat,
        reason: text(infProt, "xMotivo"),
        protocol: text(infProt, "nProt"),
        authorizedAt: text(infProt, "dhRecbto"),
        protNFeXml: extractElement(answer.responseXml, "protNFe") ?? "",
        responseXml: answer.responseXml,
        events: registeredEvents(answer.responseXml),
      };
    }
    if (infProt && DOCUMENT_DENIED.has(protocolStat)) return denial(infProt, answer.responseXml);
    // SEFAZ-PR (PR-v4_8_77, 2024) answers the consultation of a denied NF-e with the denial's cStat at
    // the top and no protNFe (sped-nfe issue #1087): still a denial, the number spent, never re-sent.
    if (!infProt && DOCUMENT_DENIED.has(cStat)) {
      return { kind: "denied", cStat, reason, protocol: null, deniedAt: text(answer.message, "dhRecbto"), protNFeXml: null, responseXml: answer.responseXml };
    }
    return refusedOrRetry(cStat, reason, answer.responseXml);
  }

  async sendEvent(target: AuthorityTarget, signedEventXml: string, certificate: ClientCertificate): Promise<EventResult> {
    // Events addressed to cOrgao 91 (delivery receipt 110130/110131) are received by the national environment.
    const orgao = /<(?:\w+:)?cOrgao>(\d+)</.exec(signedEventXml)?.[1];
    // The tax reform's IBS/CBS events (cOrgao 92) are received by the SVRS for every state (NT 2025.002-RTC v1.31, item 8.1).
    const authorizer = target.contingency ? undefined : orgao === NATIONAL_ENVIRONMENT_ORGAO ? "AN" : orgao === SVRS_ORGAO ? "SVRS" : undefined;
    // An NFC-e's EPEC (110140 of model 65, NT 2015.003) goes to the state's own EPEC service (SEFAZ-SP's RecepcaoEPEC), not to its authorizer.
    const epecNfce = target.model === 65 && /<(?:\w+:)?tpEvento>110140</.test(signedEventXml);
    const answer = await this.exchange(target, epecNfce ? "RecepcaoEPEC" : "NFeRecepcaoEvento4", envEvento(signedEventXml), "retEnvEvento", certificate, authorizer);
    if (!answer.ok) return answer.failure;
    const cStat = text(answer.message, "cStat");
    if (cStat !== EVENT_BATCH_PROCESSED) return refusedOrRetry(cStat, text(answer.message, "xMotivo"), answer.responseXml);
    const info = child(child(answer.message, "retEvento"), "infEvento");
    const eventStat = text(info, "cStat");
    if (!EVENT_REGISTERED.has(eventStat)) return refusedOrRetry(eventStat, text(info, "xMotivo"), answer.responseXml);
    return {
      kind: "authorized",
      cStat: eventStat,
      reason: text(info, "xMotivo"),
      protocol: text(info, "nProt"),
      registeredAt: text(info, "dhRegEvento"),
      retEventoXml: extractElement(answer.responseXml, "retEvento") ?? "",
      responseXml: answer.responseXml,
    };
  }

  async inutilize(target: AuthorityTarget, signedInutXml: string, certificate: ClientCertificate): Promise<InutilizationResult> {
    const answer = await this.exchange(target, "NFeInutilizacao4", signedInutXml, "retInutNFe", certificate);
    if (!answer.ok) return answer.failure;
    const info = child(answer.message, "infInut");
    const cStat = text(info, "cStat");
    if (!INUTILIZATION_APPROVED.has(cStat)) return refusedOrRetry(cStat, text(info, "xMotivo"), answer.responseXml);
    return {
      kind: "authorized",
      cStat,
      reason: text(info, "xMotivo"),
      protocol: text(info, "nProt"),
      inutilizedAt: text(info, "dhRecbto"),
      retInutNFeXml: answer.responseXml,
      responseXml: answer.responseXml,
    };
  }

  async status(target: AuthorityTarget, certificate: ClientCertificate): Promise<StatusResult> {
    const answer = await this.exchange(target, "NFeStatusServico4", consStatServ(target.environment, target.uf), "retConsStatServ", certificate);
    if (!answer.ok) return answer.failure;
    const cStat = text(answer.message, "cStat");
    const reason = text(answer.message, "xMotivo");
    if (!SERVICE_RUNNING.has(cStat)) return refusedOrRetry(cStat, reason, answer.responseXml);
    const averageSeconds = Number.parseInt(text(answer.message, "tMed"), 10);
    return { kind: "authorized", cStat, reason, averageSeconds: Number.isFinite(averageSeconds) ? averageSeconds : undefined, checkedAt: text(answer.message, "dhRecbto") };
  }

  /**
   * NFeDistribuicaoDFe (NT 2014.002) at the Ambiente Nacional: 137 and 138 are
   * answers (138 with its docZip items gunzipped); 656 and the other "try later"
   * codes are communication failures; the rest refusals. Either keeps the
   * answer's ultNSU (a 656's is the NSU to ask from next).
   */
  async distribute(target: AuthorityTarget, party: string, query: DistributionQuery, certificate: ClientCertificate): Promise<DistributionResult> {
    const national = { ...target, model: 55 as const, contingency: undefined };
    const answer = await this.exchange(national, "NFeDistribuicaoDFe", distDFeInt(target.environment, target.uf, party, query), "retDistDFeInt", certificate, "AN", true);
    if (!answer.ok) return answer.failure;
    const cStat = text(answer.message, "cStat");
    const reason = text(answer.message, "xMotivo");
    if (cStat !== DISTRIBUTION_NOTHING && cStat !== DISTRIBUTION_FOUND) {
      const lastNsu = text(answer.message, "ultNSU");
      return { ...refusedOrRetry(cStat, reason, answer.responseXml), ...(lastNsu ? { lastNsu, maxNsu: text(answer.message, "maxNSU") } : {}) };
    }
    let items: DistributedItem[];
    try {
      items = distributedItems(answer.responseXml);
    } catch (error) {
      return { kind: "communication_failure", reason: `Unreadable docZip: ${(error as Error).message}` };
    }
    return { kind: "answered", cStat, reason, lastNsu: text(answer.message, "ultNSU"), maxNsu: text(answer.message, "maxNSU"), answeredAt: text(answer.message, "dhResp"), items };
  }

  /**
   * CadConsultaCadastro4 (MOC 4.0 item 4.6) at the service answering the state's registry: the
   * state's own or SVRS (taxpayer-registry-endpoints.ts); a state without one is answered
   * no_service without a call. The answer is read by registryOutcome.
   */
  async consultRegistry(environment: AuthorityEnvironment, query: RegistryQuery, certificate: ClientCertificate): Promise<RegistryResult> {
    const service = registryServiceOf(query.uf);
    if (!service) return { kind: "no_service", reason: `State ${query.uf} offers no taxpayer registry lookup (CadConsultaCadastro4)` };
    const target = { uf: query.uf, environment, model: 55 as const };
    const answer = await this.exchange(target, "CadConsultaCadastro4", consCad(query), "retConsCad", certificate, service.authorizer);
    if (!answer.ok) {
      // The table lists no URL for this environment (resolveEndpoint refused): no service, not an outage.
      if (/^No CadConsultaCadastro4 endpoint/.test(answer.failure.reason)) return { kind: "no_service", reason: answer.failure.reason };
      return answer.failure;
    }
    return registryOutcome(answer.message, answer.responseXml);
  }

  /** The URL actually called: the table's, or the simulator's origin with the table's path. */
  urlFor(endpoint: Endpoint): string {
    if (!this.options.baseUrl) return endpoint.url;
    const base = new URL(this.options.baseUrl);
    return new URL(new URL(endpoint.url).pathname, base).toString();
  }

  private async exchange(
    target: AuthorityTarget,
    service: AuthorityService,
    payloadXml: string,
    expected: string,
    certificate: ClientCertificate,
    authorizer?: string,
    /** Wrap <nfeDadosMsg> in the WSDL method's element (the distribution service). */
    inMethod = false,
  ): Promise<Exchange> {
    let endpoint: Endpoint;
    try {
      endpoint = resolveEndpoint({ uf: target.uf, environment: target.environment, model: target.model, service, contingency: target.contingency, authorizer });
    } catch (error) {
      return { ok: false, failure: { kind: "communication_failure", reason: (error as Error).message } };
    }
    const { timeoutMs, connectTimeoutMs, idleSocketMs, trustedCaPem } = this.options;
    const method = inMethod ? endpoint.method : undefined;
    const started = performance.now();
    const outcome = await postSoap({ url: this.urlFor(endpoint), namespace: endpoint.namespace, action: endpoint.action, payloadXml, method, certificate, timeoutMs, connectTimeoutMs, idleSocketMs, trustedCaPem });
    const answer = outcome.ok ? readSoapAnswer(outcome.body, expected) : { ok: false as const, reason: outcome.reason };
    this.options.onExchange?.({ authorizer: endpoint.authorizer, model: target.model, environment: target.environment, service, answered: answer.ok, durationMs: performance.now() - started });
    if (!answer.ok) return { ok: false, failure: { kind: "communication_failure", reason: answer.reason } };
    return { ok: true, message: answer.message, responseXml: extractElement(answer.xml, expected) ?? answer.xml };
  }
}

function documentOutcome(message: XmlNode, responseXml: string): AuthorizationResult {
  const infProt = child(child(message, "protNFe"), "infProt");
  const cStat = text(infProt, "cStat");
  const reason = text(infProt, "xMotivo");
  if (!infProt) return { kind: "communication_failure", reason: "Processed batch without protNFe" };
  if (DOCUMENT_DENIED.has(cStat)) return denial(infProt, responseXml);
  if (!DOCUMENT_AUTHORIZED.has(cStat)) return refusedOrRetry(cStat, reason, responseXml);
  return {
    kind: "authorized",
    cStat,
    reason,
    protocol: text(infProt, "nProt"),
    authorizedAt: text(infProt, "dhRecbto"),
    protNFeXml: extractElement(responseXml, "protNFe") ?? "",
    responseXml,
  };
}

/** Uso denegado: kept with its protocol, since the number is spent and the nfeProc must be stored. */
function denial(infProt: XmlNode, responseXml: string): Denied {
  return {
    kind: "denied",
    cStat: text(infProt, "cStat"),
    reason: text(infProt, "xMotivo"),
    protocol: text(infProt, "nProt"),
    deniedAt: text(infProt, "dhRecbto"),
    protNFeXml: extractElement(responseXml, "protNFe") ?? "",
    responseXml,
  };
}

/** An answer that neither authorizes nor refuses the NF-e (its outcome is unknown): a communication failure the caller resolves by consulting the key. */
function outcomeUnknown(reason: string, cStat: string): CommunicationFailure {
  return { kind: "communication_failure", reason, cStat };
}

/** A non-success answer: "try later" codes are communication failures, the rest refusals. */
function refusedOrRetry(cStat: string, reason: string, responseXml: string): CommunicationFailure | { kind: "refused"; cStat: string; reason: string; responseXml: string } {
  if (isTryLater(cStat)) return { kind: "communication_failure", reason: `${cStat} ${reason}`.trim(), cStat };
  return { kind: "refused", cStat, reason, responseXml };
}

const DISTRIBUTION_NOTHING = "137";
const DISTRIBUTION_FOUND = "138";

/** The docZip items of a retDistDFeInt, in NSU order: base64 of gzip, decompressed to the XML as distributed. */
function distributedItems(responseXml: string): DistributedItem[] {
  const items: DistributedItem[] = [];
  for (const match of responseXml.matchAll(/<(?:[\w.-]+:)?docZip\b([^>]*)>([^<]*)<\/(?:[\w.-]+:)?docZip>/g)) {
    const attribute = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`).exec(match[1] ?? "")?.[1] ?? "";
    const xml = gunzipSync(Buffer.from(match[2]!.trim(), "base64")).toString("utf8");
    items.push({ nsu: attribute("NSU"), schema: attribute("schema"), xml });
  }
  return items.sort((a, b) => (BigInt(a.nsu || "0") < BigInt(b.nsu || "0") ? -1 : 1));
}

/** The events of a retConsSitNFe: each procEventoNFe whose retEvento registered it (135, 136, 155). */
function registeredEvents(responseXml: string): RegisteredEvent[] {
  const events: RegisteredEvent[] = [];
  for (const match of responseXml.matchAll(/<(?:[\w.-]+:)?procEventoNFe\b[\s\S]*?<\/(?:[\w.-]+:)?procEventoNFe>/g)) {
    const procEventoXml = declareInheritedPrefixes(match[0], responseXml.slice(0, match.index));
    const ret = extractElement(procEventoXml, "retEvento") ?? "";
    const field = (name: string) => new RegExp(`<(?:[\\w.-]+:)?${name}>([^<]*)<`).exec(ret)?.[1]?.trim() ?? "";
    if (!EVENT_REGISTERED.has(field("cStat"))) continue;
    events.push({ tpEvento: field("tpEvento"), sequence: Number(field("nSeqEvento")), cStat: field("cStat"), protocol: field("nProt"), registeredAt: field("dhRegEvento"), procEventoXml });
  }
  return events;
}
