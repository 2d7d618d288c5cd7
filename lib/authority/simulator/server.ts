import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import type { PrismaClient } from "@prisma/client";
import { db as appDb } from "@/lib/db/client";
import { authorizersByPath, servicePaths, type AuthorityService } from "../endpoints";
import { child, parseXml, text } from "../soap-response";
import { serviceLevelAnswer } from "./answers";
import { authorize } from "./authorize";
import { consult } from "./consult";
import { distribute } from "./distribute";
import { localTime, type SimulatorAnswer, type SimulatorContext } from "./context";
import { receiveEvent } from "./events";
import { receiveEpec } from "./epec";
import { requestAuthorizer } from "./request-authorizer";
import { CONTROL_PREFIX, handleFaultControl } from "./fault-control";
import { FaultRegistry, requestFields, type FaultAction } from "./faults";
import { inutilize } from "./inutilize";
import { consultRegistry } from "./registry";
import { ReceiptBook } from "./receipts";
import { status } from "./status";
import { StatusMeter } from "./status-meter";
import { SefinFaultRegistry } from "../sefin-simulator/faults";
import { handleSefinRequest, SEFIN_PREFIX } from "../sefin-simulator/routes";
import { handleSefinFaultControl, SEFIN_CONTROL_PATH } from "../sefin-simulator/fault-control";
import { ABRASF_PREFIX, handleAbrasfRequest } from "../abrasf-simulator/routes";
import { ADN_CONTRIBUINTES_PREFIX, handleAdnRequest } from "../adn-simulator/routes";
import { handlePaulistanaRequest, PAULISTANA_PREFIX } from "../paulistana-simulator/routes";
import { startTlsListener } from "../sefin-simulator/tls-listener";

// The built-in authority (issue 5, item 8): the NF-e 4.00 SOAP services at the
// same URL paths as the SEFAZ tables, so the real client runs unchanged with
// only its origin pointed here. State lives in PostgreSQL (SimulatorDocument,
// SimulatorEvent, SimulatorInutilization), so answers survive restarts.

export type SimulatorServer = {
  url: string;
  port: number;
  faults: FaultRegistry;
  /** Status calls per caller and authorizer (656 beyond the limit); tests reset it. */
  statusMeter: StatusMeter;
  /** Fault injection for the Sefin Nacional (NFS-e) routes under /SefinNacional. */
  sefinFaults: SefinFaultRegistry;
  /** With `sefinTls`: the mutual-TLS origin of the same routes, and the CA its clients must trust. */
  tls?: { url: string; caPem: string };
  close: () => Promise<void>;
};

export type SimulatorOptions = {
  /** Also listen with mutual TLS on another loopback port (Sefin's party checks need the caller's certificate). */
  sefinTls?: boolean;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Loopback only by default: the simulator authenticates nobody. */
  host?: string;
  db?: PrismaClient;
  /** Tests move the clock to reach cancellation and correction deadlines. */
  now?: () => Date;
  /** Status calls an hour allowed per caller and authorizer before 656 (status-meter.ts). */
  statusCallsPerHour?: number;
  /** NFeDistribuicaoDFe calls a minute allowed per party before 656 (distribute.ts). */
  distributionCallsPerMinute?: number;
};

const MAX_BODY_BYTES = 5 * 1024 * 1024;
const SOAP12_NS = "http://www.w3.org/2003/05/soap-envelope";

/**
 * The answer in its SOAP 1.2 envelope. Events for cOrgao 91 come back as the
 * Ambiente Nacional wraps them (`nfeRecepcaoEventoNFResult`, recorded in
 * test/fixtures/authority-answers), the rest under `nfeResultMsg`.
 */
function envelope(service: AuthorityService, answerXml: string, payloadXml = ""): string {
  const head = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP12_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">`;
  // SEFAZ-SP's EPEC NFC-e service is the pre-4.00 RecepcaoEvento web service (wsnfe_4.00_mod65.xml).
  const namespace = `http://www.portalfiscal.inf.br/nfe/wsdl/${service === "RecepcaoEPEC" ? "RecepcaoEvento" : service}`;
  // The distribution service (ASMX) answers inside its method's response and result elements.
  if (service === "NFeDistribuicaoDFe") {
    return `${head}<soap:Body><nfeDistDFeInteresseResponse xmlns="${namespace}"><nfeDistDFeInteresseResult>${answerXml}</nfeDistDFeInteresseResult></nfeDistDFeInteresseResponse></soap:Body></soap:Envelope>`;
  }
  const wrapper = service === "NFeRecepcaoEvento4" && /<(?:\w+:)?cOrgao>91</.test(payloadXml) ? "nfeRecepcaoEventoNFResult" : "nfeResultMsg";
  return `${head}<soap:Body><${wrapper} xmlns="${namespace}">${answerXml}</${wrapper}></soap:Body></soap:Envelope>`;
}

