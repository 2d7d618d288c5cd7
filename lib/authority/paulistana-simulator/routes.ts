import type http from "node:http";
import { buildSoapFault } from "../abrasf-soap";
import { PAULISTANA } from "../nfse-providers";
import type { PaulistanaOperation } from "../nfse-providers";
import { PAULISTANA_SIMULATOR_PATH } from "../paulistana-client";
import { buildPaulistanaResponseEnvelope, PAULISTANA_OPERATIONS, readPaulistanaRequestEnvelope } from "../paulistana-soap";
import type { SimulatorContext } from "../simulator/context";
import { answerPaulistana } from "./receive";

// São Paulo's LoteNFe in the simulator: POST /paulistana/ws/lotenfe.asmx, SOAP as the city's
// WSDL (lib/authority/paulistana-soap.ts). The operation is the body element less "Request"
// and must match the SOAPAction header; a body element the service does not know answers
// 1102 inside a Retorno, as the city does (SP-CLIENT: a wrong element gives 1102).

export const PAULISTANA_PREFIX = "/paulistana/";

function reply(response: http.ServerResponse, status: number, body: string) {
  if (response.destroyed) return;
  response.writeHead(status, { "Content-Type": "application/soap+xml; charset=utf-8" });
  response.end(body);
}

export async function handlePaulistanaRequest(context: SimulatorContext, request: http.IncomingMessage, body: string, response: http.ServerResponse): Promise<void> {
  const pathname = new URL(request.url ?? "/", "http://simulator").pathname;
  if (pathname !== PAULISTANA_SIMULATOR_PATH) return reply(response, 404, buildSoapFault(`No LoteNFe service at ${pathname}`));
  if (request.method !== "POST") return reply(response, 405, buildSoapFault("Only POST is accepted"));
  const envelope = readPaulistanaRequestEnvelope(body);
  const action = String(request.headers.soapaction ?? "").replace(/"/g, "");
  const operation = PAULISTANA_OPERATIONS.find((candidate) => PAULISTANA.soap.actions[candidate] === action) as PaulistanaOperation | undefined;
  if (!envelope || !operation) return reply(response, 500, buildSoapFault(`Server did not recognize the value of HTTP Header SOAPAction: ${action}.`));
  const message = envelope.element === `${operation}Request` ? envelope.message : null;
  reply(response, 200, buildPaulistanaResponseEnvelope(operation, PAULISTANA.soap.namespace, await answerPaulistana(context, operation, message)));
}
