import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { judge, OBJECTIVE_MIN_REQUESTS, objectivesMarkdown } from "./objectives";

describe("service objectives", () => {
  it("are the figures docs/operations.md shows under Service objectives", () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, "../../docs/operations.md"), "utf8");
    expect(doc).toContain("## Service objectives");
    expect(doc).toContain(objectivesMarkdown());
  });

  it("judge a window only with enough requests, and a figure above its objective as missed", () => {
    expect(judge(100, 150, OBJECTIVE_MIN_REQUESTS)).toEqual({ objective: 100, value: 150, met: false });
    expect(judge(100, 100, OBJECTIVE_MIN_REQUESTS)).toEqual({ objective: 100, value: 100, met: true });
    expect(judge(100, 150, OBJECTIVE_MIN_REQUESTS - 1).met).toBeNull();
    expect(judge(100, null, 1_000).met).toBeNull();
  });
});
