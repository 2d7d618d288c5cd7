import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { randomCnpj } from "@/lib/br";
import { createCompany } from "@/lib/companies";
import { db } from "@/lib/db/client";
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
  await page.goto("/signin");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("signed-in-user")).toContainText(account.email);
}

export async function closeDb(): Promise<void> {
  await db.$disconnect();
}
