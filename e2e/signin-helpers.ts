import { randomBytes } from "node:crypto";
import type { FiscalDocument } from "@prisma/client";
import { expect, type Page } from "@playwright/test";
import { randomCnpj } from "@/lib/br";
import { createTestCertificate, installCertificate } from "@/lib/certificates";
import { createCompany } from "@/lib/companies";
import { db } from "@/lib/db/client";
import { createDocument } from "@/lib/documents";
import { createUser } from "@/lib/users/create-user";

export type E2eAccount = { tenantId: string; companyId: string; legalName: string; email: string; password: string };

/** A fresh tenant, company and dashboard user, made through lib/ on the run's database. */
export async function createAccount(role: "ADMIN" | "ACCOUNTANT" | "SUPPORT" = "ADMIN"): Promise<E2eAccount> {
  const cnpj = randomCnpj();
  const legalName = `E2E Company ${cnpj}`;
  const company = await createCompany({ legalName, cnpj, state: "SP", municipalityCode: "3550308", taxRegime: "SIMPLES_NACIONAL", environment: "HOMOLOGATION" });
  const email = `user-${randomBytes(4).toString("hex")}@e2e.local`;
  const password = `pw-${randomBytes(8).toString("hex")}`;
  await createUser({ email, password, tenantId: company.tenantId, role });
  return { tenantId: company.tenantId, companyId: company.id, legalName, email, password };
}

export async function signIn(page: Page, account: Pick<E2eAccount, "email" | "password">): Promise<void> {
  // By id, not label: specs run in Portuguese or English (the page follows the browser).
  await page.goto("/signin");
  await page.locator("#email").fill(account.email);
  await page.locator("#password").fill(account.password);
  await page.locator('form button[type="submit"]').click();
  // Argon2id is meant to be slow, and specs run two at a time: more than the default 5 s on a busy machine.
  await expect(page.getByTestId("signed-in-user")).toContainText(account.email, { timeout: 20_000 });
}

export async function closeDb(): Promise<void> {
  await db.$disconnect();
}

/**
 * An ACCOUNTANT account whose company can emit against the built-in simulator
 * (IE, address, test A1), with one NF-e draft to emit from the dashboard.
 */
export async function createAccountWithDraft(role: "ADMIN" | "ACCOUNTANT" = "ACCOUNTANT"): Promise<{ account: E2eAccount; companyId: string; draftId: string }> {
  const account = await createAccount(role);
  const company = await db.company.update({
    where: { id: account.companyId },
    data: { stateRegistration: "110042490114", street: "Avenida Paulista", streetNumber: "1000", neighborhood: "Bela Vista", city: "São Paulo", zipCode: "01310100" },
  });
  const certificate = createTestCertificate({ cnpj: company.cnpj, legalName: company.legalName });
  await installCertificate({ companyId: company.id, pfx: certificate.pfx, password: certificate.password });
  const draft = await createDocument({
    companyId: company.id,
    body: {
      type: "NFE",
      client: { name: "Cliente Exemplo S/A", document: "06929383000163", street: "Rua das Flores", number: "10", neighborhood: "Centro", city: "Campinas", state: "SP", municipalityCode: "3509502", zipCode: "13010000" },
      items: [{ code: "SKU-1", description: "Café torrado 500 g", quantity: 2, unitValue: 50, ncm: "21011110", cfop: "5102", icmsOrigin: "0", icmsSituation: "102" }],
      payments: [{ method: "PIX", value: 100 }],
    } as never,
  });
  return { account, companyId: company.id, draftId: draft.id };
}

/**
 * A signed-in user's draft emitted from its page and refused before sending (its stored line
 * breaks vProd = qCom × vUnCom, SEFAZ 629), so it keeps the number it reserved: the start of
 * the edit-and-re-emit and the inutilized-number flows.
 */
export async function signInWithRejectedDocument(page: Page): Promise<{ account: E2eAccount; companyId: string; draftId: string; rejected: FiscalDocument }> {
  const { account, companyId, draftId } = await createAccountWithDraft();
  const [line] = await db.fiscalDocumentItem.findMany({ where: { documentId: draftId } });
  await db.fiscalDocumentItem.update({ where: { id: line!.id }, data: { unitValue: "51" } });
  await signIn(page, account);
  await page.goto(`/dashboard/c/${companyId}/documents/${draftId}`);
  await page.getByRole("button", { name: "Emitir", exact: true }).click();
  await expect(page.getByTestId("document-status")).toHaveText("Rejeitada", { timeout: 45_000 });
  const rejected = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draftId } });
  expect(rejected.rejectionCode).toBe("629");
  expect(rejected.number).toBeGreaterThan(0);
  return { account, companyId, draftId, rejected };
}

/**
 * A user signed in with a temporary password lands on the password page
 * (issue 36 item 10): picks `next` (by field ids: specs run in either
 * language) and is signed in again with it.
 */
export async function changeTemporaryPassword(page: Page, current: string, next = `pw-${randomBytes(8).toString("hex")}`): Promise<string> {
  await expect(page).toHaveURL(/\/dashboard\/password$/);
  // Typed after hydration: a value typed before React takes over the fields is reset.
  await page.waitForLoadState("networkidle");
  for (const [id, value] of [["#current-password", current], ["#new-password", next], ["#confirm-password", next]] as const) {
    await page.locator(id).fill(value);
  }
  for (const [id, value] of [["#current-password", current], ["#new-password", next], ["#confirm-password", next]] as const) {
    await expect(page.locator(id)).toHaveValue(value);
  }
  await page.locator('main form button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/dashboard\/password$/, { timeout: 20_000 });
  await expect(page.getByTestId("signed-in-user")).toBeVisible();
  return next;
}
