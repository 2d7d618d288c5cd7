import { defineConfig } from "@playwright/test";
import { WEB_SERVER_NODE_FLAGS } from "./scripts/server-node-flags";

// Runs against the production build (`npm run build` first) on a throwaway
// database that scripts/e2e.ts creates; Debian's Chromium, never a download.
const port = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
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
