import path from "node:path";
import { defineConfig } from "vitest/config";

// One run covers unit tests (*.test.ts beside the code) and integration tests
// (*.integration.test.ts) against a throwaway PostgreSQL database that
// test/global-setup.ts creates, migrates and drops.
//
// Test files share each worker's module graph (isolate: false): importing Next, Prisma, forge and
// the fiscal schemas once per worker instead of once per file halved the suite's CPU (428 s against
// 832 s, issue 53). A file that needs modules of its own (it replaces a module's export, or sets an
// environment variable that a module reads once when it is first imported) is listed in
// ISOLATED_FILES with why, and runs in a project that gives every file a fresh module graph.
const INCLUDE = ["lib/**/*.test.ts", "app/**/*.test.ts", "inngest/**/*.test.ts", "test/**/*.test.ts", "scripts/**/*.test.ts", "components/**/*.test.ts", "openapi/**/*.test.ts"];
export const ISOLATED_FILES = [
  // Replaces the emission's wait (nextWait.replace) for its own requests.
  "lib/api/idempotency-retries.integration.test.ts",
  // Sets INNGEST_EVENT_KEY / the Inngest driver before the client module is first read.
  "lib/webhooks/inngest-relay.integration.test.ts",
  // Sets EXPORTS_DIR for itself and the worker processes it starts.
  "lib/exports/crash-recovery.integration.test.ts",
  // Check the plans PostgreSQL makes of the app's named statements on statistics the test sets up: they need
  // connections of their own, where a statement another file prepared earlier has no cached plan.
  "lib/emission/document-indexes.integration.test.ts",
  "lib/jobs/claim-plan.integration.test.ts",
  "lib/webhooks/fan-out-plan.integration.test.ts",
  "lib/webhooks/record-plan.integration.test.ts",
];

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup-env.ts"],
    reporters: ["default", ["json", { outputFile: "reports/vitest.json" }]],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "shared", include: INCLUDE, exclude: ISOLATED_FILES, isolate: false } },
      { extends: true, test: { name: "isolated", include: ISOLATED_FILES, isolate: true } },
    ],
  },
});
