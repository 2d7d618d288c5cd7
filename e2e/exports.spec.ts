import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { db } from "@/lib/db/client";
import { readZipBuffer } from "@/lib/exports/testing/read-zip";
import { createAccountWithDraft, signIn } from "./signin-helpers";

test.afterAll(() => db.$disconnect());

// Issue 39 item 4: "Exportar para a contabilidade" in the dashboard, as an accountant uses it:
// an authorized NF-e, an export of the month so far, its progress, the ZIP, and the accountant e-mail.
test("exports the month's XMLs from the dashboard, follows the progress, downloads the ZIP and saves the accountant e-mail", async ({ page }) => {
  test.setTimeout(120_000);
  const { account, companyId, draftId } = await createAccountWithDraft();
  await signIn(page, account);
  await page.goto(`/dashboard/c/${companyId}/documents/${draftId}`);
  await page.getByRole("button", { name: "Emitir", exact: true }).click();
  await expect(page.getByTestId("document-status")).toHaveText("Autorizada", { timeout: 45_000 });
  const document = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draftId } });

  await page.getByRole("link", { name: "Exportar para a contabilidade" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Exportar para a contabilidade");
  await expect(page.getByText("Nenhuma exportação ainda.", { exact: false })).toBeVisible();
  // The month so far: the range defaults to the 1st of this month up to today.
  await page.getByLabel("Intervalo de datas").check();
  await page.getByRole("button", { name: "Gerar ZIP" }).click();
  const current = page.locator("section").filter({ has: page.getByRole("heading", { name: "Exportação em andamento" }) });
  await expect(current.getByTestId("export-progress")).toContainText("Pronto", { timeout: 30_000 });
  await expect(current.getByTestId("export-progress")).toContainText("1 de 1 documentos");
  const [download] = await Promise.all([page.waitForEvent("download"), current.getByRole("link", { name: "Baixar ZIP" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^fiscal-\d{14}-\d{4}-\d{2}-01-a-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = await readZipBuffer(readFileSync((await download.path())!));
  const month = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit" }).format(document.issueDateTime);
  expect(entries.get(`NFe/${month}/${document.accessKey}-nfe.xml`)?.toString("utf8")).toBe(document.authorizedXml);
  expect(entries.get("resumo.csv")?.toString("utf8")).toContain(`"=""${document.accessKey}""";`);
  await expect(page.getByTestId("export-row")).toHaveCount(1);

  await page.getByLabel("E-mail do contador").fill("contador@escritorio.example.com");
  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Salvo." })).toBeVisible();
  expect((await db.companyExportSettings.findUniqueOrThrow({ where: { companyId } })).accountantEmail).toBe("contador@escritorio.example.com");
});
