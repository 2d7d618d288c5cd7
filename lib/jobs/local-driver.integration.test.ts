import { Inngest, NonRetriableError } from "inngest";
import { describe, expect, it } from "vitest";
import { db } from "@/test/factories";
import { claimRun } from "./claim-run";
import { enqueueRun, runRow } from "./enqueue-run";
import { executeRun, type Finisher, type FinishStatement } from "./execute-run";
import { toLocalFunction } from "./function-access";
import { drainDueRuns, slotPools, startLocalWorker } from "./local-worker";

// The local driver runs real inngest.createFunction definitions; these test
// functions record each side effect so a repeated step would show.
const client = new Inngest({ id: "local-driver-test" });
const effects: string[] = [];
let failuresLeft = 0;

const twoSteps = client.createFunction(
  { id: "test-two-steps", triggers: [{ event: "test/two-steps" }], retries: 2 },
  async ({ event, step }) => {
    const first = await step.run("first", () => {
      effects.push(`first:${event.data.tag}`);
      return { at: new Date("2026-01-01T00:00:00Z") };
    });
    await step.run("second", () => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error("transient");
      }
      effects.push(`second:${event.data.tag}`);
    });
    return { first };
  },
);

const sleeper = client.createFunction({ id: "test-sleeper", triggers: [{ event: "test/sleeper" }] }, async ({ event, step }) => {
  await step.run("before", () => effects.push(`before:${event.data.tag}`));
  await step.sleep("nap", "10m");
  await step.run("after", () => effects.push(`after:${event.data.tag}`));
  return "woke";
});

const doomed = client.createFunction(
  {
    id: "test-doomed",
    triggers: [{ event: "test/doomed" }],
    retries: 5,
    onFailure: async ({ event, step }) => {
      await step.run("cleanup", () => effects.push(`cleanup:${event.data.event.data.tag}`));
    },
  },
  async () => {
    throw new NonRetriableError("permanent");
  },
);

// Holds its run until the test releases it: a run that waits on something slow (a webhook receiver).
let releaseHeld: () => void = () => {};
const held = new Promise<void>((resolve) => (releaseHeld = resolve));
const holder = client.createFunction({ id: "test-holder", triggers: [{ event: "test/holder" }] }, async ({ event, step }) => {
  await step.run("hold", async () => {
    effects.push(`holding:${event.data.tag}`);
    await held;
  });
});

const functions = [twoSteps, sleeper, doomed];
const tagged = (tag: string) => effects.filter((e) => e.endsWith(`:${tag}`));
const enqueue = (fn: string, event: string, tag: string, concurrencyKey?: string) => enqueueRun({ functionId: fn, eventName: event, data: { tag }, concurrencyKey });
const makeDue = (runId: string) => db.backgroundRun.update({ where: { id: runId }, data: { runAt: new Date() } });

