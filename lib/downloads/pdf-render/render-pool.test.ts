import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { exampleNfe, nfeWithItems, pageSizes } from "@/lib/danfe/testing/pdf-tools";
import { createCompanyGate } from "./company-gate";
import { renderPdfJob } from "./pdf-jobs";
import { createRenderPool } from "./render-pool";

// Issue 34, item 5: 20 concurrent DANFEs of a 990-item NF-e took /health to 12 s when they
// rendered on the event loop. Here they render in the worker pool while a /health-like server
// in this thread answers, and the loop's lag is sampled.

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
};

describe("company gate", () => {
  it("runs at most perCompany renders of one company, queues the next ones, refuses above the queue with 429 and Retry-After, and lets another company through", async () => {
    const gate = createCompanyGate({ perCompany: 2, queuePerCompany: 3 });
    const release = deferred();
    let started = 0;
    const task = async () => {
      started++;
      await release.promise;
      return "done";
    };
    const accepted = Array.from({ length: 5 }, () => gate.run("company-a", task));
    await Promise.resolve();
    expect(started).toBe(2);
    expect(gate.load("company-a")).toEqual({ running: 2, waiting: 3 });
    const refused = await gate.run("company-a", task).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).status).toBe(429);
    expect((refused as DomainError).headers["Retry-After"]).toMatch(/^\d+$/);

    const other = gate.run("company-b", async () => {
      started++;
      return "b";
    });
    await expect(other).resolves.toBe("b");
    expect(started).toBe(3);

    release.resolve();
    await expect(Promise.all(accepted)).resolves.toEqual(["done", "done", "done", "done", "done"]);
    expect(started).toBe(6);
    expect(gate.load("company-a")).toEqual({ running: 0, waiting: 0 });
  });

  it("frees the slot of a render that failed", async () => {
    const gate = createCompanyGate({ perCompany: 1, queuePerCompany: 0 });
    await expect(gate.run("c", async () => Promise.reject(new Error("broken XML")))).rejects.toThrow("broken XML");
    await expect(gate.run("c", async () => "next")).resolves.toBe("next");
  });
});

describe("render pool", () => {
  const pool = createRenderPool({ workers: 2, timeLimitMs: 120_000 }, renderPdfJob);
  let health: Server | undefined;
  afterAll(async () => {
    await pool.close();
    health?.close();
  });

  it("renders large DANFEs in worker threads while this thread's event loop answers /health in well under 1 s", async () => {
    health = createServer((_request, response) => response.end("ok"));
    await new Promise<void>((resolve) => health!.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(health.address() as AddressInfo).port}/health`;
    const large = nfeWithItems(exampleNfe(), 990, (i) => ({ description: `PRODUTO DE TESTE NUMERO ${i + 1} COM DESCRICAO LONGA` }));

    let maxLagMs = 0;
    let expected = performance.now() + 20;
    const sampler = setInterval(() => {
      const now = performance.now();
      maxLagMs = Math.max(maxLagMs, now - expected);
      expected = now + 20;
    }, 20);
    const healthTimes: number[] = [];
    let rendering = true;
    const probe = (async () => {
      while (rendering) {
        const start = performance.now();
        expect((await fetch(url)).status).toBe(200);
        healthTimes.push(performance.now() - start);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const pdfs = await Promise.all(Array.from({ length: 6 }, () => pool.render({ kind: "danfe-xml", authorizedXml: large, options: {} })));
    rendering = false;
    await probe;
    clearInterval(sampler);

    for (const pdf of pdfs) expect(pageSizes(pdf).length).toBeGreaterThan(10);
    expect(healthTimes.length).toBeGreaterThan(3);
    expect(Math.max(...healthTimes)).toBeLessThan(1_000);
    expect(maxLagMs).toBeLessThan(1_000);
  }, 240_000);

  it("answers a render's failure as the job's error and keeps serving", async () => {
    await expect(pool.render({ kind: "danfe-xml", authorizedXml: "<not-an-nfe/>", options: {} })).rejects.toThrow();
    const pdf = await pool.render({ kind: "danfe-xml", authorizedXml: exampleNfe(), options: {} });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  }, 60_000);
});
