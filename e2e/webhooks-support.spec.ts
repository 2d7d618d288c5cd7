import { expect, test, type Browser, type Page } from "@playwright/test";
import { db } from "@/lib/db/client";
import { createUser } from "@/lib/users/create-user";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/receiver";
import { documentWithOutcome } from "./webhook-helpers";
import { closeDb, createAccountWithDraft, signIn } from "./signin-helpers";

// Issue 13 items 1–4 and 6 through the browser: an endpoint created against a
// receiver on 127.0.0.1 (the server runs with WEBHOOK_ALLOWED_HOSTS=127.0.0.1),
// a delivery opened and redelivered, a backfill followed to 100 %, a
// document's deliveries re-sent, and what SUPPORT can and cannot do.

let hooks: Receiver;
test.beforeAll(async () => {
  hooks = await startReceiver();
});
test.afterAll(async () => {
  await hooks.close();
  await closeDb();
});

const nav = (page: Page) => page.getByRole("navigation", { name: "Páginas da empresa" });

async function signedInPage(browser: Browser, credentials: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ locale: "pt-BR" });
  const page = await context.newPage();
  await signIn(page, credentials);
  return page;
}

test("ACCOUNTANT creates an endpoint, opens and redelivers a delivery, runs a backfill to 100 % and re-sends a document; SUPPORT operates but cannot manage endpoints", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { account, companyId } = await createAccountWithDraft();
  // Outcomes recorded before any endpoint exists: nothing is sent, so the backfill has work to do.
  const documents = [await documentWithOutcome(companyId, "document.authorized"), await documentWithOutcome(companyId, "document.rejected"), await documentWithOutcome(companyId, "document.cancelled")];

  await signIn(page, account);
  await page.goto(`/dashboard/c/${companyId}`);
  await nav(page).getByRole("link", { name: "Endpoints de webhook" }).click();
  await expect(page.getByRole("heading", { name: "Endpoints de webhook" })).toBeVisible();
  await expect(page.getByText("Nenhum endpoint de webhook ainda.")).toBeVisible();

  // 1. Create: the ping reaches the receiver, the secret is shown once.
  await page.getByRole("button", { name: "Adicionar endpoint" }).click();
  await page.getByLabel("URL do endpoint").fill("not a url");
  await page.getByRole("button", { name: "Criar e enviar ping" }).click();
  await expect(page.getByRole("form", { name: "Novo endpoint de webhook" }).getByRole("alert")).toContainText("URL do endpoint: Deve ser um endereço completo (https://…).");
  await page.getByLabel("URL do endpoint").fill(hooks.url);
  await page.getByLabel("Descrição (opcional)").fill("ERP homologation");
  await page.getByRole("button", { name: "Criar e enviar ping" }).click();
  await expect(page.getByText("Ping de verificação: seu endpoint respondeu 2xx")).toBeVisible();
  await expect(page.getByText("ele só aparece uma vez")).toBeVisible();
  await expect(page.getByTestId("webhook-secret")).toHaveText(/^whsec_/);
  expect(JSON.parse(hooks.received[0]!.body).type).toBe("webhook.ping");
  const card = page.getByTestId("webhook-endpoint").filter({ hasText: hooks.url });
  await expect(card).toContainText("Ativo");
  await page.screenshot({ path: "reports/screenshots/webhook-endpoints.png", fullPage: true });

  // Test event: its delivery is shown, then opened.
  await card.getByRole("button", { name: "Enviar evento de teste" }).click();
  await expect(card.getByRole("status").filter({ hasText: "Evento de teste enviado" })).toContainText("Entregue");
  await expect(card).toContainText("HTTP 200");
  await card.getByRole("link", { name: "Abrir a entrega" }).click();

  // 2. The delivery page: payload, headers with the signature, attempts; redeliver appends an attempt without a reload.
  await expect(page.getByRole("heading", { name: "webhook.test" })).toBeVisible();
  await expect(page.getByTestId("delivery-payload")).toContainText('"type": "webhook.test"');
  await expect(page.getByTestId("delivery-headers")).toContainText(/X-Webhook-Signature: t=\d+,v1=[0-9a-f]{64}/i);
  await expect(page.getByTestId("attempt")).toHaveCount(1);
  const received = hooks.received.length;
  await page.getByRole("button", { name: "Reenviar", exact: true }).click();
  await page.getByRole("button", { name: "Sim, reenviar" }).click();
  await expect(page.getByTestId("attempt")).toHaveCount(2);
  await expect(page.getByTestId("attempt").first()).toContainText("Manual (reenvio)");
  await expect(page.getByTestId("attempt-count")).toHaveText("2");
  expect(hooks.received.length).toBe(received + 1);
  await page.screenshot({ path: "reports/screenshots/webhook-delivery.png", fullPage: true });

  // 4. Backfill: dry run, then a run whose progress reaches 100 %; the history names who started it.
  await nav(page).getByRole("link", { name: "Reenvio em lote (webhook)" }).click();
  await page.getByLabel("Emitidos de").fill("01/01/2000");
  await page.getByRole("button", { name: "Contar documentos (simulação)" }).click();
  await expect(page.getByTestId("backfill-dry-run")).toContainText("3 documentos correspondem.");
  await expect(page.getByTestId("backfill-dry-run")).toContainText("Dentro do limite de 5.000 documentos.");
  await page.getByRole("button", { name: "Iniciar o reenvio de 3 documentos" }).click();
  const current = page.locator("section").filter({ hasText: "Execução atual" }).getByTestId("backfill-progress");
  await expect(current).toHaveAttribute("data-status", "SUCCEEDED", { timeout: 30_000 });
  await expect(current.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  await expect(current).toContainText("3 de 3 documentos disparados");
  await expect(page.getByTestId("backfill-row").first()).toContainText(account.email);
  await page.screenshot({ path: "reports/screenshots/webhook-backfill.png", fullPage: true });

  // 2. The delivery log: the backfilled deliveries, filters and search.
  await nav(page).getByRole("link", { name: "Entregas de webhook" }).click();
  await expect(page.getByTestId("delivery-row")).toHaveCount(4, { timeout: 15_000 });
  await page.getByLabel("Tipo de evento").selectOption("document.rejected");
  await page.getByRole("button", { name: "Aplicar" }).click();
  await expect(page.getByTestId("delivery-row")).toHaveCount(1);
  // The filters live in the address bar: a reload keeps them.
  await expect(page).toHaveURL(/eventType=document\.rejected/);
  await page.reload();
  await expect(page.getByLabel("Tipo de evento")).toHaveValue("document.rejected");
  await expect(page.getByTestId("delivery-row")).toHaveCount(1);
  await page.getByRole("button", { name: "Limpar" }).click();
  await page.getByLabel("Pesquisar").fill(documents[0]!.id);
  await page.getByRole("button", { name: "Aplicar" }).click();
  await expect(page.getByTestId("delivery-row")).toHaveCount(1);
  await expect(page.getByTestId("delivery-row")).toContainText("document.authorized");
  await page.getByRole("button", { name: "Limpar" }).click();
  await expect(page.getByTestId("delivery-row")).toHaveCount(4);
  // Dates typed dd/mm/aaaa: a day that does not exist is refused; a range long past finds nothing.
  await page.getByLabel("De", { exact: true }).fill("31/02/2026");
  await page.getByLabel("De", { exact: true }).blur();
  await expect(page.getByRole("alert").filter({ hasText: "31/02/2026 não é uma data válida." })).toBeVisible();
  await page.getByLabel("De", { exact: true }).fill("01/01/2000");
  await page.getByLabel("Até", { exact: true }).fill("31/12/2000");
  await page.getByRole("button", { name: "Aplicar" }).click();
  await expect(page.getByTestId("delivery-row")).toHaveCount(0);
  await page.getByRole("button", { name: "Limpar" }).click();
  await expect(page.getByTestId("delivery-row")).toHaveCount(4);
  await page.screenshot({ path: "reports/screenshots/webhook-deliveries.png", fullPage: true });

  // 3. From a document: its deliveries and "Send webhook again".
  await page.goto(`/dashboard/c/${companyId}/documents/${documents[0]!.id}`);
  // An authorized fixture without a number: the title follows the status (not "Rascunho de NF-e").
  await expect(page.getByTestId("document-title")).toHaveText("NF-e sem número");
  await expect(page.getByTestId("document-status")).toHaveText("Autorizada");
  const panel = page.getByRole("region", { name: "Entregas de webhook" });
  await expect(panel.getByTestId("document-delivery-row")).toHaveCount(1);
  await panel.getByRole("button", { name: "Enviar o webhook de novo" }).click();
  await expect(panel.getByRole("status")).toContainText("Na fila para 1 endpoint");
  await expect(panel.getByTestId("document-delivery-row")).toHaveCount(2, { timeout: 15_000 });
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "reports/screenshots/webhook-document-panel.png", fullPage: true });

  // 1. Edit filters, rotate the secret, and reactivate a disabled endpoint (refused while the receiver fails its ping).
  await page.goto(`/dashboard/c/${companyId}/webhooks/endpoints`);
  const endpointCard = page.getByTestId("webhook-endpoint").filter({ hasText: hooks.url });
  await endpointCard.getByRole("button", { name: "Editar" }).click();
  await endpointCard.getByRole("form", { name: "Editar endpoint" }).getByLabel("Documento rejeitado").check();
  await endpointCard.getByRole("button", { name: "Salvar (com ping se preciso)" }).click();
  await expect(endpointCard.getByRole("form", { name: "Editar endpoint" })).toHaveCount(0);
  await expect(endpointCard).toContainText("Documento rejeitado");
  const firstSecret = (await page.getByTestId("webhook-secret").count()) ? await page.getByTestId("webhook-secret").textContent() : null;
  await endpointCard.getByRole("button", { name: "Gerar novo segredo" }).click();
  await endpointCard.getByRole("button", { name: "Sim, gerar" }).click();
  await expect(endpointCard.getByTestId("webhook-secret")).toHaveText(/^whsec_/);
  expect(await endpointCard.getByTestId("webhook-secret").textContent()).not.toBe(firstSecret);
  await db.webhookEndpoint.updateMany({ where: { companyId }, data: { isActive: false, disabledReason: "5 consecutive failed deliveries", disabledAt: new Date(), consecutiveFailures: 5 } });
  await page.reload();
  await expect(endpointCard).toContainText("5 consecutive failed deliveries — desde");
  hooks.reply({ status: 503, body: "maintenance" });
  await endpointCard.getByRole("button", { name: "Reativar (envia um ping)" }).click();
  await expect(endpointCard.getByRole("alert")).toBeVisible();
  await expect(endpointCard).toContainText("Desativado");
  hooks.reply({ status: 200, body: "ok" });
  await endpointCard.getByRole("button", { name: "Reativar (envia um ping)" }).click();
  await expect(endpointCard.getByRole("status").filter({ hasText: "Reativado" })).toBeVisible();
  await expect(endpointCard).toContainText("Ativo");
  await page.screenshot({ path: "reports/screenshots/webhook-endpoint-actions.png", fullPage: true });

  // 7 (webhook part). The overview's webhook section: no endpoint needs attention, every settled delivery succeeded.
  await nav(page).getByRole("link", { name: "Visão geral" }).click();
  const health = page.getByTestId("webhook-health");
  await expect(health).toContainText("Todos os endpoints de webhook estão ativos");
  await expect(page.getByTestId("webhook-rate-summary")).toContainText(/100 % de \d+ entregas concluídas deram certo/);
  await health.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "reports/screenshots/webhook-overview.png", fullPage: true });

  // 6. SUPPORT: sees endpoints, sends test events, redelivers and backfills; cannot create, edit, rotate or delete.
  const supportCredentials = { email: `support-${Date.now()}@e2e.local`, password: "support-pass-123" };
  await createUser({ ...supportCredentials, tenantId: account.tenantId, role: "SUPPORT" });
  const support = await signedInPage(browser, supportCredentials);
  await support.goto(`/dashboard/c/${companyId}/webhooks`); // redirects to webhooks/endpoints
  await expect(support.getByText("só um Administrador ou Contador pode adicionar, editar ou excluir endpoints")).toBeVisible();
  const supportCard = support.getByTestId("webhook-endpoint").filter({ hasText: hooks.url });
  await expect(supportCard.getByRole("button", { name: "Enviar evento de teste" })).toBeVisible();
  await expect(support.getByRole("button", { name: "Adicionar endpoint" })).toHaveCount(0);
  for (const name of ["Editar", "Gerar novo segredo", "Excluir"]) await expect(supportCard.getByRole("button", { name })).toHaveCount(0);
  const forced = await support.request.post(`/api/dashboard/companies/${companyId}/webhooks`, { data: { url: hooks.url } });
  expect(forced.status()).toBe(403);
  expect(await forced.json()).toMatchObject({ code: "forbidden_role" });
  const forcedDelete = await support.request.delete(`/api/dashboard/companies/${companyId}/webhooks/${await endpointIdOf(support, companyId)}`);
  expect(forcedDelete.status()).toBe(403);
  await support.screenshot({ path: "reports/screenshots/webhook-endpoints-support.png", fullPage: true });

  await support.goto(`/dashboard/c/${companyId}/webhooks/deliveries`);
  await support.getByTestId("delivery-row").first().getByRole("link").first().click();
  await expect(support.getByTestId("attempt").first()).toBeVisible();
  const before = await support.getByTestId("attempt").count();
  await support.getByRole("button", { name: "Reenviar", exact: true }).click();
  await support.getByRole("button", { name: "Sim, reenviar" }).click();
  await expect(support.getByTestId("attempt")).toHaveCount(before + 1);

  await support.goto(`/dashboard/c/${companyId}/webhooks/backfill`);
  await support.getByLabel("Emitidos de").fill("01/01/2000");
  await support.getByLabel("Só documentos que ainda não têm entrega").uncheck();
  await support.getByRole("button", { name: "Contar documentos (simulação)" }).click();
  await expect(support.getByTestId("backfill-dry-run")).toContainText("3 documentos correspondem.");
  await support.getByRole("button", { name: "Iniciar o reenvio de 3 documentos" }).click();
  await expect(support.locator("section").filter({ hasText: "Execução atual" }).getByTestId("backfill-progress")).toHaveAttribute("data-status", "SUCCEEDED", { timeout: 30_000 });
  await expect(support.getByTestId("backfill-row").first()).toContainText(supportCredentials.email);
  await support.context().close();
});

async function endpointIdOf(page: Page, companyId: string): Promise<string> {
  const list = await page.request.get(`/api/dashboard/companies/${companyId}/webhooks`);
  return ((await list.json()) as { data: { id: string }[] }).data[0]!.id;
}
