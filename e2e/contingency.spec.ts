import { expect, test } from "@playwright/test";
import { db } from "@/lib/db/client";
import { closeDb, createAccount, signIn } from "./signin-helpers";

test.afterAll(closeDb);

const SIMULATOR = `http://127.0.0.1:${process.env.SIMULATOR_PORT ?? 3999}`;

test("an ADMIN enters NFC-e contingency by hand: the banner shows on every page until they leave it", async ({ page }) => {
  const account = await createAccount();
  await signIn(page, account);
  await page.goto(`/dashboard/c/${account.companyId}/authority-status`);
  const nfce = page.locator("div.rounded-md", { has: page.getByRole("heading", { name: "NFC-e" }) });
  await expect(nfce).toContainText("Emissão normal");
  await nfce.getByLabel("Justificativa").fill("curta");
  await nfce.getByRole("button", { name: "Entrar em contingência" }).click();
  await expect(nfce).toContainText("A justificativa tem de 15 a 256 caracteres.");

  await nfce.getByLabel("Justificativa").fill("Internet da loja fora do ar desde cedo");
  await nfce.getByRole("button", { name: "Entrar em contingência" }).click();
  const banner = page.getByRole("status").filter({ hasText: "Emitindo em contingência desde" });
  await expect(banner).toContainText(/Emitindo em contingência desde \d{2}:\d{2} — Internet da loja fora do ar desde cedo/);
  await expect(banner).toContainText("NFC-e · EPEC (tpEmis 4); sem consumidor identificado, offline (tpEmis 9)");
  await expect(nfce).toContainText("entrada manual");

  await page.goto(`/dashboard/c/${account.companyId}/documents`);
  await expect(page.getByRole("status").filter({ hasText: "Emitindo em contingência desde" })).toBeVisible();

  await page.goto(`/dashboard/c/${account.companyId}/authority-status`);
  await nfce.getByRole("button", { name: "Sair da contingência" }).click();
  await expect(nfce).toContainText("Emissão normal");
  await expect(page.getByRole("status").filter({ hasText: "Emitindo em contingência desde" })).toHaveCount(0);
});

test("SEFAZ-SP down (simulator outage, status 108): the status page switches to contingency by itself and names the authorizer", async ({ page }) => {
  const account = await createAccount();
  await signIn(page, account);
  // Fresh status answers: earlier specs' answers (107) are shared for 3 minutes.
  await db.authorityStatusCache.deleteMany({});
  const added = await fetch(`${SIMULATOR}/_simulator/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ authorizer: "SP", action: { kind: "outage", status: "108" } }) });
  expect(added.status).toBe(201);
  const { id } = (await added.json()) as { id: number };
  try {
    await page.goto(`/dashboard/c/${account.companyId}/authority-status`);
    await expect(page.getByText(/\(entrada automática\)/)).toHaveCount(2);
    // The layout may have rendered its banner before this page's checks switched: the next page shows it.
    await page.goto(`/dashboard/c/${account.companyId}/documents`);
    const banner = page.getByRole("status").filter({ hasText: "Emitindo em contingência desde" });
    await expect(banner).toContainText(/Emitindo em contingência desde \d{2}:\d{2} — SEFAZ-SP indisponível/);
    await expect(banner).toContainText("NF-e · SVC-AN (tpEmis 6)");
    await expect(banner).toContainText("NFC-e · EPEC (tpEmis 4); sem consumidor identificado, offline (tpEmis 9)");
  } finally {
    await fetch(`${SIMULATOR}/_simulator/faults/${id}`, { method: "DELETE" });
    await db.authorityStatusCache.deleteMany({});
  }
  // The outage is over: the next status answer (107) ends the automatic contingency.
  await page.goto(`/dashboard/c/${account.companyId}/authority-status`);
  await expect(page.getByText("Emissão normal")).toHaveCount(3); // NF-e, NFC-e and MDF-e (entered by hand only)
  await page.goto(`/dashboard/c/${account.companyId}/documents`);
  await expect(page.getByRole("status").filter({ hasText: "Emitindo em contingência desde" })).toHaveCount(0);
});

test("the fiscal settings choose automatic or manual-only contingency", async ({ page }) => {
  const account = await createAccount();
  await signIn(page, account);
  await page.goto(`/dashboard/c/${account.companyId}/settings`);
  const select = page.getByLabel("Entrar em contingência");
  await expect(select).toHaveValue("true");
  await select.selectOption("false");
  await page.getByRole("button", { name: "Salvar configurações", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: /salv/i })).toBeVisible();
  const company = await db.company.findUniqueOrThrow({ where: { id: account.companyId } });
  expect(company.contingencyAutomatic).toBe(false);
});
