import { expect, test } from "@playwright/test";
import { db } from "@/lib/db/client";
import { closeDb, createAccount, signIn } from "./signin-helpers";

test.afterAll(closeDb);

test("criar um rascunho com pickers, prévia de impostos e parcelas conferidas, e excluí-lo", async ({ page }) => {
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
  await expect(page.getByTestId("documents-empty")).toHaveText("Nenhum documento ainda. Crie o primeiro em “Novo documento”.");
  await page.getByRole("link", { name: "Novo documento" }).click();

  const form = page.getByRole("form", { name: "Novo documento" });
  // The route's schema answers before the round trip.
  await form.getByRole("button", { name: "Criar rascunho" }).click();
  await expect(form.getByRole("alert")).toContainText("Verifique os campos");

  await form.getByRole("combobox", { name: /^Cliente/ }).selectOption({ label: "Loja do Bairro Ltda (11.222.333/0001-81) · SP" });
  await form.getByLabel("Produto 1").selectOption({ label: "TEC-01 — Teclado USB" });
  await expect(form.getByLabel("Valor unitário (R$)")).toHaveValue("123,45");
  await form.getByLabel("Quantidade").fill("3");

  // CFOP picker: filtered to operations within the state, searched by words without accents.
  const cfop = form.getByRole("combobox", { name: "CFOP (Dentro do estado)" });
  await cfop.fill("venda mercadoria adquirida terceiros");
  const options = page.getByRole("listbox", { name: "CFOP (Dentro do estado)" }).getByRole("option");
  await expect(options.first()).toContainText("5102");
  await expect(options.filter({ hasText: /^6/ })).toHaveCount(0);
  await options.filter({ hasText: "5102" }).first().click();
  await expect(cfop).toHaveValue("5102");
  await expect(form.getByTestId("picker-description").nth(1)).toContainText("Venda de mercadoria adquirida ou recebida de terceiros");

  // CEST picker follows the NCM chosen (beer → segment 03 only).
  const ncm = form.getByRole("combobox", { name: "NCM" });
  await ncm.fill("2203.00.00");
  await page.getByRole("listbox", { name: "NCM" }).getByRole("option").filter({ hasText: "22030000" }).click();
  await expect(ncm).toHaveValue("22030000");
  await form.getByRole("combobox", { name: "CEST" }).click();
  const cestOptions = page.getByRole("listbox", { name: "CEST" }).getByRole("option");
  await expect(cestOptions.first()).toBeVisible();
  await expect(cestOptions.filter({ hasText: "0302100" })).toHaveCount(1);
  await expect(cestOptions.filter({ hasText: /^01\d{5}/ })).toHaveCount(0);
  await page.keyboard.press("Escape");
  // Back to the product's NCM for the rest of the flow.
  await ncm.fill("");
  await ncm.blur();

  // Live preview of the resolved taxes, in Brazilian formats.
  const preview = page.getByTestId("tax-preview");
  await expect(preview.getByTestId("preview-total")).toHaveText("R$ 370,35");
  await expect(preview.getByTestId("tax-icms").getByTestId("source-icms.cst")).toHaveText("produto");

  await form.getByRole("button", { name: "Adicionar parcela" }).click();
  // Typed dd/mm/aaaa whatever the browser's language; a day that does not exist is refused in words.
  await form.getByLabel("Vencimento 001").fill("31022026");
  await form.getByLabel("Vencimento 001").blur();
  await expect(form.getByRole("alert").filter({ hasText: "31/02/2026 não é uma data válida." })).toBeVisible();
  await form.getByLabel("Vencimento 001").fill("21/12/2026");
  await form.getByLabel("Valor da parcela (R$)").fill("370,00");
  await expect(form.getByTestId("installments-sum")).toHaveText("Soma das parcelas R$ 370,00: faltam R$ 0,35 para o total de R$ 370,35.");
  await form.getByLabel("Valor da parcela (R$)").fill("370,35");
  await expect(form.getByTestId("installments-sum")).toHaveText("Soma das parcelas R$ 370,35 = total do documento.");
  await page.screenshot({ path: "reports/screenshots/documents-new-filled.png", fullPage: true });
  await form.getByRole("button", { name: "Criar rascunho" }).click();

  await expect(page).toHaveURL(/\/documents\/[a-z0-9-]+$/);
  await expect(page.getByTestId("document-title")).toHaveText("Rascunho de NF-e");
  await expect(page.getByTestId("document-status")).toHaveText("Rascunho");
  await expect(page.getByTestId("document-dates")).toContainText("criado em");
  await expect(page.getByTestId("client-name")).toHaveText("Loja do Bairro Ltda");
  await expect(page.getByTestId("total-value")).toHaveText("R$ 370,35");
  const line = page.getByTestId("document-item");
  // Simples credit: 370.35 × 2.56 % = 9.48096 → 9.48, rate and code from the product.
  await expect(line.getByTestId("tax-simples-credit-amount")).toHaveText("R$ 9,48");
  await expect(line.getByTestId("tax-simples-credit")).toContainText("2,56 %");
  await expect(line.getByTestId("source-ncm")).toHaveText("produto");
  await expect(line.getByTestId("source-cfop")).toHaveText("item");
  // PIS falls back to our Simples default (CST 49).
  await expect(line.getByTestId("tax-pis").getByTestId("source-pis.cst")).toHaveText("padrão");
  await expect(page.getByTestId("preview-danfe")).toHaveAttribute("href", /\/danfe\?preview=true$/);
  await page.screenshot({ path: "reports/screenshots/document-draft.png", fullPage: true });

  await page.getByTestId("back-to-list").click();
  await expect(page.getByTestId("document-row")).toHaveCount(1);
  await expect(page.getByTestId("document-row")).toContainText("NF-e");
  await page.getByRole("combobox", { name: "Situação" }).selectOption("AUTHORIZED");
  await expect(page.getByTestId("documents-empty")).toHaveText("Nenhum documento com estes filtros. Limpe os filtros para ver todos.");
  await page.getByRole("combobox", { name: "Situação" }).selectOption("DRAFT");
  await expect(page.getByTestId("document-row")).toContainText("Loja do Bairro Ltda");

  // A draft can be deleted (DELETE …/documents/{id}); the list is empty again.
  await page.getByTestId("document-row").getByRole("link").click();
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Excluir rascunho" }).click();
  await expect(page).toHaveURL(/\/documents$/);
  await expect(page.getByTestId("documents-empty")).toBeVisible();
  expect(await db.fiscalDocument.count({ where: { companyId: account.companyId } })).toBe(0);
});

