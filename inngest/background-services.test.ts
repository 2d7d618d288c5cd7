import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BACKGROUND_SERVICES, backgroundServicesMarkdown } from "./background-services";

// Issue 53 item 3: one table of the background services, which the web process, `npm run worker`
// and the docs read. The docs' copy is the table as written by backgroundServicesMarkdown().

const ROOT = path.resolve(import.meta.dirname, "..");

describe("background services", () => {
  it("docs/operations.md shows the table as inngest/background-services.ts declares it", () => {
    const docs = readFileSync(path.join(ROOT, "docs/operations.md"), "utf8");
    const shown = /<!-- background-services:start -->\n([\s\S]*?)\n<!-- background-services:end -->/.exec(docs)?.[1];
    expect(shown).toBe(backgroundServicesMarkdown());
  });

  it("names each service once, each running in the web process, the worker or both", () => {
    const names = BACKGROUND_SERVICES.map((service) => service.name);
    expect(new Set(names).size).toBe(names.length);
    for (const service of BACKGROUND_SERVICES) expect(service.runsIn.length, service.name).toBeGreaterThan(0);
    expect(BACKGROUND_SERVICES.filter((service) => service.runsIn.includes("worker")).map((service) => service.name)).toEqual(["local background worker"]);
  });

  it("is what instrumentation-node.ts and scripts/worker.ts start from, and the only place they start services", () => {
    for (const [file, where] of [["instrumentation-node.ts", "web"], ["scripts/worker.ts", "worker"]] as const) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      expect(text, file).toContain(`startBackgroundServices("${where}")`);
      expect(text, file).not.toMatch(/startEmbeddedSimulator|startLocalWorker|startLocalBackgroundWorker|startInngestRunRelay|startReceivedSyncSchedule|startExportHousekeepingTimer/);
    }
  });
});
