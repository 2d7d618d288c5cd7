import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { db, getPool } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { createTestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { defineContract } from "@/lib/contracts/contract";
import { handle } from "./handle";
import { isClientDisconnect, isDatabaseUnavailable } from "./transient-errors";

// Issue 34 problem 12: a database connection killed mid-request is a retryable
// 503, and a client that went away is not an "unhandled error".
const contract = defineContract({
  method: "POST",
  path: "/v1/test-transient/{how}",
  summary: "test",
  tag: "Test",
  scope: "clients:write",
  params: z.object({ how: z.enum(["prisma", "pg"]) }),
  body: z.object({ marker: z.string() }),
});
const route = handle(contract, async ({ params, body }) => {
  const statement = `SELECT pg_sleep(5), '${body.marker}'::text`;
  if (params.how === "prisma") await db.$queryRawUnsafe(statement);
  else await sql(getPool(), statement);
  return { ok: true };
});

/** Terminates the backend running the statement tagged with `marker`, once it is running. */
async function killBackendRunning(marker: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    for (let i = 0; i < 100; i++) {
      const { rows } = await admin.query(`SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity WHERE query LIKE $1 AND pid <> pg_backend_pid()`, [`%'${marker}'%`]);
      if (rows.some((row) => row.killed)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("the statement never ran");
  } finally {
    await admin.end();
  }
}

afterEach(() => vi.restoreAllMocks());

describe("transient failures", () => {
  it.each(["prisma", "pg"] as const)("a connection terminated mid-request (%s) answers 503 with Retry-After, without an unhandled-error log", async (how) => {
    const company = await createTestCompany();
    const logged = vi.spyOn(console, "error");
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const marker = `kill-${how}-${company.companyId}`;
    const [res] = await Promise.all([
      call(route, { method: "POST", path: `/v1/test-transient/${how}`, key: company.key, params: { how }, body: { marker } }),
      killBackendRunning(marker),
    ]);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ statusCode: 503, code: "service_unavailable" });
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(logged).not.toHaveBeenCalled();
    // The pool dropped the dead connection: the next request is served.
    expect((await db.$queryRawUnsafe<{ one: number }[]>("SELECT 1 AS one"))[0]!.one).toBe(1);
  });

  it("a client that closes the request mid-body is not logged as an unhandled error", async () => {
    const company = await createTestCompany();
    const logged = vi.spyOn(console, "error");
    const controller = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(new TextEncoder().encode('{"marker": "'));
        // The client goes away before sending the rest: as under Next, the request's signal is aborted
        // and the body stream fails as Node's IncomingMessage does (Error "aborted", ECONNRESET).
        setTimeout(() => {
          controller.abort();
          stream.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
        }, 50);
      },
    });
    const request = new Request("http://localhost/v1/test-transient/pg", {
      method: "POST",
      headers: { authorization: `Bearer ${company.key}`, "content-type": "application/json" },
      body,
      signal: controller.signal,
      duplex: "half",
    } as RequestInit);
    const response = await route(request, { params: Promise.resolve({ how: "pg" }) });
    expect(response.status).toBe(499);
    expect(await response.json()).toMatchObject({ code: "client_disconnected" });
    expect(logged).not.toHaveBeenCalled();
  });

  it("tells connection failures and disconnects apart from other errors", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code: "P2010", meta: { driverAdapterError: { cause: { originalCode: "57P01" } } } }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("wrapped", { cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }) }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("undefined is not a function"))).toBe(false);
    expect(isClientDisconnect(Object.assign(new Error("aborted"), { code: "ECONNRESET" }))).toBe(true);
    expect(isClientDisconnect(new DOMException("The operation was aborted", "AbortError"))).toBe(true);
    expect(isClientDisconnect(new Error("boom"))).toBe(false);
  });
});
