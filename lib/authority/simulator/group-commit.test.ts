import { describe, expect, it } from "vitest";
import { GroupCommit } from "./group-commit";

type Item = { id: number; key: string };

function recorder(options: { windowMs?: number; maxBatch?: number; fail?: (items: Item[]) => Error | null } = {}) {
  const batches: number[][] = [];
  const commit = new GroupCommit<Item, string>(
    async (items) => {
      batches.push(items.map((i) => i.id));
      await new Promise((resolve) => setTimeout(resolve, 5));
      const failure = options.fail?.(items);
      if (failure) throw failure;
      return items.map((i) => (i.id === 99 ? new Error("row 99 refused") : `ok ${i.id}`));
    },
    { keysOf: (i) => [i.key], windowMs: options.windowMs, maxBatch: options.maxBatch },
  );
  return { commit, batches };
}

describe("GroupCommit", () => {
  it("writes what arrives within the window as one batch, and answers each item with its own result", async () => {
    const { commit, batches } = recorder({ windowMs: 20 });
    const results = await Promise.all([1, 2, 3].map((id) => commit.submit({ id, key: `k${id}` })));
    expect(results).toEqual(["ok 1", "ok 2", "ok 3"]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it("batches what arrives while a statement is in flight", async () => {
    const { commit, batches } = recorder();
    const first = commit.submit({ id: 1, key: "a" });
    await new Promise((resolve) => setTimeout(resolve, 1));
    const rest = [2, 3].map((id) => commit.submit({ id, key: `k${id}` }));
    expect(await Promise.all([first, ...rest])).toEqual(["ok 1", "ok 2", "ok 3"]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it("never puts two items with a common key in one batch: the later one waits for the next", async () => {
    const { commit, batches } = recorder({ windowMs: 20 });
    await Promise.all([
      commit.submit({ id: 1, key: "same" }),
      commit.submit({ id: 2, key: "same" }),
      commit.submit({ id: 3, key: "other" }),
      commit.submit({ id: 4, key: "same" }),
    ]);
    expect(batches).toEqual([[1, 3], [2], [4]]);
  });

  it("caps a batch at maxBatch", async () => {
    const { commit, batches } = recorder({ windowMs: 1_000, maxBatch: 2 });
    const started = Date.now();
    await Promise.all([1, 2, 3].map((id) => commit.submit({ id, key: `k${id}` })));
    expect(batches).toEqual([[1, 2], [3]]);
    expect(Date.now() - started).toBeLessThan(500); // a full batch does not wait out the window
  });

  it("fails only the item the write refused, and every item of a batch whose write threw", async () => {
    const { commit } = recorder({ windowMs: 10, fail: (items) => (items.some((i) => i.id === 7) ? new Error("statement failed") : null) });
    const settled = await Promise.allSettled([1, 99, 2].map((id) => commit.submit({ id, key: `k${id}` })));
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    const failed = await Promise.allSettled([7, 8].map((id) => commit.submit({ id, key: `k${id}` })));
    expect(failed.map((s) => (s.status === "rejected" ? (s.reason as Error).message : "fulfilled"))).toEqual(["statement failed", "statement failed"]);
    // The writer keeps going after a failed batch.
    expect(await commit.submit({ id: 9, key: "k9" })).toBe("ok 9");
  });
});
