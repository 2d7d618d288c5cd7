import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { navLinks } from "@/components/dashboard/nav-links";
import { db } from "@/lib/db/client";
import { createDocument } from "@/lib/documents";
import { queueEmission } from "@/lib/emission/queue-emission";
import { startReceiver } from "@/lib/webhooks/testing/receiver";
import { closeDb, createAccountWithDraft, signIn } from "./signin-helpers";

// Issue 36 item 11: a pt-BR page shows no English. Every dashboard page (the
// sidebar's, plus the document pages, the password page and an unknown
// address) is read as the user sees it and fails on English words the
// dashboard used to show (server messages appended to toasts, untranslated
// labels). The API reference is left out: it is the API's own (English)
// OpenAPI document, shown as served.

test.afterAll(closeDb);
// Its two tests use accounts of their own: they may run on two workers at once.
test.describe.configure({ mode: "parallel" });

const ENGLISH = [
  "Certificate installed", "Document cancelled", "invalid CNPJ", "the receiver answered", "Gone", "not found", "failed", "Failed",
  "Loading", "Something went wrong", "Request failed", "Invalid", "invalid", "Error", "Save", "Cancel", "Delete", "Overview", "Documents",
  "Settings", "Users", "Clients", "Products", "Carriers", "must be", "required", "Sign out", "Draft", "Authorized", "Rejected", "Actions",
  "Created", "Updated", "Enabled", "Disabled", "Active", "Inactive", "None", "Search", "Next", "Previous", "Back", "Details", "Download",
  "Unknown", "Yes", "Retry", "Try again", "Not configured", "Never",
];
const pattern = new RegExp(`(?<![\\p{L}\\d])(${ENGLISH.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?![\\p{L}\\d])`, "u");

// Issue 54 item 6: what a pt-BR page must not show besides English words — an API field path
// ("payments.0.value: Obrigatório"), an internal run name or a UUID, an SMTP code said twice
// ("250 250 queued"), a quantity with a decimal point ("2.5" beside R$ values) — and a native
// date or month input, whose order and words follow the browser's language, not the page's.
const FIELD_PATH = /(?<![\w.])(?:items|payments|duplicates|referencedDocuments|client|transport|body)\.(?:\d+\.)?[a-z]\w*/;
const INTERNAL = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b|\b(?:emit-document|document-email-send|reconcile-document-event|transmit-contingency|webhook-deliver)\b/;
const SMTP_CODE_TWICE = /\b([2-5]\d\d)[ -]\1\b/;
const POINT_QUANTITY = /(?<![\d.,])\d+\.\d{1,4}(?![\d.,])/;

async function slipsOn(page: Page, url: string): Promise<string[]> {
  const findings: string[] = [];
  const text = await page.locator("body").innerText();
  for (const line of text.split("\n")) {
    const match = pattern.exec(line) ?? FIELD_PATH.exec(line) ?? INTERNAL.exec(line) ?? SMTP_CODE_TWICE.exec(line);
    if (match) findings.push(`${url}: "${match[1] ?? match[0]}" in "${line.trim().slice(0, 160)}"`);
  }
  const native = await page.locator('input[type="date"], input[type="month"], input[type="datetime-local"], input[type="week"], input[type="time"]').count();
  if (native > 0) findings.push(`${url}: ${native} native date/month input(s) instead of the masked dd/mm/aaaa field`);
  return findings;
}

/** Every table's last column (actions or status) is inside the window: pinned, or the table fits (768 px). */
async function lastColumnsInView(page: Page, url: string): Promise<string[]> {
  const width = page.viewportSize()!.width;
  const edges = await page.locator("table").evaluateAll((tables) =>
    tables.map((table) => {
      const cell = table.querySelector("thead tr > :last-child") ?? table.querySelector("tr > :last-child");
      const box = cell?.getBoundingClientRect();
      return { label: table.getAttribute("aria-label") ?? cell?.textContent ?? "", right: box ? box.right : 0, left: box ? box.left : 0 };
    }),
  );
  return edges.filter((edge) => edge.right > width + 1 || edge.left < 0).map((edge) => `${url}: the table "${edge.label}" has its last column at ${Math.round(edge.left)}–${Math.round(edge.right)} px of ${width}`);
}

