import { Inngest } from "inngest";
import { afterEach, describe, expect, it } from "vitest";
import { createTestCompany, db } from "@/test/factories";
import { EMIT_DOCUMENT_FUNCTION_ID } from "@/lib/emission/events";
import { claimRun } from "./claim-run";
import { enqueueRun } from "./enqueue-run";
import { SlotShares, startLocalWorker } from "./local-worker";

// Issue 34, item 8: eight companies whose sends hang held all eight worker slots, and an
// unrelated company's authorization waited for them. Here emission-like runs (the function id
// and concurrency key of emission) of one authorizer hang, and another authorizer's run must
// still go through while they hold only their share of the slots.

const client = new Inngest({ id: "fair-shares-test" });
const started: string[] = [];
const finished: string[] = [];
let releaseHanging: () => void = () => {};
let hanging = new Promise<void>((resolve) => (releaseHanging = resolve));

const fakeEmission = client.createFunction({ id: EMIT_DOCUMENT_FUNCTION_ID, triggers: [{ event: "test/fair-emission" }] }, async ({ event, step }) => {
  await step.run("send", async () => {
    started.push(event.data.tag);
    if (event.data.hang) await hanging;
    finished.push(event.data.tag);
  });
});

const emissionKey = (companyId: string) => `${companyId}:55:1:HOMOLOGATION`;

afterEach(() => {
  releaseHanging();
  hanging = new Promise<void>((resolve) => (releaseHanging = resolve));
  started.length = 0;
  finished.length = 0;
});

describe("fair shares of the local worker's slots", () => {
  it("lets one authorizer hold at most half the slots, so another authorizer's emission runs while its sends hang", async () => {
    const hostile = await Promise.all(Array.from({ length: 4 }, () => createTestCompany({ state: "MG", municipalityCode: "3106200" })));
    const unrelated = await createTestCompany({ state: "SP" });
    const companyIds = [...hostile.map((c) => c.companyId), unrelated.companyId];
    for (const [index, company] of hostile.entries()) {
      await enqueueRun({ functionId: EMIT_DOCUMENT_FUNCTION_ID, eventName: "test/fair-emission", data: { tag: `mg-${index}`, hang: true }, concurrencyKey: emissionKey(company.companyId), companyId: company.companyId });
    }
    const worker = startLocalWorker(db, [fakeEmission], { concurrency: 4, pollMs: 20, companyIds });
    try {
      await expect.poll(() => started.length, { timeout: 5_000 }).toBe(2);
      await enqueueRun({ functionId: EMIT_DOCUMENT_FUNCTION_ID, eventName: "test/fair-emission", data: { tag: "sp", hang: false }, concurrencyKey: emissionKey(unrelated.companyId), companyId: unrelated.companyId });
      await expect.poll(() => finished, { timeout: 5_000 }).toContain("sp");
      // Two slots idle all along, yet the two other MG runs stayed queued.
      expect(started.filter((tag) => tag.startsWith("mg-"))).toHaveLength(2);
      releaseHanging();
      await expect.poll(() => finished.length, { timeout: 5_000 }).toBe(5);
    } finally {
      releaseHanging();
      await worker.stop();
    }
  });

  it("gives the claim the authorizer of an emission run (state, model, environment) and leaves out runs of excluded authorizers and companies", async () => {
    const company = await createTestCompany({ state: "RS", municipalityCode: "4314902" });
    await enqueueRun({ functionId: EMIT_DOCUMENT_FUNCTION_ID, eventName: "test/fair-emission", data: { tag: "rs" }, concurrencyKey: emissionKey(company.companyId), companyId: company.companyId });
    const claim = { workerId: "fair-test", leaseMs: 60_000, functionIds: [EMIT_DOCUMENT_FUNCTION_ID], companyIds: [company.companyId] };
    expect(await claimRun({ ...claim, excludeAuthorizers: ["RS:55:HOMOLOGATION"] })).toBeNull();
    expect(await claimRun({ ...claim, excludeCompanyIds: [company.companyId] })).toBeNull();
    const run = await claimRun({ ...claim, excludeAuthorizers: ["SP:55:HOMOLOGATION"] });
    expect(run).toMatchObject({ companyId: company.companyId, authorizerKey: "RS:55:HOMOLOGATION" });
  });
});

describe("slot shares", () => {
  it("admits runs up to each cap, names the full companies and authorizers, and frees a share on release", () => {
    const shares = new SlotShares({ perCompany: 2, perAuthorizer: 3 });
    const run = (id: string, companyId: string, authorizerKey: string | null = null) => ({ id, companyId, authorizerKey });
    expect(shares.admit(run("1", "a"))).toBe(true);
    expect(shares.admit(run("2", "a"))).toBe(true);
    expect(shares.admit(run("3", "a"))).toBe(false);
    expect(shares.exclusions()).toEqual({ excludeCompanyIds: ["a"], excludeAuthorizers: [] });
    expect(shares.admit(run("4", "b", "MG:55:PRODUCTION"))).toBe(true);
    expect(shares.admit(run("5", "c", "MG:55:PRODUCTION"))).toBe(true);
    expect(shares.admit(run("6", "d", "MG:55:PRODUCTION"))).toBe(true);
    expect(shares.admit(run("7", "e", "MG:55:PRODUCTION"))).toBe(false);
    expect(shares.admit(run("8", "e", "MG:65:PRODUCTION"))).toBe(true);
    expect(shares.exclusions().excludeAuthorizers).toEqual(["MG:55:PRODUCTION"]);
    shares.release("4");
    shares.release("1");
    expect(shares.exclusions()).toEqual({ excludeCompanyIds: [], excludeAuthorizers: [] });
  });
});
