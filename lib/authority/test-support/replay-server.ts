import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { SoapTaxAuthority } from "../soap-tax-authority";
import { closeServer, listenOnLoopback } from "./loopback-server";

// A loopback SEFAZ stand-in that answers each web service (read from the SOAP
// 1.2 action in the request's Content-Type) with the body a test set: canned
// or recorded answers replayed through the real SOAP client.

export type ReplayedRequest = { url: string; contentType: string; body: string };
export type ReplayServer = {
  baseUrl: string;
  /** Every request received, in order. */
  requests: ReplayedRequest[];
  /** The answer (and HTTP status) for a service such as "NFeAutorizacao4"; a list is answered in turn, the last one repeated. */
  answer(service: string, bodies: string | string[], status?: number): void;
  close(): Promise<void>;
};

export const AUTHORITY_ANSWERS_DIR = path.resolve(import.meta.dirname, "../../../test/fixtures/authority-answers");

/** A recorded answer from test/fixtures/authority-answers (sources in its README). */
export function recordedAnswer(file: string): string {
  return readFileSync(path.join(AUTHORITY_ANSWERS_DIR, file), "utf8").trim();
}

export async function startReplayServer(): Promise<ReplayServer> {
  const answers = new Map<string, { bodies: string[]; status: number }>();
  const requests: ReplayedRequest[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const received = { url: request.url ?? "", contentType: String(request.headers["content-type"]), body: Buffer.concat(chunks).toString("utf8") };
      requests.push(received);
      const service = /\/wsdl\/((?:NFe|Cad)\w+)\//.exec(received.contentType)?.[1] ?? "";
      const planned = answers.get(service);
      const body = planned ? (planned.bodies.length > 1 ? planned.bodies.shift()! : planned.bodies[0]!) : "";
      response.writeHead(planned?.status ?? 404, { "Content-Type": "application/soap+xml; charset=utf-8" });
      response.end(body);
    });
  });
  const port = await listenOnLoopback(server);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    answer(service, bodies, status = 200) {
      answers.set(service, { bodies: Array.isArray(bodies) ? [...bodies] : [bodies], status });
    },
    close: () => closeServer(server),
  };
}

/**
 * For one test file: a replay server and the real SOAP client pointed at it
 * (receipt polls without waiting), started before the tests and closed after.
 */
export function setUpReplayClient(): { readonly replay: ReplayServer; readonly client: SoapTaxAuthority } {
  const state = {} as { replay: ReplayServer; client: SoapTaxAuthority };
  beforeAll(async () => {
    state.replay = await startReplayServer();
    state.client = new SoapTaxAuthority({ timeoutMs: 3_000, baseUrl: state.replay.baseUrl, receiptPollIntervalMs: 1 });
  });
  afterAll(() => state.replay.close());
  return state;
}
