import { expect, test } from "@playwright/test";
import { db } from "@/lib/db/client";
import { createAccountWithDraft, signIn } from "./signin-helpers";

test.afterAll(() => db.$disconnect());

// The production server runs the local background worker and the built-in
// simulator (instrumentation.ts); this spec only prepares data through lib/.
test("abrir um rascunho, emitir e vê-lo autorizado com título, chave e uma só situação", async ({ page }) => {
  const { account, companyId, draftId } = await createAccountWithDraft();
  await signIn(page, account);
  await page.goto(`/dashboard/c/${companyId}/documents/${draftId}`);
  await expect(page.getByTestId("document-status")).toHaveText("Rascunho");
  await expect(page.getByTestId("document-title")).toHaveText("Rascunho de NF-e");
  await page.getByRole("button", { name: "Emitir", exact: true }).click();
  await expect(page.getByTestId("document-status")).toHaveText("Autorizada", { timeout: 45_000 });
  await expect(page.getByRole("button", { name: "Emitir", exact: true })).toHaveCount(0);
  await expect(page.getByTestId("processing-banner")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Excluir rascunho" })).toHaveCount(0);

  const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draftId } });
  expect(stored.status).toBe("AUTHORIZED");
  expect(stored.number).toBe(1);
  await expect(page.getByTestId("document-title")).toHaveText(`NF-e nº 1 · série ${stored.series}`);
  await expect(page.getByTestId("access-key")).toHaveText(stored.accessKey!.replace(/(.{4})(?=.)/g, "$1 "));
  await expect(page.getByTestId("document-dates")).toContainText("autorizado em");
  await page.screenshot({ path: "reports/screenshots/document-authorized.png", fullPage: true });
});
