import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Issue 39 item 5 (docs/operations.md, Retention): the product never deletes a fiscal
// record: an issued document, its XML, its events, an inutilization, nor the company or
// tenant they cascade from. The one delete allowed is the DRAFT's (lib/documents/delete-draft.ts,
// conditioned on status DRAFT in the same statement). Any new code that deletes those rows,
// or clears an issued document's XML, fails here and has to be looked at.

const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCE_DIRS = ["app", "lib", "inngest", "scripts", "prisma"];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "testing" ? [] : sources(full);
    const isSource = /\.(ts|tsx|sql)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name);
    return isSource ? [full] : [];
  });
}

// Prisma deletes of the protected models, and SQL deletes/truncates of their tables.
const FORBIDDEN = [
  /\b(fiscalDocument|documentEvent|inutilization|company|tenant|domainEvent)\.delete(Many)?\s*\(/,
  /DELETE\s+FROM\s+"(FiscalDocument|DocumentEvent|Inutilization|Company|Tenant|DomainEvent)"/i,
  /TRUNCATE[^;]*"(FiscalDocument|DocumentEvent|Inutilization|Company|Tenant)"/i,
  /DROP\s+TABLE[^;]*"(FiscalDocument|DocumentEvent|Inutilization|Company|Tenant)"/i,
];
const ALLOWED = new Map([["lib/documents/delete-draft.ts", /fiscalDocument\.deleteMany\(\{ where: \{ id: input\.documentId, companyId: input\.companyId, status: "DRAFT" \} \}\)/]]);

describe("retention of fiscal records", () => {
  it("no product code deletes an issued document, its events, an inutilization, a company or a tenant", () => {
    const offenders: string[] = [];
    for (const file of SOURCE_DIRS.flatMap((dir) => sources(path.join(ROOT, dir)))) {
      const relative = path.relative(ROOT, file);
      // Scripts that build and drop throwaway databases (tests, benchmarks) are not the product.
      if (relative.startsWith("scripts/bench/") || relative.startsWith("scripts/testing/")) continue;
      const lines = readFileSync(file, "utf8").split("\n");
      lines.forEach((line, index) => {
        if (!FORBIDDEN.some((pattern) => pattern.test(line))) return;
        if (ALLOWED.get(relative)?.test(line)) return;
        offenders.push(`${relative}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });

  it("deletes only DRAFTs: the allowed delete keeps its status condition", () => {
    const draft = readFileSync(path.join(ROOT, "lib/documents/delete-draft.ts"), "utf8");
    expect(draft).toMatch(ALLOWED.get("lib/documents/delete-draft.ts")!);
  });
});
