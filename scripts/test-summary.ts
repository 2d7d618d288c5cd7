// Closing line of `npm test`: the counts of the vitest and Playwright runs together.
import { existsSync, readFileSync } from "node:fs";

type VitestReport = { numPassedTests: number; numFailedTests: number; numPendingTests: number };
type PlaywrightReport = { stats: { expected: number; unexpected: number; skipped: number; flaky: number } };

function read<T>(file: string): T | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as T) : undefined;
}

const unit = read<VitestReport>("reports/vitest.json");
const e2e = read<PlaywrightReport>("reports/playwright.json");
const passed = (unit?.numPassedTests ?? 0) + (e2e ? e2e.stats.expected + e2e.stats.flaky : 0);
const failed = (unit?.numFailedTests ?? 0) + (e2e?.stats.unexpected ?? 0);
const skipped = (unit?.numPendingTests ?? 0) + (e2e?.stats.skipped ?? 0);
console.log(`vitest: ${unit?.numPassedTests ?? 0} passed, playwright: ${e2e ? e2e.stats.expected : 0} passed`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || !unit || !e2e ? 1 : 0);