test("novo cliente com endereço completo e máscaras; NFS-e pede o serviço nacional em vez de NCM/CFOP", async ({ page }) => {
  const account = await createAccount();
  await signIn(page, account);
  await page.goto(`/dashboard/c/${account.companyId}/documents/new`);
  const form = page.getByRole("form", { name: "Novo documento" });
  await form.getByLabel("Novo cliente").check();
  await form.getByLabel("CPF/CNPJ").fill("06929383000163");
  await expect(form.getByLabel("CPF/CNPJ")).toHaveValue("06.929.383/0001-63");
  await expect(form.getByText("Destinatário identificado: o endereço completo é obrigatório")).toBeVisible();
  await form.getByLabel("CEP *").fill("13010000");
  await expect(form.getByLabel("CEP *")).toHaveValue("13010-000");
  await form.getByLabel("Telefone").fill("19912345678");
  await expect(form.getByLabel("Telefone")).toHaveValue("(19) 91234-5678");

  await form.getByRole("combobox", { name: /^Tipo/ }).selectOption("NFSE");
  await expect(form.getByRole("combobox", { name: "NCM" })).toHaveCount(0);
  const service = form.getByRole("combobox", { name: "Código de tributação nacional (LC 116)" });
  await service.fill("desenvolvimento de sistemas");
  await page.getByRole("listbox", { name: "Código de tributação nacional (LC 116)" }).getByRole("option").filter({ hasText: "010101" }).click();
  await expect(service).toHaveValue("010101");
  await expect(form.getByLabel("Código de serviço municipal")).toBeVisible();
  await expect(form.getByRole("button", { name: "Adicionar transporte" })).toHaveCount(0);
  await page.screenshot({ path: "reports/screenshots/documents-new-nfse.png", fullPage: true });
});
