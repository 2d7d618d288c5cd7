import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { afterAll, describe, expect, it } from "vitest";
import { createTestCompany, db } from "@/test/factories";

// The /v1 API-key limit across two server processes: each counts in memory and
// flushes every RATE_LIMIT_FLUSH_MS (lib/rate-limit/batched-window.ts); a
// process learns the other's hits at a key's first hit of the window and at
// each flush, and answers 429 once the key's hits in all processes pass the limit.
const FLUSH_MS = 100;
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});

async function startServer(limit: number): Promise<(key: string) => Promise<Response>> {
  const { REDIS_URL: _redis, ...env } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "lib/rate-limit/testing/api-server-process.ts"], {
    env: { ...env, API_RATE_LIMIT: String(limit), API_RATE_LIMIT_WINDOW_SECONDS: "3600", RATE_LIMIT_FLUSH_MS: String(FLUSH_MS) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  const [line] = (await once(createInterface({ input: child.stdout! }), "line")) as [string];
  const { port } = JSON.parse(line) as { port: number };
  return (key) => fetch(`http://127.0.0.1:${port}/v1/clients?pageSize=1`, { headers: { authorization: `Bearer ${key}` } });
}

const counted = async (apiKeyId: string) => (await db.rateLimitCounter.findUnique({ where: { key: `api-key:${apiKeyId}` } }))?.count ?? 0;

async function waitFor(what: string, probe: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("API-key rate limit across two server processes", () => {
  it("answers 429 at the limit when the key's hits are spread over both processes", { timeout: 60_000 }, async () => {
    const [first, second] = await Promise.all([startServer(5), startServer(5)]);
    const company = await createTestCompany({ scopes: ["clients:read"] });

    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await first(company.key);
      expect(response.status).toBe(200);
      remaining.push(response.headers.get("x-ratelimit-remaining")!);
    }
    expect(remaining).toEqual(["4", "3", "2"]);
    await waitFor("the first process's flush", async () => (await counted(company.apiKeyId)) === 3);

    // The second process reads the key's count at its first hit of the window.
    const fourth = await second(company.key);
    expect(fourth.status).toBe(200);
    expect(fourth.headers.get("x-ratelimit-remaining")).toBe("1");
    expect((await second(company.key)).status).toBe(200);
    const refused = await second(company.key);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ statusCode: 429, code: "rate_limited" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("ratelimit")).toMatch(/^"api-key";r=0;t=\d+$/);
    expect(refused.headers.get("ratelimit-policy")).toBe('"api-key";q=5;w=3600');

    // Refused hits count too; once flushed, the first process reads them back at its next flush.
    await waitFor("the second process's flush", async () => (await counted(company.apiKeyId)) === 6);
    await new Promise((resolve) => setTimeout(resolve, 3 * FLUSH_MS));
    const afterSync = await first(company.key);
    expect(afterSync.status).toBe(429);
    expect(afterSync.headers.get("x-ratelimit-remaining")).toBe("0");
  });
});
