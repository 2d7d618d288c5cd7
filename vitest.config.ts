import path from "node:path";
import { defineConfig } from "vitest/config";

// One run covers unit tests (*.test.ts beside the code) and integration tests
// (*.integration.test.ts) against a throwaway PostgreSQL database that
// test/global-setup.ts creates, migrates and drops.
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["lib/**/*.test.ts", "app/**/*.test.ts", "inngest/**/*.test.ts", "test/**/*.test.ts", "scripts/**/*.test.ts", "components/**/*.test.ts", "openapi/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup-env.ts"],
    reporters: ["default", ["json", { outputFile: "reports/vitest.json" }]],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
