import { mkdirSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { db } from "@/lib/db/client";
import { createDocument } from "@/lib/documents";
import { createUser } from "@/lib/users/create-user";
import { closeDb, createAccountWithDraft, signIn } from "./signin-helpers";

test.afterAll(closeDb);

// What an accountant and a support person see of contingency (issue 33 item 6) and of the
// document e-mails (issue 39 items 1–2): SEFAZ-SP goes down (simulator outage; its status service
// answers nothing, so the NFC-e's online attempt is what finds it down), the NFC-e is issued offline
// under the next number, SP comes back, the NFC-e is authorized, the
// unanswered attempt's number is inutilized and the e-mail is kept NOT_CONFIGURED (no SMTP).
// Screenshots at 1280 px and 768 px in reports/screenshots/ (git-ignored) for a person to look at.

const SIMULATOR = `http://127.0.0.1:${process.env.SIMULATOR_PORT ?? 3999}`;
const SHOTS = "reports/screenshots";
const WIDTHS = [[1280, "1280"], [768, "768"]] as const;

async function shootAtWidths(page: Page, url: string, name: string, ready?: (page: Page) => Promise<void>): Promise<void> {
  for (const [width, suffix] of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(url);
    await expect(page.getByTestId("page-error")).toHaveCount(0);
    await ready?.(page);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `${SHOTS}/contingency-email-${name}-${suffix}.png`, fullPage: true });
  }
}

const banner = (page: Page) => page.getByRole("status").filter({ hasText: "Emitindo em contingência desde" });