function fault(reason: string): string {
  return (
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP12_NS}"><soap:Body><soap:Fault>` +
    `<soap:Code><soap:Value>soap:Receiver</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="pt-BR">${reason}</soap:Text></soap:Reason>` +
    `</soap:Fault></soap:Body></soap:Envelope>`
  );
}

/** The service of a request: by URL path as in the tables, else by the SOAP action. */
function serviceOf(request: http.IncomingMessage, pathname: string, paths: Map<string, AuthorityService>): AuthorityService | undefined {
  const byPath = paths.get(pathname.toLowerCase());
  if (byPath) return byPath;
  const action = /action="?[^";]*\/wsdl\/(NFe\w+)\//.exec(request.headers["content-type"] ?? "")?.[1];
  return [...paths.values()].find((s) => s === action);
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new Error("Body too large"));
      else chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

/** The message inside <nfeDadosMsg>, byte for byte (signatures are checked on these bytes). */
function payloadOf(soap: string): string | undefined {
  return /<(?:[\w.-]+:)?nfeDadosMsg\b[^>]*>([\s\S]*)<\/(?:[\w.-]+:)?nfeDadosMsg>/.exec(soap)?.[1]?.trim();
}

/** tpAmb and cUF for a service-level answer, read loosely from any request message. */
function commonOf(context: SimulatorContext, payloadXml: string) {
  const tpAmb = /<(?:\w+:)?tpAmb>([12])</.exec(payloadXml)?.[1] ?? "2";
  const cUF = /<(?:\w+:)?(?:cUF|cOrgao)>(\d{2})</.exec(payloadXml)?.[1] ?? /<(?:\w+:)?chNFe>(\d{2})/.exec(payloadXml)?.[1] ?? "35";
  const root = parseXml(payloadXml);
  const idLote = text(child(root, "envEvento"), "idLote");
  const nRec = text(child(root, "consReciNFe"), "nRec");
  const chNFe = /<(?:\w+:)?chNFe>([0-9A-Z]{44})</.exec(payloadXml)?.[1];
  // A registry query (ConsCad) names its state and document.
  const uf = /<(?:\w+:)?UF>([A-Z]{2})</.exec(payloadXml)?.[1];
  const asked = /<(?:\w+:)?(CNPJ|CPF|IE)>[^<]*<\/(?:\w+:)?\1>/.exec(payloadXml)?.[0];
  return { tpAmb, cUF, dhRecbto: localTime(context.now(), cUF), idLote, nRec, chNFe, uf, asked };
}

