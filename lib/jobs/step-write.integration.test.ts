import { Inngest } from "inngest";
import { describe, expect, it } from "vitest";
import { db } from "@/test/factories";
import { claimRun } from "./claim-run";
import { enqueueRun } from "./enqueue-run";
import { executeRun } from "./execute-run";
import { toLocalFunction } from "./function-access";
import { stepWriteDeferral } from "./step-write";

// A step's last write handed to the local driver (step-write.ts) commits in the statement that
// records the step's result: before the next step starts, and only together with it.
const client = new Inngest({ id: "step-write-test" });
const seen: Array<{ mark: string | null; memo: string[] }> = [];

const marker = client.createFunction({ id: "test-step-write", triggers: [{ event: "test/step-write" }] }, async (ctx) => {
  const { event, step } = ctx;
  const deferWrite = stepWriteDeferral(ctx);
  const handed = await step.run("mark", () =>
    deferWrite?.({ ctes: `marked AS (UPDATE "BackgroundRun" SET "error" = $1 WHERE "id" = $2 RETURNING "id")`, values: [`marked by ${event.data.tag}`, event.data.target], applied: "marked" }) ?? false,
  );
  await step.run("check", async () => {
    const target = await db.backgroundRun.findUnique({ where: { id: event.data.target } });
    const own = await db.backgroundRun.findUniqueOrThrow({ where: { id: ctx.runId } });
    seen.push({ mark: target?.error ?? null, memo: Object.keys(own.steps as object) });
  });
  return { handed };
});

async function execute(tag: string, target: string) {
  const { runId } = await enqueueRun({ functionId: "test-step-write", eventName: "test/step-write", data: { tag, target } });
  const claimed = await claimRun({ workerId: "w-step-write", functionIds: ["test-step-write"], leaseMs: 60_000 });
  expect(claimed?.id).toBe(runId);
  return { runId, outcome: await executeRun(claimed!, toLocalFunction(marker), { workerId: "w-step-write", leaseMs: 60_000 }) };
}

describe("a step's write made with its result", () => {
  it("is committed with the step's result before the next step starts", async () => {
    // A run of a function no worker here runs: the row the step writes to.
    const { runId: target } = await enqueueRun({ functionId: "test-step-write-target", eventName: "test/none", data: {} });
    const { runId, outcome } = await execute("a", target);
    expect(outcome).toBe("succeeded");
    expect(seen.at(-1)).toEqual({ mark: "marked by a", memo: ["mark"] });
    expect(await db.backgroundRun.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ status: "SUCCEEDED", output: { handed: true } });
  });

  it("records nothing of the run when the write does not apply: the step is replayed after the lease", async () => {
    const before = seen.length;
    const { runId, outcome } = await execute("b", "no-such-run");
    expect(outcome).toBe("lease_lost");
    expect(seen.length).toBe(before);
    expect(await db.backgroundRun.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ status: "RUNNING", steps: {} });
  });

  it("is not offered outside the local driver", () => {
    expect(stepWriteDeferral({ event: {}, step: {} })).toBeUndefined();
  });
});