describe("local driver", () => {
  it("reads id, triggers and retries from the Inngest definition", () => {
    expect(toLocalFunction(twoSteps)).toMatchObject({ id: "test-two-steps", triggers: ["test/two-steps"], maxAttempts: 3 });
  });

  it("runs a function to completion and stores step results as JSON", async () => {
    const { runId } = await enqueue("test-two-steps", "test/two-steps", "a");
    await drainDueRuns(functions);
    const run = await db.backgroundRun.findUniqueOrThrow({ where: { id: runId } });
    expect(run.status).toBe("SUCCEEDED");
    expect(run.output).toEqual({ first: { at: "2026-01-01T00:00:00.000Z" } });
    expect(tagged("a")).toEqual(["first:a", "second:a"]);
  });

  it("retries after an error without repeating a finished step", async () => {
    failuresLeft = 1;
    const { runId } = await enqueue("test-two-steps", "test/two-steps", "b");
    expect(await drainDueRuns(functions)).toContain("retrying");
    const parked = await db.backgroundRun.findUniqueOrThrow({ where: { id: runId } });
    expect(parked).toMatchObject({ status: "QUEUED", attempt: 1 });
    expect(parked.runAt.getTime()).toBeGreaterThan(Date.now());
    await makeDue(runId);
    await drainDueRuns(functions);
    expect((await db.backgroundRun.findUniqueOrThrow({ where: { id: runId } })).status).toBe("SUCCEEDED");
    expect(tagged("b")).toEqual(["first:b", "second:b"]);
  });

  it("parks a sleeping run until its time and then resumes after the sleep", async () => {
    const { runId } = await enqueue("test-sleeper", "test/sleeper", "c");
    expect(await drainDueRuns(functions)).toContain("sleeping");
    const parked = await db.backgroundRun.findUniqueOrThrow({ where: { id: runId } });
    expect(parked.status).toBe("QUEUED");
    expect(parked.runAt.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect(await drainDueRuns(functions)).toEqual([]);
    await makeDue(runId);
    await drainDueRuns(functions);
    expect((await db.backgroundRun.findUniqueOrThrow({ where: { id: runId } })).status).toBe("SUCCEEDED");
    expect(tagged("c")).toEqual(["before:c", "after:c"]);
  });

  it("calls onFailure once and marks the run FAILED on a non-retriable error", async () => {
    const { runId } = await enqueue("test-doomed", "test/doomed", "d");
    expect(await drainDueRuns(functions)).toEqual(["failed"]);
    expect(await db.backgroundRun.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ status: "FAILED", error: expect.stringContaining("permanent") });
    expect(tagged("d")).toEqual(["cleanup:d"]);
  });

  it("runs one run at a time per concurrency key and takes over a run whose lease expired", async () => {
    const key = `key-${Date.now()}`;
    const a = await enqueue("test-two-steps", "test/two-steps", "e1", key);
    const b = await enqueue("test-two-steps", "test/two-steps", "e2", key);
    const other = await enqueue("test-two-steps", "test/two-steps", "e3", `${key}-other`);
    const ids = ["test-two-steps"];
    const first = await claimRun({ workerId: "w1", functionIds: ids, leaseMs: 300 });
    expect(first?.id).toBe(a.runId);
    // b is due behind it: the slot that runs a looks for the key's next run first.
    expect(first?.seriesHasNext).toBe(true);
    // The second run of the key waits; another key's run is free to go.
    const second = await claimRun({ workerId: "w2", functionIds: ids, leaseMs: 60_000 });
    expect(second?.id).toBe(other.runId);
    expect(second?.seriesHasNext).toBe(false);
    expect(await claimRun({ workerId: "w2", functionIds: ids, leaseMs: 60_000 })).toBeNull();
    // w1 dies holding the lease; after it expires w3 takes the run over, and w1 can no longer write.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const takeover = await claimRun({ workerId: "w3", functionIds: ids, leaseMs: 60_000 });
    expect(takeover?.id).toBe(a.runId);
    expect(await executeRun(first!, toLocalFunction(twoSteps), { workerId: "w1", leaseMs: 300 })).toBe("lease_lost");
    expect(await executeRun(takeover!, toLocalFunction(twoSteps), { workerId: "w3", leaseMs: 60_000 })).toBe("succeeded");
    // The step w1 was in when it lost the lease ran again under w3 (steps are at-least-once
    // when interrupted, hence idempotent); nothing w1 did after losing the lease was recorded.
    expect(tagged("e1")).toEqual(["first:e1", "first:e1", "second:e1"]);
    expect(Object.keys((await db.backgroundRun.findUniqueOrThrow({ where: { id: a.runId } })).steps as object).sort()).toEqual(["first", "second"]);
    await drainDueRuns(functions);
    expect((await db.backgroundRun.findUniqueOrThrow({ where: { id: b.runId } })).status).toBe("SUCCEEDED");
  });

  it("a slot's next claim makes its previous run's final update in the same statement: the key's next run is claimable at once, unless the update did not apply", async () => {
    const key = `fold-${Date.now()}`;
    const ids = ["test-two-steps"];
    const a = await enqueue("test-two-steps", "test/two-steps", "f1", key);
    const b = await enqueue("test-two-steps", "test/two-steps", "f2", key);
    const first = await claimRun({ workerId: "w1", functionIds: ids, leaseMs: 60_000, concurrencyKey: key });
    expect(first?.id).toBe(a.runId);
    let carried: FinishStatement | null = null;
    const keep: Finisher = async (statement) => void (carried = statement);
    expect(await executeRun(first!, toLocalFunction(twoSteps), { workerId: "w1", leaseMs: 60_000, finisher: keep })).toBe("succeeded");
    // Not written yet: a is still RUNNING and holds the key.
    expect((await db.backgroundRun.findUniqueOrThrow({ where: { id: a.runId } })).status).toBe("RUNNING");
    expect(await claimRun({ workerId: "w2", functionIds: ids, leaseMs: 60_000, concurrencyKey: key })).toBeNull();
    // The claim carrying a's update finishes a (with its steps) and takes b in one statement.
    const next = await claimRun({ workerId: "w1", functionIds: ids, leaseMs: 60_000, concurrencyKey: key, finish: carried! });
    expect(next?.id).toBe(b.runId);
    const finishedA = await db.backgroundRun.findUniqueOrThrow({ where: { id: a.runId } });
    expect(finishedA.status).toBe("SUCCEEDED");
    expect(Object.keys(finishedA.steps as object).sort()).toEqual(["first", "second"]);

    // b's update is carried by a claim after another worker took b over (w1's lease lost): the
    // update writes nothing, and b, RUNNING under w3, still holds the key: c is not claimed.
    const c = await enqueue("test-two-steps", "test/two-steps", "f3", key);
    carried = null;
    expect(await executeRun(next!, toLocalFunction(twoSteps), { workerId: "w1", leaseMs: 60_000, finisher: keep })).toBe("succeeded");
    await db.backgroundRun.update({ where: { id: b.runId }, data: { workerId: "w3" } });
    expect(await claimRun({ workerId: "w1", functionIds: ids, leaseMs: 60_000, concurrencyKey: key, finish: carried! })).toBeNull();
    expect(await db.backgroundRun.findUniqueOrThrow({ where: { id: b.runId } })).toMatchObject({ status: "RUNNING", workerId: "w3" });
    expect((await db.backgroundRun.findUniqueOrThrow({ where: { id: c.runId } })).status).toBe("QUEUED");
    await db.backgroundRun.update({ where: { id: b.runId }, data: { status: "SUCCEEDED", leaseUntil: null } });
    await drainDueRuns(functions);
    expect((await db.backgroundRun.findUniqueOrThrow({ where: { id: c.runId } })).status).toBe("SUCCEEDED");
  });

  it("a claim says other runs are due only for runs of its own functions, so a pool's slot is not woken for another pool's runs", async () => {
    const mine = `test-mine-${Date.now()}`;
    const theirs = `test-theirs-${Date.now()}`;
    await enqueueRun({ functionId: mine, eventName: "test/mine", data: { tag: "m1" } });
    await enqueueRun({ functionId: mine, eventName: "test/mine", data: { tag: "m2" } });
    await enqueueRun({ functionId: theirs, eventName: "test/theirs", data: { tag: "t1" } });
    const first = await claimRun({ workerId: "w-mine", functionIds: [mine], leaseMs: 60_000 });
    expect(first?.othersDue).toBe(true); // the second run of its function
    const second = await claimRun({ workerId: "w-mine", functionIds: [mine], leaseMs: 60_000 });
    expect(second?.functionId).toBe(mine);
    expect(second?.othersDue).toBe(false); // "theirs" is due, but this claim could not take it
    const third = await claimRun({ workerId: "w-theirs", functionIds: [theirs], leaseMs: 60_000 });
    expect(third?.functionId).toBe(theirs);
    expect(third?.othersDue).toBe(false);
  });

  it("idle slots find a run queued without a wake-up in this process (by the database or another process) at the next poll", async () => {
    const worker = startLocalWorker(db, functions, { concurrency: 3, pollMs: 50 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 120)); // every slot idle
      const row = runRow({ functionId: "test-two-steps", eventName: "test/two-steps", data: { tag: "g" } });
      await db.backgroundRun.create({ data: { ...row, eventData: row.eventData as object } });
      const deadline = Date.now() + 5_000;
      while ((await db.backgroundRun.findUniqueOrThrow({ where: { id: row.id } })).status !== "SUCCEEDED") {
        if (Date.now() > deadline) throw new Error("no idle slot claimed the run");
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    } finally {
      await worker.stop();
    }
    expect(tagged("g")).toEqual(["first:g", "second:g"]);
  });

  it("the worker loop picks up enqueued runs by itself", async () => {
    const worker = startLocalWorker(db, functions, { concurrency: 2, pollMs: 50 });
    try {
      const { runId } = await enqueue("test-two-steps", "test/two-steps", "f");
      const deadline = Date.now() + 5_000;
      while ((await db.backgroundRun.findUniqueOrThrow({ where: { id: runId } })).status !== "SUCCEEDED") {
        if (Date.now() > deadline) throw new Error("worker did not run the job");
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    } finally {
      await worker.stop();
    }
    expect(tagged("f")).toEqual(["first:f", "second:f"]);
  });

  it("a lane's runs take only the lane's slots: runs held by a slow lane leave the other slots to the other functions", async () => {
    const statusOf = async (runId: string) => (await db.backgroundRun.findUniqueOrThrow({ where: { id: runId } })).status;
    const waitFor = async (what: string, done: () => Promise<boolean>) => {
      const deadline = Date.now() + 5_000;
      while (!(await done())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    // Two held runs of different keys, queued before the other function's run.
    const first = await enqueue("test-holder", "test/holder", "h1", "holder:1");
    const second = await enqueue("test-holder", "test/holder", "h2", "holder:2");
    const worker = startLocalWorker(db, [...functions, holder], { concurrency: 1, pollMs: 50, lanes: [{ functionIds: ["test-holder"], slots: 1 }] });
    try {
      expect(worker.slots).toBe("1 slot; test-holder: 1 slot");
      const other = await enqueue("test-two-steps", "test/two-steps", "lane");
      await waitFor("the other function's run", async () => (await statusOf(other.runId)) === "SUCCEEDED");
      // The lane's one slot holds the first run; the other slot never took the second.
      expect(await statusOf(first.runId)).toBe("RUNNING");
      expect(await statusOf(second.runId)).toBe("QUEUED");
      releaseHeld();
      await waitFor("the held runs", async () => (await statusOf(first.runId)) === "SUCCEEDED" && (await statusOf(second.runId)) === "SUCCEEDED");
    } finally {
      releaseHeld();
      await worker.stop();
    }
    expect([...tagged("h1"), ...tagged("h2"), ...tagged("lane")]).toEqual(["holding:h1", "holding:h2", "first:lane", "second:lane"]);
  });

  it("slot pools: a lane of functions the worker runs, the rest in the main slots; a worker of one lane's functions only gives them every slot; a lane of 0 slots shares the main ones", () => {
    const lane = { functionIds: ["webhook-deliver"], slots: 4 };
    expect(slotPools(["emit", "webhook-deliver", "webhook-backfill"], 8, [lane])).toEqual([
      { functionIds: ["emit", "webhook-backfill"], slots: 8 },
      { functionIds: ["webhook-deliver"], slots: 4 },
    ]);
    expect(slotPools(["webhook-deliver"], 8, [lane])).toEqual([{ functionIds: ["webhook-deliver"], slots: 8 }]);
    expect(slotPools(["emit"], 8, [lane])).toEqual([{ functionIds: ["emit"], slots: 8 }]);
    expect(slotPools(["emit", "webhook-deliver"], 8, [{ ...lane, slots: 0 }])).toEqual([{ functionIds: ["emit", "webhook-deliver"], slots: 8 }]);
  });
});