export async function startSimulatorServer(options: SimulatorOptions = {}): Promise<SimulatorServer> {
  const context: SimulatorContext = { db: options.db ?? appDb, now: options.now ?? (() => new Date()) };
  const faults = new FaultRegistry();
  const sefinFaults = new SefinFaultRegistry();
  const receipts = new ReceiptBook();
  const statusMeter = new StatusMeter(options.statusCallsPerHour);
  const paths = servicePaths();
  const authorizersAt = authorizersByPath();

  async function process(service: AuthorityService, payloadXml: string, action: FaultAction | undefined, pathname: string): Promise<SimulatorAnswer> {
    switch (service) {
      case "NFeAutorizacao4": {
        const addressed = authorizersAt.get(pathname.toLowerCase());
        const answer = await authorize(context, payloadXml, { ...(action?.kind === "deny" ? { deny: action.cStat } : {}), addressed });
        return action?.kind === "async" ? receipts.deferAnswer(context, answer) : answer;
      }
      case "NFeRetAutorizacao4":
        return receipts.answer(context, payloadXml);
      case "NFeConsultaProtocolo4":
        return consult(context, payloadXml, { withoutProtocol: action?.kind === "consult_without_protnfe" });
      case "NFeStatusServico4":
        return status(context, payloadXml);
      case "NFeRecepcaoEvento4":
        return receiveEvent(context, payloadXml, { authorizer: requestAuthorizer(pathname, payloadXml) });
      // SEFAZ-SP's EPEC NFC-e service (NT 2015.003): EPEC events only.
      case "RecepcaoEPEC":
        return receiveEpec(context, payloadXml, { service: "state" });
      case "NFeInutilizacao4":
        return inutilize(context, payloadXml);
      case "NFeDistribuicaoDFe":
        return distribute(context, payloadXml, { callsPerMinute: options.distributionCallsPerMinute, ...(action?.kind === "ult_nsu_656" ? { usedUltNsu: action.ultNSU } : {}) });
      case "CadConsultaCadastro4":
        return consultRegistry(context, payloadXml, { addressed: authorizersAt.get(pathname.toLowerCase()), inactive: action?.kind === "taxpayer_inactive" });
    }
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const reply = (statusCode: number, body: string) => {
      if (response.destroyed) return;
      response.writeHead(statusCode, { "Content-Type": "application/soap+xml; charset=utf-8" });
      response.end(body);
    };
    const pathname = new URL(request.url ?? "/", "http://simulator").pathname;
    if (pathname.startsWith(CONTROL_PREFIX)) return handleFaultControl(faults, request.method ?? "", pathname, await readBody(request), response);
    if (pathname === SEFIN_CONTROL_PATH) return handleSefinFaultControl(sefinFaults, request.method ?? "", await readBody(request), response);
    if (pathname.startsWith(SEFIN_PREFIX)) return handleSefinRequest(context, sefinFaults, request, await readBody(request), response);
    if (pathname.startsWith(ABRASF_PREFIX)) return handleAbrasfRequest(context, request, await readBody(request), response);
    if (pathname.startsWith(ADN_CONTRIBUINTES_PREFIX)) {
      await readBody(request);
      return handleAdnRequest(context, request, response);
    }
    if (pathname.startsWith(PAULISTANA_PREFIX)) return handlePaulistanaRequest(context, request, await readBody(request), response);
    if (request.method !== "POST") return reply(405, fault("Only POST is accepted"));
    const service = serviceOf(request, pathname, paths);
    if (!service) return reply(404, fault(`No NF-e service at ${request.url}`));
    const payloadXml = payloadOf(await readBody(request));
    if (!payloadXml) return reply(500, fault("The request has no nfeDadosMsg element"));

    const action = faults.isEmpty() ? undefined : faults.take(service, { ...requestFields(payloadXml), authorizer: requestAuthorizer(pathname, payloadXml) });
    if (action?.kind === "outage") {
      // A down authorizer: its status service may still say so (108/109); everything else gets no answer.
      if (service === "NFeStatusServico4" && action.status) {
        const xMotivo = action.status === "108" ? "Serviço Paralisado Momentaneamente (curto prazo)" : "Serviço Paralisado sem Previsão";
        return reply(200, envelope(service, serviceLevelAnswer(service, { ...commonOf(context, payloadXml), cStat: action.status, xMotivo })));
      }
      request.socket.destroy();
      return;
    }
    if (service === "NFeStatusServico4") {
      const caller = `${request.socket.remoteAddress}|${pathname.toLowerCase()}|${commonOf(context, payloadXml).cUF}`;
      if (statusMeter.refuse(caller, context.now().getTime())) {
        return reply(200, envelope(service, serviceLevelAnswer(service, { ...commonOf(context, payloadXml), cStat: "656", xMotivo: "Rejeição: Consumo Indevido" })));
      }
    }
    if (action?.kind === "http_500") return reply(500, fault("Simulated internal server error"));
    if (action?.kind === "reject" || action?.kind === "unavailable" || action?.kind === "receipt_not_found") {
      const [cStat, xMotivo] =
        action.kind === "reject" ? [action.cStat, action.reason ?? `Rejeição simulada ${action.cStat}`]
        : action.kind === "unavailable" ? ["108", "Serviço Paralisado Momentaneamente (curto prazo)"]
        : ["106", "Lote não localizado"];
      return reply(200, envelope(service, serviceLevelAnswer(service, { ...commonOf(context, payloadXml), cStat, xMotivo }), payloadXml));
    }
    if (action?.kind === "delay" && action.beforeProcessing) await sleep(action.ms);
    const answer = await process(service, payloadXml, action, pathname);
    if (action?.kind === "delay" && !action.beforeProcessing) await sleep(action.ms);
    reply(200, envelope(service, answer.answerXml, payloadXml));
  }

  const listener: http.RequestListener = (request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error("[authority simulator]", error);
      if (!response.headersSent) {
        response.writeHead(500, { "Content-Type": "application/soap+xml; charset=utf-8" });
        response.end(fault("Erro não catalogado no simulador"));
      }
    });
  };
  const server = http.createServer(listener);
  const tls = options.sefinTls ? await startTlsListener(listener) : null;
  // Keep-alive sockets of clients would hold close() open.
  server.keepAliveTimeout = 5_000;
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    port,
    faults,
    statusMeter,
    sefinFaults,
    tls: tls ? { url: tls.url, caPem: tls.caPem } : undefined,
    close: async () => {
      await tls?.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

