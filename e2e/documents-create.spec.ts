import { expect, test } from "@playwright/test";
import { db } from "@/lib/db/client";
import { closeDb, createAccount, signIn } from "./signin-helpers";

test.afterAll(closeDb);

test("create a draft from the dashboard and see its computed taxes and where they came from", async ({ page }) => {
  const account = await createAccount();
  // The e2e company is in the Simples Nacional: CSOSN 101 with a 2.56 % credit from the company's product.
  await db.company.update({ where: { id: account.companyId }, data: { defaultNcm: "84713012", defaultCfop: "5102" } });
  await db.client.create({
    data: { companyId: account.companyId, name: "Loja do Bairro Ltda", document: "11222333000181", documentType: "CNPJ", type: "COMPANY", state: "SP", city: "São Paulo" },
  });
  await db.product.create({
    data: { companyId: account.companyId, name: "Teclado USB", code: "TEC-01", salePrice: "123.45", ncm: "84716052", icmsCst: "101", icmsSnCreditRate: "2.56" },
  });

  await signIn(page, account);
  await page.goto(`/dashboard/c/${account.companyId}/documents`);
  await expect(page.getByText("No documents match these filters.")).toBeVisible();
  await page.getByRole("link", { name: "New draft" }).click();

  const form = page.getByRole("form", { name: "New document" });
  // The route's schema answers before the round trip.
  await form.getByRole("button", { name: "Create draft" }).click();
  await expect(form.getByRole("alert")).toContainText("items.0.code");

  await form.getByLabel("Client", { exact: true }).selectOption({ label: "Loja do Bairro Ltda (11222333000181)" });
  await form.getByLabel("Product 1").selectOption({ label: "TEC-01 — Teclado USB" });
  await expect(form.getByLabel("Unit value")).toHaveValue("123.45");
  await form.getByLabel("Quantity").fill("3");
  await form.getByRole("button", { name: "Add installment" }).click();
  await form.getByLabel("Due date 001").fill("2026-12-21");
  await form.getByLabel("Installment value").fill("370.00");
  await form.getByRole("button", { name: "Create draft" }).click();
  // 3 × 123.45 = 370.35: the installment is 0.35 short.
  await expect(form.getByRole("alert")).toContainText("shortfall of 0.35");
  await form.getByLabel("Installment value").fill("370.35");
  await form.getByRole("button", { name: "Create draft" }).click();

  await expect(page).toHaveURL(/\/documents\/[a-z0-9]+$/);
  await expect(page.getByTestId("document-status")).toHaveText("Draft");
  await expect(page.getByTestId("client-name")).toHaveText("Loja do Bairro Ltda");
  await expect(page.getByTestId("total-value")).toContainText("370,35");
  const line = page.getByTestId("document-item");
  // Simples credit: 370.35 × 2.56 % = 9.48096 → 9.48, rate and code from the product.
  await expect(line.getByTestId("tax-simples-credit-amount")).toContainText("9,48");
  await expect(line.getByTestId("tax-icms").getByTestId("source-icms.cst")).toHaveText("product");
  await expect(line.getByTestId("source-ncm")).toHaveText("product");
  await expect(line.getByTestId("source-cfop")).toHaveText("company");
  // PIS falls back to our Simples default (CST 49).
  await expect(line.getByTestId("tax-pis").getByTestId("source-pis.cst")).toHaveText("default");

  await page.getByRole("link", { name: "Documents" }).first().click();
  await expect(page.getByTestId("document-row")).toHaveCount(1);
  await page.getByRole("combobox", { name: "Status" }).selectOption("AUTHORIZED");
  await expect(page.getByText("No documents match these filters.")).toBeVisible();
  await page.getByRole("combobox", { name: "Status" }).selectOption("DRAFT");
  await expect(page.getByTestId("document-row")).toContainText("Loja do Bairro Ltda");
});
