import { expect, test, type Page } from "@playwright/test";
import { db } from "@/lib/db/client";
import { closeDb, createAccount, signIn } from "./signin-helpers";

// Issue 58 "Done when": the simulator's outage fault turns its authorizer red on the public /status
// page, and the page turns green again once the authorizer answers 107. The status page reads the
// shared status cache; the company's "Status da SEFAZ" page asks the authorizer (as emissions and
// the 5-minute probe do), so it is visited to make the answer fresh. Runs in the "authority-faults"
// project (playwright.config.ts): SP fails for every spec while the rule is in force.

test.afterAll(closeDb);

const SIMULATOR = `http://127.0.0.1:${process.env.SIMULATOR_PORT ?? 3999}`;

/** The SP row of the given model on /status (homologation: the e2e installation's companies are). Cells join without spaces in the text ("SPNF-eHomologação"): no \b after the model. */
function spRow(page: Page, model: "NF-e" | "NFC-e") {
  return page.locator('tr[data-authorizer="SP"]').filter({ hasText: "Homologação" }).filter({ hasText: new RegExp(`^SP\\s*${model}`) });
}

/** /status until the row shows `condition` (the page's figures are cached for 5 s per process). */
async function expectCondition(page: Page, model: "NF-e" | "NFC-e", condition: string) {
  await expect(async () => {
    await page.goto("/status");
    await expect(spRow(page, model).first()).toHaveAttribute("data-condition", condition, { timeout: 1_000 });
  }).toPass({ timeout: 20_000, intervals: [1_000, 2_000, 3_000] });
}

test("the simulator's outage fault turns SEFAZ-SP red on the public status page, and green again when it is removed", async ({ page, browser }) => {
  const account = await createAccount();
  await signIn(page, account);
  // Fresh answers: earlier specs' status answers are shared for 3 minutes.
  await db.authorityStatusCache.deleteMany({});
  await page.goto(`/dashboard/c/${account.companyId}/authority-status`);
  await expect(page.getByText("Emissão normal")).toHaveCount(3); // NF-e, NFC-e and MDF-e (entered by hand only)
  await expectCondition(page, "NF-e", "operational");

  const added = await fetch(`${SIMULATOR}/_simulator/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ authorizer: "SP", action: { kind: "outage", status: "108" } }) });
  expect(added.status).toBe(201);
  const { id } = (await added.json()) as { id: number };
  try {
    await db.authorityStatusCache.deleteMany({});
    // The company's status page asks SP's status service: 108.
    await page.goto(`/dashboard/c/${account.companyId}/authority-status`);
    await expect(page.getByText(/\(entrada automática\)/)).toHaveCount(2);

    // Public: another browser context, no session.
    const visitor = await browser.newContext({ locale: "pt-BR" });
    const publicPage = await visitor.newPage();
    try {
      for (const model of ["NF-e", "NFC-e"] as const) await expectCondition(publicPage, model, "outage");
      const row = spRow(publicPage, "NF-e").first();
      const badge = row.getByText("Paralisada", { exact: true });
      await expect(badge).toBeVisible();
      await expect(badge).toHaveClass(/bg-red-50/);
      await expect(row).toContainText("108");
      await expect(row).toContainText("fora desde");
    } finally {
      await visitor.close();
    }
  } finally {
    await fetch(`${SIMULATOR}/_simulator/faults/${id}`, { method: "DELETE" });
    await db.authorityStatusCache.deleteMany({});
  }

  // SP answers 107 again once asked: the row turns green, and the company's automatic contingency ends.
  await page.goto(`/dashboard/c/${account.companyId}/authority-status`);
  await expect(page.getByText("Emissão normal")).toHaveCount(3); // NF-e, NFC-e and MDF-e (entered by hand only)
  for (const model of ["NF-e", "NFC-e"] as const) await expectCondition(page, model, "operational");
  await expect(spRow(page, "NF-e").first().getByText("Em operação", { exact: true })).toHaveClass(/bg-emerald-50/);
});

test("the status page read in English formats its figures as English", async ({ browser }) => {
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  try {
    await page.goto("/status");
    await expect(page.getByRole("heading", { name: "Service status" })).toBeVisible();
    // en-US dates (m/d/yy, h:mm:ss AM/PM), not pt-BR's dd/mm/yyyy.
    await expect(page.getByText(/Updated at \d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d{2}:\d{2}\s?(AM|PM)/)).toBeVisible();
    // No figure grouped or decimal-marked the Portuguese way ("2.425 ms", "0,5 ms", "0,12%").
    const tables = (await page.locator("table").allInnerTexts()).join("\n");
    expect(tables).toMatch(/\d ms/);
    expect(tables).not.toMatch(/\d\.\d{3} ms|\d,\d{1,2} ms|\d,\d+%/);
  } finally {
    await context.close();
  }
});
