import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { buildSoapFault, readAbrasfResponseEnvelope, buildAbrasfResponseEnvelope } from "./abrasf-soap";
import { callMunicipalSoap, type MunicipalSoapCall } from "./municipal-soap-call";
import { closeServer, listenOnLoopback } from "./test-support/loopback-server";

// The one SOAP call both city clients make: what reaches the server (headers, body) and
// which answers are a communication failure (HTTP status, SOAP fault, no answer element).

const NS = "http://nfse.abrasf.org.br";
let server: http.Server;
let baseUrl: string;
let seen: { contentType?: string; soapAction?: string; body: string } | null = null;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      seen = { contentType: request.headers["content-type"], soapAction: request.headers.soapaction as string | undefined, body };
      const answers: Record<string, [number, string]> = {
        "/ok": [200, buildAbrasfResponseEnvelope("GerarNfse", NS, "<GerarNfseResposta><Numero>7</Numero></GerarNfseResposta>")],
        "/fault": [500, buildSoapFault("Server was unable to process request")],
        "/fault200": [200, buildSoapFault("Validation")],
        "/502": [502, "<html>Bad gateway</html>"],
        "/empty": [200, `<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body/></soap:Envelope>`],
      };
      const [status, text] = answers[request.url ?? ""] ?? [404, "not found"];
      response.writeHead(status, { "Content-Type": "text/xml" }).end(text);
    });
  });
  baseUrl = `http://127.0.0.1:${await listenOnLoopback(server)}`;
});
afterAll(() => closeServer(server));

function call(pathname: string, change: Partial<MunicipalSoapCall> = {}): MunicipalSoapCall {
  return {
    url: `${baseUrl}${pathname}`,
    serviceName: "Cidade Teste",
    contentType: "text/xml; charset=utf-8",
    soapAction: '"http://nfse.abrasf.org.br/GerarNfse"',
    envelope: "<Envelope>pedido</Envelope>",
    certificate: testSigningCredentials("11222333000181"),
    timeoutMs: 5_000,
    readAnswer: (envelope) => readAbrasfResponseEnvelope(envelope, "GerarNfse"),
    missingAnswer: "Cidade Teste answered GerarNfse without GerarNfseResult",
    ...change,
  };
}

describe("callMunicipalSoap", () => {
  it("posts the envelope with the content type and SOAPAction given, and answers the embedded XML unescaped", async () => {
    const answer = await callMunicipalSoap(call("/ok"));
    expect(answer).toBe("<GerarNfseResposta><Numero>7</Numero></GerarNfseResposta>");
    expect(seen).toEqual({ contentType: "text/xml; charset=utf-8", soapAction: '"http://nfse.abrasf.org.br/GerarNfse"', body: "<Envelope>pedido</Envelope>" });
    await callMunicipalSoap(call("/ok", { contentType: "application/soap+xml; charset=utf-8", soapAction: "http://www.prefeitura.sp.gov.br/nfe/ws/envioRPS" }));
    expect(seen?.contentType).toBe("application/soap+xml; charset=utf-8");
    expect(seen?.soapAction).toBe("http://www.prefeitura.sp.gov.br/nfe/ws/envioRPS");
  });

  it("a SOAP fault is a communication failure naming the service and the fault, whatever the HTTP status", async () => {
    expect(await callMunicipalSoap(call("/fault"))).toEqual({ kind: "communication_failure", reason: "HTTP 500 from Cidade Teste, SOAP fault: Server was unable to process request (soap:Client)" });
    expect(await callMunicipalSoap(call("/fault200"))).toEqual({ kind: "communication_failure", reason: "HTTP 200 from Cidade Teste, SOAP fault: Validation (soap:Client)" });
  });

  it("an HTTP status of 300 or more is a communication failure", async () => {
    expect(await callMunicipalSoap(call("/502"))).toEqual({ kind: "communication_failure", reason: "HTTP 502 from Cidade Teste" });
  });

  it("an envelope without the answer element is a communication failure with the caller's reason", async () => {
    expect(await callMunicipalSoap(call("/empty"))).toEqual({ kind: "communication_failure", reason: "Cidade Teste answered GerarNfse without GerarNfseResult" });
  });

  it("no connection is a communication failure (nothing answered)", async () => {
    const closed = http.createServer();
    const port = await listenOnLoopback(closed);
    await closeServer(closed);
    const answer = await callMunicipalSoap(call("/ok", { url: `http://127.0.0.1:${port}/ok` }));
    expect(answer).toMatchObject({ kind: "communication_failure" });
  });
});
