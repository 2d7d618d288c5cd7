import { defineConfig } from "@playwright/test";
import { WEB_SERVER_NODE_FLAGS } from "./scripts/server-node-flags";

// Runs against the production build (`npm run build` first) on a throwaway
// database that scripts/e2e.ts creates; Debian's Chromium, never a download.
const port = Number(process.env.E2E_PORT ?? 3100);

// Specs that make the simulator's SP authorizer fail (fault rules are global to the simulator):
// they run after every other spec, one at a time, so no other spec issues during their outage.
const AUTHORITY_FAULT_SPECS = ["contingency.spec.ts", "contingency-and-email-screens.spec.ts", "status-page-outage.spec.ts"];

export default defineConfig({
  testDir: "e2e",
  // Spec files run two at a time (tests within a file in order): the specs wait on the server and
  // the browser far more than they use the CPU (186 s of CPU for 392 s of wall time, one at a time).
  // Three at a time was tried (2026-12-07): 518 s for 46 specs, no faster.
  fullyParallel: false,
  workers: 2,
  projects: [
    { name: "dashboard", testIgnore: AUTHORITY_FAULT_SPECS },
    { name: "authority-faults", testMatch: AUTHORITY_FAULT_SPECS, dependencies: ["dashboard"], workers: 1 },
  ],
  retries: 0,
  timeout: 60_000,
  // Two specs at a time share two cores with the server and the browsers: a page can take longer than 5 s.
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "reports/playwright.json" }]],
  use: {
    // The dashboard follows the browser's language: specs run in Portuguese unless they pin "en-US".
    locale: "pt-BR",
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"],
    },
    trace: "off",
    screenshot: "only-on-failure",
  },
  webServer: {
    command: `node ${WEB_SERVER_NODE_FLAGS.join(" ")} node_modules/next/dist/bin/next start -p ${port} -H 127.0.0.1`,
    url: `http://127.0.0.1:${port}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Webhook e2e specs deliver to a receiver on 127.0.0.1 (the allowlist is the only way to loopback).
    // V1_ROUTE_TABLE=compare: /v1 from the route table, and through Next on request (e2e/v1-route-table.spec.ts).
    env: { ...(process.env as Record<string, string>), NEXTAUTH_URL: `http://127.0.0.1:${port}`, NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "e2e-secret-not-for-production", WEBHOOK_ALLOWED_HOSTS: process.env.WEBHOOK_ALLOWED_HOSTS || "127.0.0.1", V1_ROUTE_TABLE: process.env.V1_ROUTE_TABLE || "compare" },
  },
});
