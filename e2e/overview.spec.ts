import { expect, test } from "@playwright/test";
import { db } from "@/lib/db/client";
import { createUser } from "@/lib/users/create-user";
import { closeDb, createAccountWithDraft, signIn } from "./signin-helpers";

test.use({ locale: "en-US" });
test.afterAll(closeDb);

test("the overview shows today's documents, a rejected document with its reason and link, the certificate and the authority status", async ({ page }) => {
  const { account, companyId, draftId } = await createAccountWithDraft();
  // The rejection as the emission records it (cStat and xMotivo of the authority's answer).
  await db.fiscalDocument.update({ where: { id: draftId }, data: { status: "REJECTED", series: 1, number: 42, rejectionCode: "539", rejectionReason: "539 - Rejeição: Duplicidade de NF-e, com diferença na Chave de Acesso" } });

  await signIn(page, account);
  await page.goto(`/dashboard/c/${companyId}`);
  await expect(page.getByText("What needs attention today")).toBeVisible();
  await expect(page.getByTestId("today-REJECTED")).toContainText("1");

  const rejected = page.getByTestId("rejected-list");
  await expect(rejected).toContainText("NF-e 1/42");
  await expect(rejected).toContainText("539 - Rejeição: Duplicidade de NF-e, com diferença na Chave de Acesso");
  await expect(page.getByText("No emission is waiting longer than usual.")).toBeVisible();

  // The test A1 is valid for a year: days left, no warning.
  await expect(page.getByTestId("certificate-card")).toContainText(/\d+ days left/);
  await expect(page.getByTestId("certificate-card")).not.toContainText("Renew it now");
  await expect(page.getByTestId("authority-card")).toContainText("Every authorizer answers");
  await expect(page.getByTestId("authority-card")).toContainText("In operation · 107");

  // The chart has a text alternative and every figure in a table.
  const chart = page.getByTestId("documents-by-day-chart");
  await expect(chart).toHaveAttribute("aria-label", /^1 document created between/);
  await expect(chart.locator("svg.recharts-surface").first()).toBeVisible();
  await expect(chart.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await page.getByText("Show the figures as a table").click();
  await expect(page.getByTestId("documents-by-day-table").locator("tbody tr")).toHaveCount(30);
  await page.screenshot({ path: "reports/screenshots/overview.png", fullPage: true });

  await rejected.getByRole("link", { name: "NF-e 1/42" }).click();
  await expect(page).toHaveURL(new RegExp(`/documents/${draftId}$`));
  await expect(page.getByTestId("rejection-notice")).toContainText("Rejeição: Duplicidade de NF-e");
  await expect(page.getByTestId("rejection-notice")).toContainText("539");
  await expect(page.getByRole("button", { name: "Emit again" })).toBeVisible();

  // SUPPORT of the same office sees the same overview and document, without the emit button.
  const support = { email: `support-${Date.now()}@e2e.local`, password: "support-password-1" };
  await createUser({ ...support, tenantId: account.tenantId, role: "SUPPORT" });
  const context = await page.context().browser()!.newContext({ locale: "en-US" });
  const supportPage = await context.newPage();
  await signIn(supportPage, support);
  await supportPage.goto(`/dashboard/c/${companyId}`);
  await supportPage.getByTestId("rejected-list").getByRole("link", { name: "NF-e 1/42" }).click();
  await expect(supportPage.getByTestId("rejection-notice")).toContainText("Rejeição: Duplicidade de NF-e");
  await expect(supportPage.getByRole("button", { name: "Emit again" })).toHaveCount(0);
  await supportPage.screenshot({ path: "reports/screenshots/document-as-support.png", fullPage: true });
  await context.close();
});

test("an empty company's overview says so instead of drawing an empty chart", async ({ page }) => {
  const { account, companyId, draftId } = await createAccountWithDraft();
  await db.fiscalDocument.delete({ where: { id: draftId } });
  await signIn(page, account);
  await page.goto(`/dashboard/c/${companyId}`);
  await expect(page.getByText("No documents in the last 30 days.")).toBeVisible();
  await expect(page.getByText("No rejections in the last 30 days.")).toBeVisible();
  await page.screenshot({ path: "reports/screenshots/overview-empty.png", fullPage: true });
});