test("cada página do painel em pt-BR sem palavras em inglês", async ({ page }) => {
  test.setTimeout(300_000);
  mkdirSync("reports/screenshots", { recursive: true });
  const { account, companyId, draftId } = await createAccountWithDraft("ADMIN");
  await signIn(page, account);
  const base = `/dashboard/c/${companyId}`;
  const pages = [
    ...navLinks.filter((link) => link.href !== "api-reference").map((link) => (link.href ? `${base}/${link.href}` : base)),
    `${base}/documents/new`, `${base}/documents/${draftId}`, `${base}/documents/${draftId}/edit`, `${base}/webhooks`, "/dashboard/password", `${base}/endereco-que-nao-existe`,
  ];
  const findings: string[] = [];
  for (const url of pages) {
    await page.goto(url);
    await expect(page.getByTestId("signed-in-user")).toBeVisible();
    await page.waitForLoadState("networkidle");
    findings.push(...(await slipsOn(page, url)));
  }

  // An unknown company address is the 404 inside the sidebar layout.
  await page.goto(`${base}/endereco-que-nao-existe`);
  await expect(page.getByRole("navigation", { name: "Páginas da empresa" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
  await page.screenshot({ path: "reports/screenshots/pt-br-unknown-address.png", fullPage: true });

  // A server refusal is said by its code, from the catalogue, without the API's English message.
  await page.goto(`${base}/users`);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByRole("button", { name: "Adicionar usuário" }).click();
  const alert = page.getByRole("form", { name: "Adicionar usuário" }).getByRole("alert");
  await expect(alert).toHaveText("Este e-mail já é usado por outro usuário.");

  expect(findings, findings.join("\n")).toEqual([]);
});

test("os deslizes da issue 54 item 6 e 7: caminhos de campo, histórico, quantidades, datas, SMTP, ping e tabelas a 768 px", async ({ page }) => {
  test.setTimeout(300_000);
  mkdirSync("reports/screenshots", { recursive: true });
  const { account, companyId } = await createAccountWithDraft("ADMIN");
  const company = await db.company.findUniqueOrThrow({ where: { id: companyId } });
  const client = { name: "Cliente Exemplo S/A", document: "06929383000163", street: "Rua das Flores", number: "10", neighborhood: "Centro", city: "Campinas", state: "SP", municipalityCode: "3509502", zipCode: "13010000" };
  // A fractional quantity (2,5 × R$ 40,00), emitted through the server's worker and the simulator.
  const sale = await createDocument({
    companyId,
    body: { type: "NFE", client, items: [{ code: "SKU-25", description: "Café em grãos a granel", quantity: 2.5, unitValue: 40, ncm: "09012100", cfop: "5102", icmsOrigin: "0", icmsSituation: "102" }], payments: [{ method: "PIX", value: 100 }] } as never,
  });
  await queueEmission({ companyId, documentId: sale.id });
  await expect.poll(async () => (await db.fiscalDocument.findUniqueOrThrow({ where: { id: sale.id } })).status, { timeout: 60_000 }).toBe("AUTHORIZED");
  const authorized = await db.fiscalDocument.findUniqueOrThrow({ where: { id: sale.id } });
  // The same NF-e as a received one (its nfeProc as the distribution delivers it), and an SMTP reply that repeats its code.
  const received = await db.receivedDocument.create({
    data: {
      companyId, environment: "HOMOLOGATION", accessKey: authorized.accessKey!, issuerDocument: company.cnpj, issuerName: company.legalName, issuerStateRegistration: company.stateRegistration,
      issueDate: authorized.issueDateTime, totalValue: authorized.totalValue, operation: "SAIDA", authorityStatus: "AUTHORIZED", authorizationProtocol: authorized.protocolNumber,
      manifestation: "CIENCIA", xml: authorized.authorizedXml, nsu: "000000000000001",
    },
  });
  await db.documentEmail.create({ data: { companyId, documentId: sale.id, trigger: "RESEND", status: "SENT", recipients: ["compras@cliente.example"], attempts: 1, lastReply: "250 250 queued", sentAt: new Date() } });
  // A return of that sale: its page names the returned NF-e and links to it.
  const devolution = await createDocument({
    companyId,
    body: { type: "NFE", purpose: "RETURN", referencedDocuments: [{ accessKey: authorized.accessKey }], client, items: [{ code: "SKU-25", description: "Café em grãos a granel (devolução)", quantity: 1, unitValue: 40, ncm: "09012100", cfop: "5202", icmsOrigin: "0", icmsSituation: "102" }] } as never,
  });

  await signIn(page, account);
  const base = `/dashboard/c/${companyId}`;
  const findings: string[] = [];

  // The sale's page: the history names its runs in Portuguese (no UUID, no function id), the SMTP reply once.
  await page.goto(`${base}/documents/${sale.id}`);
  await expect(page.getByTestId("timeline-run").first()).toContainText("Emissão");
  await expect(page.getByTestId("smtp-reply").filter({ hasText: "250 queued" })).toBeVisible();
  findings.push(...(await slipsOn(page, `${base}/documents/${sale.id}`)));

  // The return's page: the referenced key, grouped by four, linked to the sale's page.
  await page.goto(`${base}/documents/${devolution.id}`);
  const reference = page.getByTestId("referenced-document");
  await expect(reference).toContainText(authorized.accessKey!.replace(/(.{4})(?=.)/g, "$1 "));
  await expect(reference.getByRole("link", { name: authorized.accessKey! })).toHaveAttribute("href", `${base}/documents/${sale.id}`);
  await expect(reference).toContainText("emitida por esta empresa");

  // The received NF-e: quantity 2,5 (not 2.5), the key beside the issuer's CNPJ without running over it at 1280 px.
  await page.goto(`${base}/received/${received.id}`);
  const items = page.getByRole("table", { name: "Itens" });
  await expect(items).toContainText("2,5");
  const itemsText = await items.innerText();
  if (POINT_QUANTITY.test(itemsText)) findings.push(`received items: a quantity with a decimal point in "${itemsText.replace(/\s+/g, " ").slice(0, 160)}"`);
  const key = await page.getByTestId("received-access-key").boundingBox();
  const cnpj = await page.locator("dt", { hasText: /^Emitente$/ }).locator("xpath=following-sibling::dd[1]").boundingBox();
  expect(key && cnpj).toBeTruthy();
  if (key && cnpj && key.x + key.width > cnpj.x && key.y < cnpj.y + cnpj.height && cnpj.y < key.y + key.height) findings.push("received page: the access key overlaps the issuer's CNPJ at 1280 px");
  findings.push(...(await slipsOn(page, `${base}/received/${received.id}`)));

  // The new-document form: "Sem pagamento" asks for no value; a validation message names fields in Portuguese.
  await page.goto(`${base}/documents/new`);
  await page.getByRole("button", { name: "Adicionar pagamento" }).click();
  const payment = page.getByTestId("payment-row").first();
  await payment.getByLabel("Forma de pagamento").selectOption("NO_PAYMENT");
  await expect(payment.getByLabel("Valor (R$)")).toHaveCount(0);
  await expect(payment.getByTestId("no-payment-note")).toBeVisible();
  await page.getByRole("button", { name: "Criar rascunho" }).click();
  const invalid = page.getByRole("form", { name: "Novo documento" }).getByRole("alert");
  await expect(invalid).toContainText("Item 1 — ");
  const invalidText = await invalid.innerText();
  if (FIELD_PATH.test(invalidText)) findings.push(`new document: a field path in "${invalidText}"`);
  findings.push(...(await slipsOn(page, `${base}/documents/new`)));

  // A verification ping answered HTTP 500 is said as an answer with an error, never "não respondeu".
  const failing = await startReceiver();
  failing.reply({ status: 500, body: "boom" });
  try {
    await page.goto(`${base}/webhooks`);
    await page.getByRole("button", { name: "Adicionar endpoint" }).click();
    await page.getByLabel("URL do endpoint").fill(failing.url);
    await page.getByRole("button", { name: "Criar e enviar ping" }).click();
    const refusal = page.getByRole("form", { name: "Novo endpoint de webhook" }).getByRole("alert");
    await expect(refusal).toContainText("respondeu com HTTP 500", { timeout: 20_000 });
    await expect(refusal).not.toContainText("não respondeu");
  } finally {
    await failing.close();
  }

  // 768 px: the four wide tables keep their last column in view (pinned), and the received page fits.
  await page.setViewportSize({ width: 768, height: 1024 });
  for (const [name, url] of [["documents", `${base}/documents`], ["inutilizations", `${base}/inutilizations`], ["received", `${base}/received`], ["received-document", `${base}/received/${received.id}`]] as const) {
    await page.goto(url);
    await expect(page.getByTestId("signed-in-user")).toBeVisible();
    await page.waitForLoadState("networkidle");
    findings.push(...(await lastColumnsInView(page, url)), ...(await slipsOn(page, url)));
    await page.screenshot({ path: `reports/screenshots/pt-br-768-${name}.png`, fullPage: true });
  }

  expect(findings, findings.join("\n")).toEqual([]);
});