test("an NFC-e issued offline during a SEFAZ-SP outage, then authorized and e-mailed: the screens an accountant and support read", async ({ page, browser }) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  const { account, companyId } = await createAccountWithDraft();
  await db.company.update({ where: { id: companyId }, data: { cscId: "000001", cscToken: "A1B2C3D4E5F6G7H8I9J0" } });
  // A homologation document is e-mailed automatically only when the company turns it on (issue 49).
  await db.companyEmailSettings.upsert({ where: { companyId }, create: { companyId, sendInHomologation: true }, update: { sendInHomologation: true } });
  const nfce = await createDocument({
    companyId,
    body: {
      type: "NFCE",
      client: { name: "Consumidor" },
      items: [{ code: "SKU-1", description: "Café torrado 500 g", quantity: 2, unitValue: 1234.5, ncm: "21011110", cfop: "5102", icmsOrigin: "0", icmsSituation: "102" }],
      payments: [{ method: "MONEY", value: 2469 }],
      emailRecipients: ["cliente.final@exemplo.com.br"],
    } as never,
  });
  const supportEmail = `support-${randomBytes(4).toString("hex")}@e2e.local`;
  const supportPassword = `pw-${randomBytes(8).toString("hex")}`;
  await createUser({ email: supportEmail, password: supportPassword, tenantId: account.tenantId, role: "SUPPORT" });
  const documentUrl = `/dashboard/c/${companyId}/documents/${nfce.id}`;

  await db.authorityStatusCache.deleteMany({});
  const added = await fetch(`${SIMULATOR}/_simulator/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ authorizer: "SP", action: { kind: "outage" } }) });
  expect(added.status).toBe(201);
  const { id: faultId } = (await added.json()) as { id: number };
  let faultRemoved = false;
  try {
    await signIn(page, account);
    await page.goto(documentUrl);
    await page.getByRole("button", { name: "Emitir", exact: true }).click();
    // The online attempt gets no answer: contingency at once, the NFC-e issued offline under the next number.
    await expect(page.getByTestId("document-status")).toHaveText("Em contingência", { timeout: 45_000 });
    const notice = page.getByTestId("contingency-notice");
    await expect(notice).toContainText("NFC-e emitida em contingência off-line");
    await expect(notice).toContainText(/Em contingência desde \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect(page.getByTestId("contingency-pending")).toContainText("Pendente de autorização");
    await expect(notice).toContainText("Justificativa: SEFAZ-SP sem resposta: 1 falha de comunicação");
    await expect(page.getByTestId("contingency-original-attempt")).toContainText(/Emitida com novo número porque a tentativa anterior \(série 1, nº \d+, chave (\d{4} ){10}\d{4}\) ficou sem resposta/);
    await expect(page.getByTestId("contingency-original-attempt")).toContainText("será cancelado ou inutilizado quando a SEFAZ voltar a responder.");
    await expect(banner(page)).toContainText(/Emitindo em contingência desde \d{2}:\d{2} — SEFAZ-SP indisponível/);
    // Nothing was sent yet: no message and no resend button, an empty state that says when one is sent.
    const emails = page.getByRole("region", { name: "E-mails do documento" });
    await expect(emails).toContainText("Nenhum e-mail deste documento");
    await expect(emails.getByRole("button", { name: "Reenviar e-mail" })).toHaveCount(0);
    await shootAtWidths(page, documentUrl, "document-contingency", async (p) => {
      await expect(p.getByTestId("contingency-notice")).toBeVisible();
    });

    // The list filtered by "Em contingência".
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/dashboard/c/${companyId}/documents`);
    await page.getByLabel("Situação").selectOption({ label: "Em contingência" });
    const rows = page.getByTestId("document-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId("document-status")).toHaveText("Em contingência");
    for (const [width, suffix] of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      // The status badge is in view without scrolling the table sideways.
      const badgeBox = await rows.first().getByTestId("document-status").boundingBox();
      expect(badgeBox!.x + badgeBox!.width).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${SHOTS}/contingency-email-documents-filtered-${suffix}.png`, fullPage: true });
    }

    // The status page: NFC-e in contingency (leave by hand), NF-e still normal (enter by hand, with a justification).
    await shootAtWidths(page, `/dashboard/c/${companyId}/authority-status`, "authority-status", async (p) => {
      await expect(p.getByRole("button", { name: "Sair da contingência" })).toHaveCount(1);
      await expect(p.getByRole("button", { name: "Entrar em contingência" })).toHaveCount(2); // NF-e and MDF-e
      // No SEFAZ answer is said in Portuguese; the client's technical reason stays beneath for support.
      await expect(p.getByTestId("authority-status-row").first()).toContainText("Sem resposta do autorizador");
    });
    await shootAtWidths(page, `/dashboard/c/${companyId}`, "overview", async (p) => {
      await expect(banner(p)).toContainText("NFC-e · EPEC (tpEmis 4); sem consumidor identificado, offline (tpEmis 9)");
      await expect(banner(p).getByRole("link", { name: "Ver status da SEFAZ e a contingência" })).toBeVisible();
    });
    await shootAtWidths(page, `/dashboard/c/${companyId}/settings`, "settings", async (p) => {
      await expect(p.getByLabel("Entrar em contingência")).toHaveValue("true");
      await expect(p.getByTestId("email-sending-via")).toContainText("nenhum servidor configurado");
    });

    // Support reads everything and is offered nothing it cannot do.
    const supportContext = await browser.newContext({ locale: "pt-BR" });
    const support = await supportContext.newPage();
    await signIn(support, { email: supportEmail, password: supportPassword });
    await support.goto(`/dashboard/c/${companyId}/authority-status`);
    await expect(support.getByRole("button", { name: "Sair da contingência" })).toHaveCount(0);
    await expect(support.getByText("Só administradores e contadores podem ligar ou desligar a contingência.")).toBeVisible();
    await support.setViewportSize({ width: 768, height: 900 });
    await support.screenshot({ path: `${SHOTS}/contingency-email-authority-status-support-768.png`, fullPage: true });
    await support.goto(documentUrl);
    await expect(support.getByTestId("contingency-notice")).toBeVisible();
    await expect(support.getByRole("button", { name: "Reenviar e-mail" })).toHaveCount(0);
    await support.goto(`/dashboard/c/${companyId}/settings`);
    await expect(support.getByTestId("email-settings-form").getByRole("button", { name: "Salvar" })).toHaveCount(0);
    await expect(support.getByTestId("email-settings-form")).toContainText("Seu perfil pode ver as configurações de e-mail, mas não alterá-las.");
    await support.waitForLoadState("networkidle");
    await support.screenshot({ path: `${SHOTS}/contingency-email-settings-support-768.png`, fullPage: true });
    await supportContext.close();
  } finally {
    if (!faultRemoved) await fetch(`${SIMULATOR}/_simulator/faults/${faultId}`, { method: "DELETE" });
    faultRemoved = true;
    await db.authorityStatusCache.deleteMany({});
  }

  // SP is back: the status page sees 107 and the automatic contingency ends; the offline NFC-e is transmitted.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/dashboard/c/${companyId}/authority-status`);
  await expect(page.getByText("Emissão normal")).toHaveCount(3); // NF-e, NFC-e and MDF-e (entered by hand only)
  await expect(banner(page)).toHaveCount(0);
  await expect(async () => {
    await page.goto(documentUrl);
    await expect(page.getByTestId("document-status")).toHaveText("Autorizada", { timeout: 1_000 });
    await expect(page.getByTestId("contingency-original-attempt")).toContainText("não chegou à SEFAZ; número inutilizado.", { timeout: 1_000 });
  }).toPass({ timeout: 120_000, intervals: [2_000] });
  await expect(page.getByTestId("contingency-original-attempt")).toContainText(/Resolvido em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\./);
  await expect(page.getByTestId("contingency-pending")).toHaveCount(0);

  const emails = page.getByRole("region", { name: "E-mails do documento" });
  const row = emails.getByTestId("document-email-row");
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row).toContainText("SMTP não configurado");
  await expect(row).toContainText("Autorização");
  await expect(row).toContainText("cliente.final@exemplo.com.br");
  await expect(emails.getByRole("button", { name: "Reenviar e-mail" })).toBeVisible();
  for (const [width, suffix] of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(documentUrl);
    const previewButton = emails.getByTestId("document-email-row").first().getByRole("button", { name: "Pré-visualizar" });
    // Inside the panel without scrolling the table sideways (a tablet shows only its first columns).
    const [buttonBox, panelBox] = [await previewButton.boundingBox(), await emails.boundingBox()];
    expect(buttonBox!.x + buttonBox!.width).toBeLessThanOrEqual(panelBox!.x + panelBox!.width);
    await previewButton.click();
    const preview = emails.getByTestId("document-email-preview");
    await expect(preview).toContainText("NFC-e nº");
    await expect(preview).toContainText("cliente.final@exemplo.com.br");
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `${SHOTS}/contingency-email-document-authorized-${suffix}.png`, fullPage: true });
  }
});
