import { expect, test } from "@playwright/test";
import { db } from "@/lib/db/client";
import { createUser } from "@/lib/users/create-user";
import { closeDb, createAccountWithDraft, signIn } from "./signin-helpers";

test.afterAll(closeDb);

test("the overview shows today's documents, a rejected document with its reason and link, the certificate and the authority status", async ({ page }) => {
  const { account, companyId, draftId } = await createAccountWithDraft();
  // The rejection as the emission records it (cStat and xMotivo of the authority's answer).
  await db.fiscalDocument.update({ where: { id: draftId }, data: { status: "REJECTED", series: 1, number: 42, rejectionCode: "539", rejectionReason: "539 - Rejeição: Duplicidade de NF-e, com diferença na Chave de Acesso" } });

  await signIn(page, account);
  await page.goto(`/dashboard/c/${companyId}`);
  await expect(page.getByText("O que precisa de atenção hoje")).toBeVisible();
  await expect(page.getByTestId("today-REJECTED")).toContainText("1");

  const rejected = page.getByTestId("rejected-list");
  await expect(rejected).toContainText("NF-e nº 42 · série 1");
  await expect(rejected).toContainText("539 - Rejeição: Duplicidade de NF-e, com diferença na Chave de Acesso");
  await expect(page.getByText("Nenhuma emissão está esperando mais que o normal.")).toBeVisible();

  // The test A1 is valid for a year: days left, no warning.
  await expect(page.getByTestId("certificate-card")).toContainText(/\d+ dias restantes/);
  await expect(page.getByTestId("certificate-card")).not.toContainText("Renove agora");
  await expect(page.getByTestId("authority-card")).toContainText("Todos os autorizadores respondem");
  await expect(page.getByTestId("authority-card")).toContainText("Em operação · 107");

  // The chart has a text alternative and every figure in a table.
  const chart = page.getByTestId("documents-by-day-chart");
  await expect(chart).toHaveAttribute("aria-label", /^1 documento criado entre \d{2}\/\d{2} e \d{2}\/\d{2}/);
  await expect(chart.locator("svg.recharts-surface").first()).toBeVisible();
  await expect(chart.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await page.getByText("Mostrar os números em tabela").click();
  await expect(page.getByTestId("documents-by-day-table").locator("tbody tr")).toHaveCount(30);
  await page.screenshot({ path: "reports/screenshots/overview.png", fullPage: true });

  await rejected.getByRole("link", { name: "NF-e nº 42 · série 1" }).click();
  await expect(page).toHaveURL(new RegExp(`/documents/${draftId}$`));
  await expect(page.getByTestId("rejection-notice")).toContainText("Rejeição: Duplicidade de NF-e");
  await expect(page.getByTestId("rejection-notice")).toContainText("539");
  await expect(page.getByRole("button", { name: "Emitir novamente" })).toBeVisible();

  // SUPPORT of the same office sees the same overview and document, without the emit button.
  const support = { email: `support-${Date.now()}@e2e.local`, password: "support-password-1" };
  await createUser({ ...support, tenantId: account.tenantId, role: "SUPPORT" });
  const context = await page.context().browser()!.newContext({ locale: "pt-BR" });
  const supportPage = await context.newPage();
  await signIn(supportPage, support);
  await supportPage.goto(`/dashboard/c/${companyId}`);
  await supportPage.getByTestId("rejected-list").getByRole("link", { name: "NF-e nº 42 · série 1" }).click();
  await expect(supportPage.getByTestId("rejection-notice")).toContainText("Rejeição: Duplicidade de NF-e");
  await expect(supportPage.getByRole("button", { name: "Emitir novamente" })).toHaveCount(0);
  await supportPage.screenshot({ path: "reports/screenshots/document-as-support.png", fullPage: true });
  await context.close();
});

test("an empty company's overview says so instead of drawing an empty chart", async ({ page }) => {
  const { account, companyId, draftId } = await createAccountWithDraft();
  await db.fiscalDocument.delete({ where: { id: draftId } });
  await signIn(page, account);
  await page.goto(`/dashboard/c/${companyId}`);
  await expect(page.getByText("Nenhum documento nos últimos 30 dias.")).toBeVisible();
  await expect(page.getByText("Nenhuma rejeição nos últimos 30 dias.")).toBeVisible();
  await page.screenshot({ path: "reports/screenshots/overview-empty.png", fullPage: true });
});
