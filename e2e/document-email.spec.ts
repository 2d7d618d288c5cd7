import { expect, test } from "@playwright/test";
import { db } from "@/lib/db/client";
import { createAccountWithDraft, signIn } from "./signin-helpers";

test.afterAll(() => db.$disconnect());

// Without SMTP_URL (the embedded default) an authorized document's message is built and kept
// NOT_CONFIGURED: the document page lists it, previews it and resends it; the settings page edits
// the company's e-mail settings.
test("the document page lists, previews and resends the e-mail; the settings page saves the e-mail settings", async ({ page }) => {
  test.setTimeout(120_000);
  const { account, companyId, draftId } = await createAccountWithDraft();
  await db.fiscalDocument.update({ where: { id: draftId }, data: { emailRecipients: ["compras@cliente-exemplo.com.br"] } });
  // A homologation document is e-mailed automatically only when the company turns it on (issue 49).
  await db.companyEmailSettings.upsert({ where: { companyId }, create: { companyId, sendInHomologation: true }, update: { sendInHomologation: true } });
  await signIn(page, account);
  await page.goto(`/dashboard/c/${companyId}/documents/${draftId}`);
  await page.getByRole("button", { name: "Emitir", exact: true }).click();
  await expect(page.getByTestId("document-status")).toHaveText("Autorizada", { timeout: 45_000 });

  const panel = page.getByRole("region", { name: "E-mails do documento" });
  await page.reload();
  const row = panel.getByTestId("document-email-row");
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row).toContainText("SMTP não configurado", { timeout: 20_000 });
  await expect(row).toContainText("Autorização");
  await expect(row).toContainText("compras@cliente-exemplo.com.br");

  await row.getByRole("button", { name: "Pré-visualizar" }).click();
  const preview = panel.getByTestId("document-email-preview");
  await expect(preview).toContainText("NF-e nº");
  await expect(preview).toContainText("-danfe.pdf");
  await preview.getByRole("tab", { name: "Texto simples" }).click();
  await expect(preview.locator("pre")).toContainText("Chave de acesso");

  await panel.getByRole("button", { name: "Reenviar e-mail" }).click();
  await expect(panel.getByRole("status")).toContainText("compras@cliente-exemplo.com.br");
  await expect(panel.getByTestId("document-email-row")).toHaveCount(2);
  await expect(panel.getByTestId("document-email-row").first()).toContainText("Reenvio");

  await page.goto(`/dashboard/c/${companyId}/settings`);
  const form = page.getByTestId("email-settings-form");
  await expect(form.getByTestId("email-sending-via")).toContainText("nenhum servidor configurado");
  await form.getByLabel("Enviar quando o documento for cancelado").uncheck();
  await form.getByLabel("Enviar cópia para").fill("contabil@emitente.com.br");
  await form.getByRole("button", { name: "Salvar" }).click();
  await expect(form.getByRole("status")).toHaveText("Configurações de e-mail salvas.");
  const saved = await db.companyEmailSettings.findUniqueOrThrow({ where: { companyId } });
  expect(saved).toMatchObject({ sendOnCancellation: false, sendOnAuthorization: true, copyTo: "contabil@emitente.com.br" });
});
