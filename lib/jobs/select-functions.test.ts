import { describe, expect, it } from "vitest";
import { functions } from "@/inngest";
import { toLocalFunction } from "./function-access";
import { selectFunctions } from "./select-functions";

const ids = (list: typeof functions) => list.map((fn) => toLocalFunction(fn).id);

describe("WORKER_FUNCTIONS", () => {
  it("runs every function when unset or empty", () => {
    expect(ids(selectFunctions(functions, undefined))).toEqual(ids(functions));
    expect(ids(selectFunctions(functions, " "))).toEqual(ids(functions));
  });

  it("runs only the named functions, or all but them with a leading !", () => {
    expect(ids(selectFunctions(functions, "webhook-deliver"))).toEqual(["webhook-deliver"]);
    const others = ids(selectFunctions(functions, "!webhook-deliver"));
    expect(others).not.toContain("webhook-deliver");
    expect(others).toHaveLength(functions.length - 1);
  });

  it("refuses an unknown id instead of running nothing", () => {
    expect(() => selectFunctions(functions, "webhook-delivr")).toThrow(/unknown functions: webhook-delivr/);
  });

  it("refuses a list that mixes names with and without !", () => {
    expect(() => selectFunctions(functions, "webhook-deliver,!webhook-backfill")).toThrow(/mixes names/);
  });
});
