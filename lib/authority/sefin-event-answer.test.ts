import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCancellationEvent } from "@/lib/fiscal/nfse/read-event";
import { SefinNacionalClient } from "./sefin-client";
import { readSefinEvent, unwrapArquivoXml } from "./sefin-event-answer";
import { closeServer, listenOnLoopback } from "./test-support/loopback-server";
import { AUTHORITY_ANSWERS_DIR } from "./test-support/replay-server";

// Sefin Nacional's event lookup as it really answers (the list `eventos`, arquivoXml two layers
// deep; test/fixtures/authority-answers/composed-sefin-eventos-arquivoxml.json, sources in its
// README) and as the Swagger says (eventoXmlGZipB64), through the real client on loopback.

const recorded = JSON.parse(readFileSync(path.join(AUTHORITY_ANSWERS_DIR, "composed-sefin-eventos-arquivoxml.json"), "utf8")) as {
  eventos: Array<{ chaveAcesso: string; arquivoXml: string }>;
};
const KEY = recorded.eventos[0]!.chaveAcesso;
const certificate = { privateKeyPem: "", certificatePem: "" };

let server: http.Server;
let client: SefinNacionalClient;
let answer: { status: number; body: unknown } = { status: 200, body: recorded };
const paths: string[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    paths.push(request.url ?? "");
    response.writeHead(answer.status, { "Content-Type": "application/json" });
    response.end(JSON.stringify(answer.body));
  });
  const port = await listenOnLoopback(server);
  client = new SefinNacionalClient({ timeoutMs: 3_000, baseUrl: `http://127.0.0.1:${port}/SefinNacional` });
});
afterAll(() => closeServer(server));

describe("GET /nfse/{chave}/eventos/{tipo}/{seq} through the real client", () => {
  it("reads the recorded shape: the list eventos, arquivoXml = base64 of the gzip-base64 text, dataHoraRecebimento in Brasília time", async () => {
    answer = { status: 200, body: recorded };
    expect(recorded.eventos[0]!.arquivoXml.startsWith("SDRzSUFBQUFB")).toBe(true);
    const held = await client.getEvent("HOMOLOGATION", KEY, "101101", 1, certificate);
    expect(paths.at(-1)).toBe(`/SefinNacional/nfse/${KEY}/eventos/101101/1`);
    expect(held).toMatchObject({ kind: "authorized", processedAt: "2026-02-27T19:42:04.19-03:00" });
    if (held.kind !== "authorized") return;
    expect(readCancellationEvent(held.eventXml)).toMatchObject({ id: `EVT${KEY}101101001`, processedAt: "2026-02-27T19:42:04-03:00", reasonCode: "1", justification: "Erro na emissao do documento fiscal" });
  });

  it("reads the Swagger's eventoXmlGZipB64 as before", async () => {
    const xml = `<evento><infEvento Id="EVT${KEY}101101001"><dhProc>2026-02-27T19:42:04-03:00</dhProc></infEvento></evento>`;
    answer = { status: 200, body: { dataHoraProcessamento: "2026-03-02T09:55:36-03:00", eventoXmlGZipB64: gzipSync(xml).toString("base64") } };
    expect(await client.getEvent("HOMOLOGATION", KEY, "101101", 1, certificate)).toEqual({ kind: "authorized", eventXml: xml, processedAt: "2026-03-02T09:55:36-03:00" });
  });

  it("an empty list, or one naming only another sequence, holds no such event; a list item without arquivoXml is unreadable", async () => {
    answer = { status: 200, body: { ...recorded, eventos: [] } };
    expect(await client.getEvent("HOMOLOGATION", KEY, "101101", 1, certificate)).toEqual({ kind: "not_found" });
    answer = { status: 200, body: recorded };
    expect(await client.getEvent("HOMOLOGATION", KEY, "101101", 2, certificate)).toEqual({ kind: "not_found" });
    answer = { status: 200, body: { eventos: [{ tipoEvento: "101101", numeroPedidoRegistroEvento: "1" }] } };
    expect(await client.getEvent("HOMOLOGATION", KEY, "101101", 1, certificate)).toMatchObject({ kind: "communication_failure" });
    answer = { status: 200, body: { versaoAplicativo: "SefinNacional_1.6.0" } };
    expect(await client.getEvent("HOMOLOGATION", KEY, "101101", 1, certificate)).toMatchObject({ kind: "communication_failure" });
  });
});

describe("unwrapArquivoXml", () => {
  const xml = "<evento/>";
  const gzipB64 = gzipSync(xml).toString("base64");
  it.each([
    ["two layers (as Sefin answers)", Buffer.from(gzipB64).toString("base64")],
    ["one layer (gzip + base64, as the Swagger's other fields)", gzipB64],
    ["base64 of the plain XML", Buffer.from(xml).toString("base64")],
  ])("%s", (_, data) => expect(unwrapArquivoXml(data)).toBe(xml));

  it("refuses what is not base64", () => {
    expect(unwrapArquivoXml("not base64 at all!")).toBeNull();
    expect(readSefinEvent({ eventos: [{ arquivoXml: "%%%" }] })).toMatchObject({ kind: "communication_failure" });
  });
});
