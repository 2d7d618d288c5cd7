import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/openapi/openapi-document";
import { signedHeaders } from "@/lib/webhooks/signature";
import { API_VERSION, FiscalApiError, FiscalIssuer, WebhookSignatureError, constructWebhookEvent, verifyWebhookSignature } from "@/sdk/typescript/src";
import { generateSdks } from "./generate-sdks";
import { readmeExample } from "./readme-examples";

function python(script: string, env: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync("python3", ["-c", script], { encoding: "utf8", timeout: 30_000, env: { ...process.env, PYTHONPATH: "sdk/python", ...env } });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The same, without blocking the event loop (the scripted server below runs in this process). */
function pythonAsync(script: string, env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn("python3", ["-c", script], { env: { ...process.env, PYTHONPATH: "sdk/python", ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

describe("generated SDKs", () => {
  it("the committed generated files are what `npm run sdk:generate` writes now (run it after changing a contract)", async () => {
    const files = await generateSdks();
    expect(Object.keys(files).length).toBeGreaterThanOrEqual(5);
    for (const [file, content] of Object.entries(files)) {
      expect(readFileSync(file, "utf8"), `${file} is stale: run npm run sdk:generate`).toBe(content);
    }
  });

  it("both SDKs carry the API's version and one method per operation", () => {
    const document = buildOpenApiDocument() as { info: { version: string }; paths: Record<string, Record<string, { operationId: string }>> };
    const operationIds = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect(API_VERSION).toBe(document.info.version);
    expect(JSON.parse(readFileSync("sdk/typescript/package.json", "utf8")).version).toBe(document.info.version);
    expect(readFileSync("sdk/python/pyproject.toml", "utf8")).toContain(`version = "${document.info.version}"`);
    const client = new FiscalIssuer({ baseUrl: "http://127.0.0.1" }) as unknown as Record<string, unknown>;
    for (const id of operationIds) expect(typeof client[id], id).toBe("function");
    const run = python(`
import json, fiscal_issuer
c = fiscal_issuer.FiscalIssuer("http://127.0.0.1")
print(json.dumps({"version": fiscal_issuer.__version__, "methods": [m for m in dir(c) if not m.startswith("_")]}))`);
    expect(run.stderr).toBe("");
    const out = JSON.parse(run.stdout) as { version: string; methods: string[] };
    expect(out.version).toBe(document.info.version);
    for (const id of operationIds) expect(out.methods, id).toContain(id.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase());
  });
});

describe("the TypeScript README example", () => {
  it("type-checks against the generated types (strict), as an integrator's editor would", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sdk-readme-ts-"));
    try {
      const file = path.join(dir, "example.ts");
      const entry = path.resolve("sdk/typescript/src/index.ts").replace(/\.ts$/, "");
      writeFileSync(file, `${readmeExample("typescript").replaceAll('"@fiscal-issuer/sdk"', JSON.stringify(entry))}\nexport {};\n`);
      const program = ts.createProgram([file], {
        strict: true, noUncheckedIndexedAccess: true, noEmit: true, skipLibCheck: true, target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
        types: ["node"], typeRoots: [path.resolve("node_modules/@types")],
      });
      const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      expect(problems).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// A stand-in server that answers each request from a script: 503 with Retry-After, then 201.
describe("SDK runtimes against a scripted server", () => {
  type Seen = { method: string; url: string; headers: IncomingMessage["headers"]; body: string; at: number };
  let server: Server;
  let baseUrl: string;
  let seen: Seen[] = [];
  let script: { status: number; headers?: Record<string, string>; body: unknown }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      request.on("end", () => {
        seen.push({ method: request.method!, url: request.url!, headers: request.headers, body, at: Date.now() });
        const next = script.shift() ?? { status: 500, body: { statusCode: 500, error: "Internal Server Error", message: "script exhausted" } };
        response.writeHead(next.status, { "content-type": "application/json", ...next.headers });
        response.end(JSON.stringify(next.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const unavailable = { status: 503, headers: { "retry-after": "1" }, body: { statusCode: 503, error: "Service Unavailable", message: "authority unavailable", code: "authority_unavailable" } };
  const created = { status: 201, body: { id: "doc_1", status: "AUTHORIZED" } };

  it("TypeScript: retries after Retry-After with the same Idempotency-Key, sends Prefer: wait, and throws the error object", async () => {
    seen = [];
    script = [unavailable, created];
    const client = new FiscalIssuer({ baseUrl, apiKey: "fsk_test" });
    const answer = await client.postV1FiscalDocumentsIdEmit({ path: { id: "doc 1" } }, { wait: 10 });
    expect(answer).toEqual({ id: "doc_1", status: "AUTHORIZED" });
    expect(seen).toHaveLength(2);
    expect(seen[0]!.url).toBe("/v1/fiscal-documents/doc%201/emit");
    expect(seen[0]!.headers.authorization).toBe("Bearer fsk_test");
    expect(seen[0]!.headers.prefer).toBe("wait=10");
    expect(seen[0]!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[1]!.headers["idempotency-key"]).toBe(seen[0]!.headers["idempotency-key"]);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(950);

    seen = [];
    script = [{ status: 422, body: { statusCode: 422, error: "Unprocessable Entity", message: "not a draft", code: "invalid_status" } }];
    const error = await client.postV1FiscalDocumentsIdEmit({ path: { id: "x" } }, { idempotencyKey: "mine" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FiscalApiError);
    expect((error as FiscalApiError).status).toBe(422);
    expect((error as FiscalApiError).body).toEqual({ statusCode: 422, error: "Unprocessable Entity", message: "not a draft", code: "invalid_status" });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers["idempotency-key"]).toBe("mine");

    seen = [];
    script = [unavailable, unavailable];
    const exhausted = await client.getV1FiscalDocuments({ query: { page: 2 } }, { maxRetries: 1 }).catch((e: unknown) => e);
    expect((exhausted as FiscalApiError).code).toBe("authority_unavailable");
    expect((exhausted as FiscalApiError).retryAfter).toBe(1);
    expect(seen.map((s) => s.url)).toEqual(["/v1/fiscal-documents?page=2", "/v1/fiscal-documents?page=2"]);
    expect(seen[0]!.headers["idempotency-key"]).toBeUndefined();
  });

  it("TypeScript: paginate walks every page", async () => {
    seen = [];
    script = [1, 2, 3].map((page) => ({ status: 200, body: { data: [`a${page}`, `b${page}`].slice(0, page === 3 ? 1 : 2), meta: { page, pageSize: 2, total: 5, totalPages: 3 } } }));
    const client = new FiscalIssuer({ baseUrl, apiKey: "fsk_test" });
    const items: unknown[] = [];
    for await (const item of client.paginate((page) => client.getV1Clients({ query: { page, pageSize: 2 } }))) items.push(item);
    expect(items).toEqual(["a1", "b1", "a2", "b2", "a3"]);
    expect(seen.map((s) => s.url)).toEqual(["/v1/clients?page=1&pageSize=2", "/v1/clients?page=2&pageSize=2", "/v1/clients?page=3&pageSize=2"]);
  });

  it("Python: the same retry, Idempotency-Key, Prefer: wait, error object and pagination", async () => {
    seen = [];
    script = [
      unavailable, created,
      { status: 409, body: { statusCode: 409, error: "Conflict", message: "in use", code: "idempotency_key_in_use" } },
      { status: 404, body: { statusCode: 404, error: "Not Found", message: "Document not found", code: "not_found" } },
      ...[1, 2].map((page) => ({ status: 200, body: { data: [page], meta: { page, pageSize: 1, total: 2, totalPages: 2 } } })),
    ];
    const run = await pythonAsync(`
import json, os
from fiscal_issuer import FiscalIssuer, FiscalApiError
c = FiscalIssuer(os.environ["BASE"], "fsk_py", max_retries=1)
out = {"emit": c.post_v1_fiscal_documents_id_emit("doc 1", wait=5)}
try:
    c.get_v1_fiscal_documents_id("nope")
except FiscalApiError as e:
    out["error"] = [e.status, e.code, e.body["message"]]
out["pages"] = list(c.paginate(c.get_v1_clients, query={"pageSize": 1}))
print(json.dumps(out))`, { BASE: baseUrl });
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual({ emit: { id: "doc_1", status: "AUTHORIZED" }, error: [404, "not_found", "Document not found"], pages: [1, 2] });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      "POST /v1/fiscal-documents/doc%201/emit", "POST /v1/fiscal-documents/doc%201/emit",
      "GET /v1/fiscal-documents/nope", "GET /v1/fiscal-documents/nope",
      "GET /v1/clients?pageSize=1&page=1", "GET /v1/clients?pageSize=1&page=2",
    ]);
    expect(seen[0]!.headers.prefer).toBe("wait=5");
    expect(seen[0]!.headers.authorization).toBe("Bearer fsk_py");
    expect(seen[1]!.headers["idempotency-key"]).toBe(seen[0]!.headers["idempotency-key"]);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(950);
  });
});

describe("webhook signature verification accepts what the service signs", () => {
  const secret = "whsec_test_secret";
  const payload = JSON.stringify({ id: "evt_42", type: "document.authorized", createdAt: "2026-12-07T12:00:00.000Z", data: { documentId: "d1", totalValue: "10.00" } });
  const at = new Date("2026-12-07T12:00:05Z");
  const { headers } = signedHeaders({ secret, payload, eventType: "document.authorized", deliveryId: "del_1", at });
  const header = headers["x-webhook-signature"]!;
  const now = Math.floor(at.getTime() / 1000) + 10;

  it("TypeScript", () => {
    expect(constructWebhookEvent({ payload, signatureHeader: header, secret, now }).id).toBe("evt_42");
    expect(() => verifyWebhookSignature({ payload: Buffer.from(payload), signatureHeader: header, secret, now })).not.toThrow();
    expect(() => verifyWebhookSignature({ payload: payload.replace("10.00", "99.00"), signatureHeader: header, secret, now })).toThrow(WebhookSignatureError);
    expect(() => verifyWebhookSignature({ payload, signatureHeader: header, secret: "whsec_other", now })).toThrow("does not match");
    expect(() => verifyWebhookSignature({ payload, signatureHeader: header, secret, now: now + 600 })).toThrow("tolerance");
    expect(() => verifyWebhookSignature({ payload, signatureHeader: "v1=abc", secret, now })).toThrow("malformed");
  });

  it("Python", () => {
    const run = python(`
import json, os
from fiscal_issuer import construct_webhook_event, verify_webhook_signature, WebhookSignatureError
p, h, s, now = os.environ["PAYLOAD"].encode(), os.environ["HEADER"], os.environ["SECRET"], int(os.environ["NOW"])
out = [construct_webhook_event(p, h, s, now=now)["id"]]
for args in [(p.replace(b"10.00", b"99.00"), h, s, now), (p, h, "whsec_other", now), (p, h, s, now + 600), (p, "v1=abc", s, now)]:
    try:
        verify_webhook_signature(args[0], args[1], args[2], now=args[3]); out.append("accepted")
    except WebhookSignatureError as e:
        out.append(str(e))
print(json.dumps(out))`, { PAYLOAD: payload, HEADER: header, SECRET: secret, NOW: String(now) });
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual(["evt_42", "signature does not match", "signature does not match", "signature timestamp outside the tolerance", "malformed signature header"]);
  });

  it("the READMEs' fixed example is signed as the service signs it", () => {
    const body = '{"id":"evt_1","type":"webhook.test","createdAt":"2026-11-23T12:00:00.000Z","data":{}}';
    const sample = signedHeaders({ secret: "whsec_example", payload: body, eventType: "webhook.test", deliveryId: "d", at: new Date(1795435200_000) }).headers["x-webhook-signature"]!;
    for (const readme of ["sdk/typescript/README.md", "sdk/python/README.md"]) expect(readFileSync(readme, "utf8")).toContain(sample);
  });
});
