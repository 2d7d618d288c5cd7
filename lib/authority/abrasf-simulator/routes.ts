import type http from "node:http";
import { ABRASF_OPERATIONS, buildAbrasfResponseEnvelope, buildSoapFault, readAbrasfRequestEnvelope, type AbrasfOperation } from "../abrasf-soap";
import { ABRASF_CITIES } from "../nfse-providers";
import type { SimulatorContext } from "../simulator/context";
import { answerAbrasfLot, LOT_OPERATIONS } from "./lots";
import { answerAbrasf } from "./receive";

// The ABRASF 2.04 city services of the simulator: POST /abrasf/{IBGE}/nfse.asmx,
// SOAP 1.1 as the cities' WSDL (lib/authority/abrasf-soap.ts), one service per
// city of the provider table, answering as that city's row says (signature profile,
// Aliquota format). A city not in the table has no service here (404).

export const ABRASF_PREFIX = "/abrasf/";

function reply(response: http.ServerResponse, status: number, body: string) {
  if (response.destroyed) return;
  response.writeHead(status, { "Content-Type": "text/xml; charset=utf-8" });
  response.end(body);
}

export async function handleAbrasfRequest(context: SimulatorContext, request: http.IncomingMessage, body: string, response: http.ServerResponse): Promise<void> {
  const pathname = new URL(request.url ?? "/", "http://simulator").pathname;
  const municipalityCode = /^\/abrasf\/(\d{7})\/nfse\.asmx$/.exec(pathname)?.[1];
  const provider = municipalityCode ? ABRASF_CITIES.find((city) => city.municipalityCode === municipalityCode) : undefined;
  if (!provider) return reply(response, 404, buildSoapFault(`No ABRASF city service at ${pathname}`));
  if (request.method !== "POST") return reply(response, 405, buildSoapFault("Only POST is accepted"));
  const envelope = readAbrasfRequestEnvelope(body);
  const operation = envelope?.operation as AbrasfOperation | undefined;
  if (!envelope || !operation || !ABRASF_OPERATIONS.includes(operation)) return reply(response, 500, buildSoapFault("Unknown operation or no nfseDadosMsg"));
  const answer = LOT_OPERATIONS.has(operation) ? answerAbrasfLot(context, provider, operation, envelope.cabecalho, envelope.dados) : answerAbrasf(context, provider, operation, envelope.cabecalho, envelope.dados);
  const { answerXml } = await answer;
  reply(response, 200, buildAbrasfResponseEnvelope(operation, provider.soap.namespace, answerXml));
}
