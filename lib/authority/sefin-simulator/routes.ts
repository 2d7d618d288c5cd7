import type http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { gunzipSync } from "node:zlib";
import { gzipBase64 } from "../sefin-client";
import type { SimulatorContext } from "../simulator/context";
import { localTime } from "../simulator/context";
import { SIMULATOR_APP_VERSION } from "./build-nfse-xml";
import type { EventLookupShape, SefinFaultAction, SefinFaultRegistry, SefinRoute } from "./faults";
import { receiveDps } from "./receive-dps";
import { receiveEvent } from "./receive-event";
import type { Rejection } from "./rejections";
import { callerOf } from "./tls-listener";
import { NFSE_ACCESS_KEY_PATTERN } from "@/lib/fiscal/nfse/access-key";

// The Sefin Nacional REST API of the simulator, at the Swagger's paths under
// /SefinNacional: POST /nfse, GET|HEAD /dps/{id}, GET /nfse/{chave},
// POST /nfse/{chave}/eventos, GET /nfse/{chave}/eventos/{tipoEvento}/{numSeqEvento}. Bodies as the Swagger,
// except where the real service answers otherwise: the event lookup's list `eventos` with
// `arquivoXml` (the Swagger's `eventoXmlGZipB64` only under the fault rule `event_lookup_swagger`),
// and the 201's idDps ("NFS" + key). Errors carry each field
// in both casings the real service has been seen to use (Codigo / codigo).
// Over plain HTTP (the default, on loopback) there is no client certificate
// and no party check; over the optional mutual-TLS listener (tls-listener.ts)
// GET /nfse and GET /dps answer 403 to a certificate that is not a party.

export const SEFIN_PREFIX = "/SefinNacional";

type Reply = { status: number; body?: unknown };

function envelope(context: SimulatorContext): Record<string, unknown> {
  return { tipoAmbiente: 2, versaoAplicativo: SIMULATOR_APP_VERSION, dataHoraProcessamento: localTime(context.now(), "35") };
}

function errorReply(context: SimulatorContext, rejection: Rejection, list: "erros" | "erro" = "erros", extra: Record<string, unknown> = {}): Reply {
  const complement = rejection.complement ?? null;
  const entry = { Codigo: rejection.code, Descricao: rejection.description, Complemento: complement, codigo: rejection.code, descricao: rejection.description, complemento: complement };
  return { status: rejection.status ?? 400, body: { ...envelope(context), ...extra, [list]: [entry] } };
}

/** GET /nfse and GET /dps answer only a party of the NFS-e (the Swagger's 403); the CNPJ root decides, as Sefin does for the provider. */
function notAParty(context: SimulatorContext, caller: string | null | undefined, found: { inscription: string; nfseXml: string }): Reply | null {
  if (caller === undefined) return null;
  if (caller === null) return errorReply(context, { code: "SIM401", description: "Certificado digital do cliente ausente ou sem CNPJ/CPF (código do simulador).", status: 401 }, "erro");
  const taker = /<toma><(?:CNPJ|CPF)>([0-9A-Z]+)</.exec(found.nfseXml)?.[1] ?? "";
  const root = (document: string) => (document.length === 14 ? document.slice(0, 8) : document);
  if ([found.inscription, taker].some((party) => party && root(party) === root(caller))) return null;
  return errorReply(context, { code: "SIM403", description: "O certificado do cliente não é do prestador, do tomador nem do intermediário da NFS-e (código do simulador).", status: 403 }, "erro");
}

/**
 * One item of the event lookup as Sefin really answers it (sefin-event-answer.ts): arquivoXml is
 * the base64 of the gzip-base64 text; dataHoraRecebimento in Brasília time without an offset.
 */
function listedEvent(accessKey: string, event: { eventType: string; sequence: number; eventXml: string; createdAt: Date }) {
  const received = localTime(event.createdAt, "35");
  return {
    chaveAcesso: accessKey,
    tipoEvento: event.eventType.replace(/^e/, ""),
    numeroPedidoRegistroEvento: String(event.sequence),
    dataHoraRecebimento: `${received.slice(0, 19)}.${String(event.createdAt.getMilliseconds()).padStart(3, "0")}`,
    arquivoXml: Buffer.from(gzipBase64(event.eventXml), "utf8").toString("base64"),
  };
}

