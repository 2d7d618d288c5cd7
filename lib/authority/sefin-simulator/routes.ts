import type http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { gunzipSync, gzipSync } from "node:zlib";
import type { SimulatorContext } from "../simulator/context";
import { localTime } from "../simulator/context";
import { SIMULATOR_APP_VERSION } from "./build-nfse-xml";
import { nfseByAccessKey, nfseByDps } from "./nfse-store";
import type { SefinFaultAction, SefinFaultRegistry, SefinRoute } from "./faults";
import { receiveDps } from "./receive-dps";
import { receiveEvent } from "./receive-event";
import type { Rejection } from "./rejections";

// The Sefin Nacional REST API of the simulator, at the Swagger's paths under
// /SefinNacional: POST /nfse, GET|HEAD /dps/{id}, GET /nfse/{chave},
// POST /nfse/{chave}/eventos. Bodies as the Swagger; errors carry each field
// in both casings the real service has been seen to use (Codigo / codigo).
// The simulator speaks plain HTTP on loopback, so there is no client
// certificate to check: the "not a party" 403 of GET /nfse and GET /dps is not simulated.

export const SEFIN_PREFIX = "/SefinNacional";

type Reply = { status: number; body?: unknown };

const gzipBase64 = (xml: string) => gzipSync(Buffer.from(xml, "utf8")).toString("base64");

function envelope(context: SimulatorContext): Record<string, unknown> {
  return { tipoAmbiente: 2, versaoAplicativo: SIMULATOR_APP_VERSION, dataHoraProcessamento: localTime(context.now(), "35") };
}

function errorReply(context: SimulatorContext, rejection: Rejection, list: "erros" | "erro" = "erros", extra: Record<string, unknown> = {}): Reply {
  const complement = rejection.complement ?? null;
  const entry = { Codigo: rejection.code, Descricao: rejection.description, Complemento: complement, codigo: rejection.code, descricao: rejection.description, complemento: complement };
  return { status: rejection.status ?? 400, body: { ...envelope(context), ...extra, [list]: [entry] } };
}

async function route(context: SimulatorContext, method: string, path: string, body: unknown): Promise<Reply> {
  if (method === "POST" && path === "/nfse") {
    const result = await receiveDps(context, body);
    if (!("kind" in result)) return errorReply(context, result);
    return { status: 201, body: { ...envelope(context), idDps: result.dpsId, chaveAcesso: result.accessKey, nfseXmlGZipB64: gzipBase64(result.nfseXml), alertas: [] } };
  }
  const dps = /^\/dps\/([^/]+)$/.exec(path);
  if (dps && (method === "GET" || method === "HEAD")) {
    const found = await nfseByDps(decodeURIComponent(dps[1]!));
    if (!found) return method === "HEAD" ? { status: 404 } : errorReply(context, { code: "SIM404", description: "DPS não encontrada (código do simulador: o Swagger não documenta o corpo do 404).", status: 404 }, "erro");
    return method === "HEAD" ? { status: 200 } : { status: 200, body: { ...envelope(context), idDps: found.dpsId, chaveAcesso: found.accessKey } };
  }
  const nfse = /^\/nfse\/([^/]+)$/.exec(path);
  if (nfse && method === "GET") {
    if (!/^\d{50}$/.test(nfse[1]!)) return errorReply(context, { code: "SIM400", description: "Chave de acesso inválida: deve conter 50 dígitos (código do simulador).", status: 400 }, "erro");
    const found = await nfseByAccessKey(nfse[1]!);
    if (!found) return errorReply(context, { code: "E1831", description: "NFS-e não encontrada.", status: 404 }, "erro");
    return { status: 200, body: { ...envelope(context), chaveAcesso: found.accessKey, nfseXmlGZipB64: gzipBase64(found.nfseXml) } };
  }
  const events = /^\/nfse\/(\d{50})\/eventos$/.exec(path);
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
  return "nfse";
}

function fieldsOf(path: string, body: unknown): { dpsId?: string; accessKey?: string; cnpj?: string } {
  const key = /^\/nfse\/(\d{50})/.exec(path)?.[1];
  const dpsId = /^\/dps\/([^/]+)$/.exec(path)?.[1];
  // For a submission, the DPS Id and CNPJ are read from the request without a full parse.
  const data = body && typeof body === "object" ? (body as Record<string, unknown>).dpsXmlGZipB64 : undefined;
  if (typeof data === "string") {
    try {
      const xml = gunzipSync(Buffer.from(data, "base64")).toString("utf8");
      return { dpsId: /<infDPS\b[^>]*\bId="([^"]*)"/.exec(xml)?.[1], cnpj: /<prest><CNPJ>(\d{14})</.exec(xml)?.[1] };
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
  const action: SefinFaultAction | undefined = faults.take(routeOf(method, path), () => fieldsOf(path, body));
  if (action?.kind === "http_500") return send({ status: 500, body: { ...envelope(context), erros: [{ Codigo: "RNG9999", Descricao: "Erro não catalogado.", codigo: "RNG9999", descricao: "Erro não catalogado." }] } });
  if (action?.kind === "reject") return send(errorReply(context, { code: action.code, description: action.description ?? `Rejeição simulada ${action.code}`, status: action.status ?? 400 }));
  if (action?.kind === "delay" && action.beforeProcessing) await sleep(action.ms);
  const reply = await route(context, method, path, body);
  if (action?.kind === "delay" && !action.beforeProcessing) await sleep(action.ms);
  send(reply);
}
