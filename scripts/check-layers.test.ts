import { describe, expect, it } from "vitest";
import { findImportCircles, findUpwardImports, KNOWN_CIRCLES, LAYER_EXCEPTIONS } from "./check-layers";

describe("layers (docs/architecture.md, Layers)", () => {
  it("no import runs from a lower layer to a higher one besides the listed exceptions", () => {
    const { upward, unplacedRooms } = findUpwardImports();
    expect(unplacedRooms).toEqual([]);
    expect(upward.filter((entry) => !entry.allowedBecause).map((entry) => `${entry.file} → ${entry.imports}`)).toEqual([]);
  });

  it("every listed exception is still used (a stale one would allow a new upward import)", () => {
    const used = new Set(findUpwardImports().upward.map((entry) => `${entry.file} ${entry.allowedBecause}`));
    expect(LAYER_EXCEPTIONS.filter((allowed) => !used.has(`${allowed.file} ${allowed.reason}`))).toEqual([]);
  });

  it("finds upward imports of every form, and leaves downward imports, test code and the same room alone", () => {
    const sources = new Map([
      ["lib/jobs/claim.ts", 'import { DELIVER } from "@/lib/webhooks/events";\nimport { sql } from "@/lib/db/sql";\nimport { x } from "./local";'],
      ["lib/db/pool.ts", 'export { encrypt } from "../crypto/aes-gcm";\nconst api = await import("@/lib/api/handle");'],
      ["lib/clients/contracts.ts", 'import type { Contract } from "@/lib/contracts/contract";\nimport { allContracts } from "@/openapi/contract-registry";'],
      ["lib/emission/testing/fixtures.ts", 'import { POST } from "@/app/v1/clients/route";'],
      ["lib/jobs/claim.test.ts", 'import { DELIVER } from "@/lib/webhooks/events";'],
      ["openapi/contract-registry.ts", 'import { clientContracts } from "@/lib/clients/contracts";'],
      ["lib/newroom/thing.ts", 'import { db } from "@/lib/db/client";'],
    ]);
    const { upward, unplacedRooms } = findUpwardImports(sources);
    expect(upward.map((entry) => `${entry.file} → ${entry.to}`).sort()).toEqual([
      "lib/clients/contracts.ts → openapi",
      "lib/db/pool.ts → lib/api",
      "lib/jobs/claim.ts → lib/webhooks",
    ]);
    expect(upward.every((entry) => entry.allowedBecause === undefined)).toBe(true);
    expect(unplacedRooms).toEqual(["newroom"]);
  });

  it("allows at most 5 upward imports (issue 53 item 4)", () => {
    expect(LAYER_EXCEPTIONS.length).toBeLessThanOrEqual(5);
  });

  it("has no circle of run-time imports between files besides the known ones, and every known one is still there", () => {
    const circles = findImportCircles().map((circle) => circle.join(" "));
    expect(circles.filter((circle) => !KNOWN_CIRCLES.some((known) => known.files.join(" ") === circle))).toEqual([]);
    expect(KNOWN_CIRCLES.map((known) => known.files.join(" ")).filter((known) => !circles.includes(known))).toEqual([]);
  });

  it("finds circles of run-time imports, through index files and relative paths, and leaves type-only imports and tests out", () => {
    const sources = new Map([
      ["lib/a/one.ts", 'import { two } from "./two";'],
      ["lib/a/two.ts", 'import { three } from "@/lib/b";'],
      ["lib/b/index.ts", 'export { one } from "../a/one";'],
      ["lib/c/four.ts", 'import type { Five } from "./five";'],
      ["lib/c/five.ts", 'import { four } from "./four";'],
      ["lib/d/six.ts", 'import { seven } from "./six.test";'],
      ["lib/d/six.test.ts", 'import { six } from "./six";'],
    ]);
    expect(findImportCircles(sources)).toEqual([["lib/a/one.ts", "lib/a/two.ts", "lib/b/index.ts"]]);
  });
});
