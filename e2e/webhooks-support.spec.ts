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

test.use({ locale: "en-US" });

let hooks: Receiver;
test.beforeAll(async () => {
  hooks = await startReceiver();
});
test.afterAll(async () => {
  await hooks.close();
  await closeDb();
});

const nav = (page: Page) => page.getByRole("navigation", { name: "Company pages" });

async function signedInPage(browser: Browser, credentials: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ locale: "en-US" });
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
  await nav(page).getByRole("link", { name: "Webhook endpoints" }).click();
  await expect(page.getByRole("heading", { name: "Webhook endpoints" })).toBeVisible();
  await expect(page.getByText("No webhook endpoints yet.")).toBeVisible();

  // 1. Create: the ping reaches the receiver, the secret is shown once.
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await page.getByLabel("Endpoint URL").fill("not a url");
  await page.getByRole("button", { name: "Create and send ping" }).click();
  await expect(page.getByRole("form", { name: "New webhook endpoint" }).getByRole("alert")).toContainText("Endpoint URL: Must be a full address (https://…).");
  await page.getByLabel("Endpoint URL").fill(hooks.url);
  await page.getByLabel("Description (optional)").fill("ERP homologation");
  await page.getByRole("button", { name: "Create and send ping" }).click();
  await expect(page.getByText("Verification ping: your endpoint answered 2xx")).toBeVisible();
  await expect(page.getByText("it is shown only once")).toBeVisible();
  await expect(page.getByTestId("webhook-secret")).toHaveText(/^whsec_/);
  expect(JSON.parse(hooks.received[0]!.body).type).toBe("webhook.ping");
  const card = page.getByTestId("webhook-endpoint").filter({ hasText: hooks.url });
  await expect(card).toContainText("Active");
  await page.screenshot({ path: "reports/screenshots/webhook-endpoints.png", fullPage: true });

  // Test event: its delivery is shown, then opened.
  await card.getByRole("button", { name: "Send test event" }).click();
  await expect(card.getByRole("status").filter({ hasText: "Test event sent" })).toContainText("Succeeded");
  await expect(card).toContainText("HTTP 200");
  await card.getByRole("link", { name: "Open delivery" }).click();

  // 2. The delivery page: payload, headers with the signature, attempts; redeliver appends an attempt without a reload.
  await expect(page.getByRole("heading", { name: "webhook.test" })).toBeVisible();
  await expect(page.getByTestId("delivery-payload")).toContainText('"type": "webhook.test"');
  await expect(page.getByTestId("delivery-headers")).toContainText(/X-Webhook-Signature: t=\d+,v1=[0-9a-f]{64}/i);
  await expect(page.getByTestId("attempt")).toHaveCount(1);
  const received = hooks.received.length;
  await page.getByRole("button", { name: "Redeliver" }).click();
  await page.getByRole("button", { name: "Yes, redeliver" }).click();
  await expect(page.getByTestId("attempt")).toHaveCount(2);
  await expect(page.getByTestId("attempt").first()).toContainText("Manual (redeliver)");
  await expect(page.getByTestId("attempt-count")).toHaveText("2");
  expect(hooks.received.length).toBe(received + 1);
  await page.screenshot({ path: "reports/screenshots/webhook-delivery.png", fullPage: true });

  // 4. Backfill: dry run, then a run whose progress reaches 100 %; the history names who started it.
  await nav(page).getByRole("link", { name: "Webhook backfill" }).click();
  await page.getByLabel("Issued from").fill("2000-01-01");
  await page.getByRole("button", { name: "Count matching documents (dry run)" }).click();
  await expect(page.getByTestId("backfill-dry-run")).toContainText("3 documents match.");
  await expect(page.getByTestId("backfill-dry-run")).toContainText("Within the 5,000-document cap.");
  await page.getByRole("button", { name: "Start backfill of 3 documents" }).click();
  const current = page.locator("section").filter({ hasText: "Current run" }).getByTestId("backfill-progress");
  await expect(current).toHaveAttribute("data-status", "SUCCEEDED", { timeout: 30_000 });
  await expect(current.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  await expect(current).toContainText("3 of 3 documents dispatched");
  await expect(page.getByTestId("backfill-row").first()).toContainText(account.email);
  await page.screenshot({ path: "reports/screenshots/webhook-backfill.png", fullPage: true });

  // 2. The delivery log: the backfilled deliveries, filters and search.
  await nav(page).getByRole("link", { name: "Webhook deliveries" }).click();
  await expect(page.getByTestId("delivery-row")).toHaveCount(4, { timeout: 15_000 });
  await page.getByLabel("Event type").selectOption("document.rejected");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("delivery-row")).toHaveCount(1);
  // The filters live in the address bar: a reload keeps them.
  await expect(page).toHaveURL(/eventType=document\.rejected/);
  await page.reload();
  await expect(page.getByLabel("Event type")).toHaveValue("document.rejected");
  await expect(page.getByTestId("delivery-row")).toHaveCount(1);
  await page.getByRole("button", { name: "Clear" }).click();
  await page.getByLabel("Search").fill(documents[0]!.id);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("delivery-row")).toHaveCount(1);
  await expect(page.getByTestId("delivery-row")).toContainText("document.authorized");
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(page.getByTestId("delivery-row")).toHaveCount(4);
  await page.screenshot({ path: "reports/screenshots/webhook-deliveries.png", fullPage: true });

  // 3. From a document: its deliveries and "Send webhook again".
  await page.goto(`/dashboard/c/${companyId}/documents/${documents[0]!.id}`);
  const panel = page.getByRole("region", { name: "Webhook deliveries" });
  await expect(panel.getByTestId("document-delivery-row")).toHaveCount(1);
  await panel.getByRole("button", { name: "Send webhook again" }).click();
  await expect(panel.getByRole("status")).toContainText("Queued for 1 endpoint");
  await expect(panel.getByTestId("document-delivery-row")).toHaveCount(2, { timeout: 15_000 });
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "reports/screenshots/webhook-document-panel.png", fullPage: true });

  // 1. Edit filters, rotate the secret, and reactivate a disabled endpoint (refused while the receiver fails its ping).
  await page.goto(`/dashboard/c/${companyId}/webhooks/endpoints`);
  const endpointCard = page.getByTestId("webhook-endpoint").filter({ hasText: hooks.url });
  await endpointCard.getByRole("button", { name: "Edit" }).click();
  await endpointCard.getByRole("form", { name: "Edit endpoint" }).getByLabel("Document rejected").check();
  await endpointCard.getByRole("button", { name: "Save and ping if needed" }).click();
  await expect(endpointCard.getByRole("form", { name: "Edit endpoint" })).toHaveCount(0);
  await expect(endpointCard).toContainText("Document rejected");
  const firstSecret = (await page.getByTestId("webhook-secret").count()) ? await page.getByTestId("webhook-secret").textContent() : null;
  await endpointCard.getByRole("button", { name: "Rotate secret" }).click();
  await endpointCard.getByRole("button", { name: "Yes, rotate" }).click();
  await expect(endpointCard.getByTestId("webhook-secret")).toHaveText(/^whsec_/);
  expect(await endpointCard.getByTestId("webhook-secret").textContent()).not.toBe(firstSecret);
  await db.webhookEndpoint.updateMany({ where: { companyId }, data: { isActive: false, disabledReason: "5 consecutive failed deliveries", disabledAt: new Date(), consecutiveFailures: 5 } });
  await page.reload();
  await expect(endpointCard).toContainText("5 consecutive failed deliveries — since");
  hooks.reply({ status: 503, body: "maintenance" });
  await endpointCard.getByRole("button", { name: "Reactivate (sends a ping)" }).click();
  await expect(endpointCard.getByRole("alert")).toBeVisible();
  await expect(endpointCard).toContainText("Disabled");
  hooks.reply({ status: 200, body: "ok" });
  await endpointCard.getByRole("button", { name: "Reactivate (sends a ping)" }).click();
  await expect(endpointCard.getByRole("status").filter({ hasText: "Reactivated" })).toBeVisible();
  await expect(endpointCard).toContainText("Active");
  await page.screenshot({ path: "reports/screenshots/webhook-endpoint-actions.png", fullPage: true });

  // 7 (webhook part). The overview's webhook section: no endpoint needs attention, every settled delivery succeeded.
  await nav(page).getByRole("link", { name: "Overview" }).click();
  const health = page.getByTestId("webhook-health");
  await expect(health).toContainText("Every webhook endpoint is active");
  await expect(page.getByTestId("webhook-rate-summary")).toContainText(/100 % of \d+ settled deliveries succeeded/);
  await health.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "reports/screenshots/webhook-overview.png", fullPage: true });

  // 6. SUPPORT: sees endpoints, sends test events, redelivers and backfills; cannot create, edit, rotate or delete.
  const supportCredentials = { email: `support-${Date.now()}@e2e.local`, password: "support-pass-123" };
  await createUser({ ...supportCredentials, tenantId: account.tenantId, role: "SUPPORT" });
  const support = await signedInPage(browser, supportCredentials);
  await support.goto(`/dashboard/c/${companyId}/webhooks`); // redirects to webhooks/endpoints
  await expect(support.getByText("only an Admin or Accountant can add, edit or delete endpoints")).toBeVisible();
  const supportCard = support.getByTestId("webhook-endpoint").filter({ hasText: hooks.url });
  await expect(supportCard.getByRole("button", { name: "Send test event" })).toBeVisible();
  await expect(support.getByRole("button", { name: "Add endpoint" })).toHaveCount(0);
  for (const name of ["Edit", "Rotate secret", "Delete"]) await expect(supportCard.getByRole("button", { name })).toHaveCount(0);
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
  await support.getByRole("button", { name: "Redeliver" }).click();
  await support.getByRole("button", { name: "Yes, redeliver" }).click();
  await expect(support.getByTestId("attempt")).toHaveCount(before + 1);

  await support.goto(`/dashboard/c/${companyId}/webhooks/backfill`);
  await support.getByLabel("Issued from").fill("2000-01-01");
  await support.getByLabel("Only documents that have no delivery yet").uncheck();
  await support.getByRole("button", { name: "Count matching documents (dry run)" }).click();
  await expect(support.getByTestId("backfill-dry-run")).toContainText("3 documents match.");
  await support.getByRole("button", { name: "Start backfill of 3 documents" }).click();
  await expect(support.locator("section").filter({ hasText: "Current run" }).getByTestId("backfill-progress")).toHaveAttribute("data-status", "SUCCEEDED", { timeout: 30_000 });
  await expect(support.getByTestId("backfill-row").first()).toContainText(supportCredentials.email);
  await support.context().close();
});

async function endpointIdOf(page: Page, companyId: string): Promise<string> {
  const list = await page.request.get(`/api/dashboard/companies/${companyId}/webhooks`);
  return ((await list.json()) as { data: { id: string }[] }).data[0]!.id;
}