async function route(context: SimulatorContext, method: string, path: string, body: unknown, caller: string | null | undefined, shape: EventLookupShape): Promise<Reply> {
  if (method === "POST" && path === "/nfse") {
    const result = await receiveDps(context, body);
    if (!("kind" in result)) return errorReply(context, result);
    // idDps as the real Sefin fills it in a 201: "NFS" + the key, not the DPS's Id (nfse-types.ts, NfseIssued).
    return { status: 201, body: { ...envelope(context), idDps: `NFS${result.accessKey}`, chaveAcesso: result.accessKey, nfseXmlGZipB64: gzipBase64(result.nfseXml), alertas: [] } };
  }
  const dps = /^\/dps\/([^/]+)$/.exec(path);
  if (dps && (method === "GET" || method === "HEAD")) {
    const found = await context.db.simulatorNfse.findUnique({ where: { environment_dpsId: { environment: 2, dpsId: decodeURIComponent(dps[1]!) } } });
    if (!found) return method === "HEAD" ? { status: 404 } : errorReply(context, { code: "SIM404", description: "DPS não encontrada (código do simulador: o Swagger não documenta o corpo do 404).", status: 404 }, "erro");
    if (method === "HEAD") return { status: 200 };
    return notAParty(context, caller, found) ?? { status: 200, body: { ...envelope(context), idDps: found.dpsId, chaveAcesso: found.accessKey } };
  }
  const nfse = /^\/nfse\/([^/]+)$/.exec(path);
  if (nfse && method === "GET") {
    if (!NFSE_ACCESS_KEY_PATTERN.test(nfse[1]!)) return errorReply(context, { code: "SIM400", description: "Chave de acesso inválida: deve conter 50 caracteres (código do simulador).", status: 400 }, "erro");
    const found = await context.db.simulatorNfse.findUnique({ where: { environment_accessKey: { environment: 2, accessKey: nfse[1]! } } });
    if (!found) return errorReply(context, { code: "E1831", description: "NFS-e não encontrada.", status: 404 }, "erro");
    return notAParty(context, caller, found) ?? { status: 200, body: { ...envelope(context), chaveAcesso: found.accessKey, nfseXmlGZipB64: gzipBase64(found.nfseXml) } };
  }
  const held = /^\/nfse\/([0-9A-Z]{50})\/eventos\/(\d{6})\/(\d{1,3})$/.exec(path);
  if (held && method === "GET") {
    const event = await context.db.simulatorNfseEvent.findFirst({ where: { nfse: { environment: 2, accessKey: held[1]! }, eventType: `e${held[2]!}`, sequence: Number(held[3]!) } });
    if (!event) return errorReply(context, { code: "E1831", description: "Nenhum evento encontrado para a NFS-e.", status: 404 }, "erro");
    if (shape === "swagger") return { status: 200, body: { ...envelope(context), eventoXmlGZipB64: gzipBase64(event.eventXml) } };
    return { status: 200, body: { ...envelope(context), eventos: [listedEvent(held[1]!, event)] } };
  }
  const events = /^\/nfse\/([0-9A-Z]{50})\/eventos$/.exec(path);
  if (events && method === "POST") {
    const result = await receiveEvent(context, events[1]!, body);
    if (!("kind" in result)) return errorReply(context, result, "erro");
    return { status: 201, body: { ...envelope(context), eventoXmlGZipB64: gzipBase64(result.eventXml) } };
  }
  return { status: 404, body: { ...envelope(context), erro: [{ codigo: "404", descricao: `Nenhum recurso em ${method} ${path}` }] } };
}

function routeOf(method: string, path: string): SefinRoute {
  if (path === "/nfse") return "submit";
  if (path.startsWith("/dps/")) return "dps";
  if (path.endsWith("/eventos")) return "event";
  if (path.includes("/eventos/")) return "event_lookup";
  return "nfse";
}

function fieldsOf(path: string, body: unknown): { dpsId?: string; accessKey?: string; cnpj?: string } {
  const key = /^\/nfse\/([0-9A-Z]{50})/.exec(path)?.[1];
  const dpsId = /^\/dps\/([^/]+)$/.exec(path)?.[1];
  // For a submission, the DPS Id and CNPJ are read from the request without a full parse.
  const data = body && typeof body === "object" ? (body as Record<string, unknown>).dpsXmlGZipB64 : undefined;
  if (typeof data === "string") {
    try {
      const xml = gunzipSync(Buffer.from(data, "base64")).toString("utf8");
      return { dpsId: /<infDPS\b[^>]*\bId="([^"]*)"/.exec(xml)?.[1], cnpj: /<prest><CNPJ>([0-9A-Z]{14})</.exec(xml)?.[1] };
    } catch {
      return {};
    }
  }
  return { accessKey: key, dpsId, cnpj: key?.slice(9, 23) };
}

/** Handles one request under /SefinNacional. */
export async function handleSefinRequest(context: SimulatorContext, faults: SefinFaultRegistry, request: http.IncomingMessage, rawBody: string, response: http.ServerResponse): Promise<void> {
  const method = request.method ?? "GET";
  const path = new URL(request.url ?? "/", "http://simulator").pathname.slice(SEFIN_PREFIX.length) || "/";
  const send = (reply: Reply) => {
    if (response.destroyed) return;
    const text = reply.body === undefined || method === "HEAD" ? "" : JSON.stringify(reply.body);
    response.writeHead(reply.status, { "Content-Type": "application/json; charset=utf-8" });
    response.end(text);
  };
  let body: unknown = null;
  try {
    body = rawBody ? JSON.parse(rawBody) : null;
  } catch {
    return send(errorReply(context, { code: "E1235", description: "Falha no esquema XML do DF-e.", complement: "Corpo JSON malformado.", status: 400 }));
  }
  const action: SefinFaultAction | undefined = faults.isEmpty() ? undefined : faults.take(routeOf(method, path), fieldsOf(path, body));
  if (action?.kind === "http_500") return send({ status: 500, body: { ...envelope(context), erros: [{ Codigo: "RNG9999", Descricao: "Erro não catalogado.", codigo: "RNG9999", descricao: "Erro não catalogado." }] } });
  if (action?.kind === "reject") return send(errorReply(context, { code: action.code, description: action.description ?? `Rejeição simulada ${action.code}`, status: action.status ?? 400 }));
  if (action?.kind === "delay" && action.beforeProcessing) await sleep(action.ms);
  const reply = await route(context, method, path, body, callerOf(request), action?.kind === "event_lookup_swagger" ? "swagger" : "listed");
  if (action?.kind === "delay" && !action.beforeProcessing) await sleep(action.ms);
  send(reply);
}
