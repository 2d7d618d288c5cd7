import type http from "node:http";
import { gzipBase64 } from "../sefin-client";
import { ADN_PAGE_SIZE, ADN_SIMULATOR_PREFIX } from "../adn-client";
import { localTime, type SimulatorContext } from "../simulator/context";
import { callerOf } from "../sefin-simulator/tls-listener";
import { ADN_EVENT_TYPES, shareWithAdn } from "./share";

// The ADN's contributor API (adn-contribuinte-production.swagger.json) under
// /adn/contribuintes of the simulator: GET /DFe/{NSU}?cnpjConsulta&lote and
// GET /NFSe/{ChaveAcesso}/Eventos. Bodies as the Swagger's
// LoteDistribuicaoNSUResponse (PascalCase). "Nothing after this NSU" is 404 with
// StatusProcessamento NENHUM_DOCUMENTO_LOCALIZADO, as the real ADN answers
// (public clients stop their loop on that 404). The party is the mutual-TLS
// certificate's holder when the optional TLS listener is used, else
// cnpjConsulta (plain HTTP on loopback carries no certificate). Deliberate
// leniency: no hour's wait is enforced after an empty answer (the manual asks
// the client to wait; no refusal code for it is documented).

export const ADN_CONTRIBUINTES_PREFIX = `${ADN_SIMULATOR_PREFIX}/contribuintes`;
const ENVIRONMENT = 2;
const APP_VERSION = "SimuladorADN_1.0.0";

type Reply = { status: number; body: unknown };

function envelope(context: SimulatorContext) {
  return { TipoAmbiente: "HOMOLOGACAO", VersaoAplicativo: APP_VERSION, DataHoraProcessamento: localTime(context.now(), "35") };
}

function rejection(context: SimulatorContext, status: number, code: string, description: string): Reply {
  return { status, body: { StatusProcessamento: "REJEICAO", LoteDFe: null, Alertas: null, Erros: [{ Mensagem: null, Parametros: null, Codigo: code, Descricao: description, Complemento: null }], ...envelope(context) } };
}

function none(context: SimulatorContext): Reply {
  return { status: 404, body: { StatusProcessamento: "NENHUM_DOCUMENTO_LOCALIZADO", LoteDFe: null, Alertas: null, Erros: null, ...envelope(context) } };
}

type Row = { nsu: bigint | null; accessKey: string; documentType: string; eventType: string | null; xml: string; createdAt: Date };

function found(context: SimulatorContext, rows: Row[]): Reply {
  return {
    status: 200,
    body: {
      StatusProcessamento: "DOCUMENTOS_LOCALIZADOS",
      LoteDFe: rows.map((row) => ({
        NSU: row.nsu === null ? null : Number(row.nsu),
        ChaveAcesso: row.accessKey,
        TipoDocumento: row.documentType,
        TipoEvento: row.eventType,
        ArquivoXml: gzipBase64(row.xml),
        DataHoraGeracao: localTime(row.createdAt, "35"),
      })),
      Alertas: null,
      Erros: null,
      ...envelope(context),
    },
  };
}

const root = (document: string) => (document.length === 14 ? document.slice(0, 8) : document);

async function route(context: SimulatorContext, method: string, url: URL, caller: string | null | undefined): Promise<Reply> {
  const path = url.pathname.slice(ADN_CONTRIBUINTES_PREFIX.length);
  if (method !== "GET") return rejection(context, 405, "SIM405", `Método ${method} não suportado (código do simulador).`);
  const consulted = (url.searchParams.get("cnpjConsulta") ?? "").replace(/\D/g, "") || null;
  if (caller === null) return rejection(context, 401, "SIM401", "Certificado digital do cliente ausente ou sem CNPJ/CPF (código do simulador).");
  if (caller && consulted && root(caller) !== root(consulted)) return rejection(context, 403, "SIM403", "O CNPJ consultado não pertence ao titular do certificado (código do simulador).");
  const party = consulted ?? caller;

  const dfe = /^\/DFe\/(\d{1,19})$/i.exec(path);
  if (dfe) {
    if (!party) return rejection(context, 400, "SIM400", "Informe cnpjConsulta: sem certificado de cliente o simulador não sabe quem consulta (código do simulador).");
    await shareWithAdn(context.db, ENVIRONMENT, context.now());
    const nsu = BigInt(dfe[1]!);
    const batch = url.searchParams.get("lote") !== "false";
    const rows = await context.db.simulatorAdnDocument.findMany({
      where: { environment: ENVIRONMENT, party, nsu: batch ? { gt: nsu } : nsu },
      orderBy: { nsu: "asc" },
      take: batch ? ADN_PAGE_SIZE : 1,
    });
    return rows.length === 0 ? none(context) : found(context, rows);
  }
  const events = /^\/NFSe\/([0-9A-Z]{50})\/Eventos\/?$/i.exec(path);
  if (events) {
    await shareWithAdn(context.db, ENVIRONMENT, context.now());
    const rows = await context.db.simulatorNfseEvent.findMany({ where: { nfse: { environment: ENVIRONMENT, accessKey: events[1]! } }, include: { nfse: true }, orderBy: { createdAt: "asc" } });
    if (rows.length === 0) return none(context);
    return found(context, rows.map((row) => ({ nsu: null, accessKey: row.nfse.accessKey, documentType: "EVENTO", eventType: ADN_EVENT_TYPES[row.eventType] ?? null, xml: row.eventXml, createdAt: row.createdAt })));
  }
  return rejection(context, 404, "SIM404", `Nenhum recurso em ${method} ${path} (código do simulador).`);
}

/** Handles one request under /adn/contribuintes. */
export async function handleAdnRequest(context: SimulatorContext, request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const url = new URL(request.url ?? "/", "http://simulator");
  let reply: Reply;
  try {
    reply = await route(context, request.method ?? "GET", url, callerOf(request));
  } catch (error) {
    reply = { status: 500, body: { StatusProcessamento: "REJEICAO", Erros: [{ Codigo: "RNG9999", Descricao: "Erro não catalogado.", Complemento: (error as Error).message }], ...envelope(context) } };
  }
  if (response.destroyed) return;
  response.writeHead(reply.status, { "Content-Type": "application/json; charset=utf-8" });
  response.end(JSON.stringify(reply.body));
}
