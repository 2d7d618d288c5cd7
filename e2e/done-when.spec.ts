import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { modulus11CheckDigit } from "@/lib/br";
import { db } from "@/lib/db/client";
import { makeCarrier } from "@/lib/documents/testing/fixtures";
import { closeDb, createAccountWithDraft, signIn, signInWithRejectedDocument } from "./signin-helpers";

// Issue 36 "done when", from the dashboard in Portuguese, each screen saved
// at 1280 and 768 px (reports/screenshots/): an interstate NF-e with an item
// without CFOP and a carrier with a vehicle is authorized; a return NF-e with
// a referenced key is authorized with finNFe 4 and a return CFOP; an
// inutilized number's document cannot be emitted. (A rejected document
// edited and then authorized: edit-rejected-document.spec.ts.)

test.afterAll(closeDb);

async function shoot(page: Page, name: string) {
  mkdirSync("reports/screenshots", { recursive: true });
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `reports/screenshots/done-when-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** An ACCOUNTANT of a company under the regular regime, ready to emit against the built-in simulator, with a TV (CST 00) on sale. */
async function regularCompany() {
  const { account, companyId, draftId } = await createAccountWithDraft();
  await db.fiscalDocument.delete({ where: { id: draftId } });
  await db.company.update({ where: { id: companyId }, data: { taxRegime: "NORMAL", defaultCfop: "5102", defaultIcmsRate: "18" } });
  // No ICMS rate on the product: the company's 18 % inside the state, the interstate rate outside it (a product's 18 % would be SEFAZ 693).
  const product = {
    companyId, salePrice: "2000", ncm: "85287200", icmsOrigin: "0", icmsCst: "00", pisCst: "01", pisRate: "1.65", cofinsCst: "01", cofinsRate: "7.6",
  };
  await db.product.create({ data: { ...product, name: "Televisor", code: "TV" } });
  await db.product.create({ data: { ...product, name: "Televisor devolvido", code: "TV-DEV", internalCfop: "5202" } });
  return { account, companyId };
}

test("NF-e interestadual: item sem CFOP e transportadora com veículo, autorizada", async ({ page }) => {
  test.setTimeout(120_000);
  const { account, companyId } = await regularCompany();
  await db.client.create({
    data: { companyId, name: "Joana Souza", document: "12345678909", documentType: "CPF", type: "INDIVIDUAL", state: "BA", city: "Salvador", municipalityCode: "2927408", street: "Av. Sete", number: "100", neighborhood: "Centro", zipCode: "40060001" },
  });
  await makeCarrier(companyId, [{ plate: "ABC1D23", state: "SP", isDefault: true }]);

  await signIn(page, account);
  await page.goto(`/dashboard/c/${companyId}/documents/new`);
  const form = page.getByRole("form", { name: "Novo documento" });
  await form.getByRole("combobox", { name: /^Cliente/ }).selectOption({ label: "Joana Souza (123.456.789-09) · BA" });
  await form.getByLabel("Produto 1").selectOption({ label: "TV — Televisor" });
  await expect(form.getByLabel("Valor unitário (R$)")).toHaveValue("2.000,00");
  // No CFOP typed: the company default (5102) is moved to the interstate group for a consumer (6108).
  await form.getByRole("button", { name: "Adicionar pagamento" }).click();
  await form.getByLabel("Valor (R$)", { exact: true }).fill("2.000,00");
  await form.getByRole("button", { name: "Adicionar transporte" }).click();
  await form.getByRole("combobox", { name: /^Transportadora/ }).selectOption({ label: "Transportes Rápidos Ltda" });
  await expect(form.getByText("Operação interestadual: a SEFAZ não aceita veículo (rejeição 868); o veículo padrão não é enviado.")).toBeVisible();
  await shoot(page, "interstate-form");
  await form.getByRole("button", { name: "Criar e emitir" }).click();

  await expect(page).toHaveURL(/\/documents\/[a-z0-9-]+$/);
  await expect(page.getByTestId("document-status")).toHaveText("Autorizada", { timeout: 45_000 });
  const id = page.url().split("/").pop()!;
  const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id }, include: { transport: true } });
  expect(stored.authorizedXml).toContain("<idDest>2</idDest>");
  expect(stored.authorizedXml).toContain("<CFOP>6108</CFOP>");
  expect(stored.authorizedXml).toContain("<transporta>");
  expect(stored.authorizedXml).not.toContain("<veicTransp>");
  expect(stored.transport).toMatchObject({ vehiclePlate: null });
  await shoot(page, "interstate-authorized");
});

test("NF-e de devolução com chave referenciada: finNFe 4 e CFOP de devolução, autorizada", async ({ page }) => {
  test.setTimeout(120_000);
  const { account, companyId } = await regularCompany();
  await db.client.create({
    data: { companyId, name: "Cliente Exemplo S/A", document: "06929383000163", documentType: "CNPJ", type: "COMPANY", state: "SP", city: "Campinas", municipalityCode: "3509502", street: "Rua das Flores", number: "10", neighborhood: "Centro", zipCode: "13010000" },
  });
  // Another issuer's NF-e (model 55) with a valid check digit (SEFAZ 547).
  const base = "3526010692938300016355001000000001100000001";
  const returnedKey = `${base}${modulus11CheckDigit(base)}`;

  await signIn(page, account);
  await page.goto(`/dashboard/c/${companyId}/documents/new`);
  const form = page.getByRole("form", { name: "Novo documento" });
  await form.getByTestId("purpose-select").selectOption("RETURN");
  await form.getByLabel("NF-e referenciada").fill(returnedKey);
  await form.getByRole("combobox", { name: /^Cliente/ }).selectOption({ label: "Cliente Exemplo S/A (06.929.383/0001-63) · SP" });
  await form.getByLabel("Produto 1").selectOption({ label: "TV-DEV — Televisor devolvido" });
  // A sale CFOP on a return: the refusal says, in Portuguese, which line and field, and what SEFAZ would answer.
  const cfop = form.getByRole("combobox", { name: "CFOP (Dentro do estado)" });
  await cfop.fill("5102");
  await page.getByRole("listbox", { name: "CFOP (Dentro do estado)" }).getByRole("option").filter({ hasText: "5102" }).first().click();
  await form.getByRole("button", { name: "Criar e emitir" }).click();
  const refusal = form.getByRole("alert").filter({ hasText: "Onde:" });
  await expect(refusal).toContainText("Onde: item 1, CFOP.");
  await expect(refusal).toContainText("A SEFAZ recusaria com 327 – Rejeição: CFOP inválido para NF-e com finalidade de devolução de mercadoria.");
  await shoot(page, "return-form-refused");
  await cfop.fill("");
  await shoot(page, "return-form");
  await form.getByRole("button", { name: "Criar e emitir" }).click();

  await expect(page).toHaveURL(/\/documents\/[a-z0-9-]+$/);
  await expect(page.getByTestId("document-status")).toHaveText("Autorizada", { timeout: 45_000 });
  const id = page.url().split("/").pop()!;
  const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id } });
  expect(stored.purpose).toBe("RETURN");
  expect(stored.authorizedXml).toContain("<finNFe>4</finNFe>");
  expect(stored.authorizedXml).toContain(`<refNFe>${returnedKey}</refNFe>`);
  expect(stored.authorizedXml).toContain("<CFOP>5202</CFOP>");
  expect(stored.authorizedXml).toContain("<tPag>90</tPag>");
  await shoot(page, "return-authorized");
});

test("documento com número inutilizado não pode ser emitido", async ({ page }) => {
  test.setTimeout(120_000);
  // Refused before sending (629), keeping its number.
  const { companyId, draftId, rejected } = await signInWithRejectedDocument(page);

  await page.goto(`/dashboard/c/${companyId}/inutilizations`);
  const inutilize = page.getByRole("form", { name: "Inutilizar números" });
  await inutilize.getByLabel("Série", { exact: true }).fill(String(rejected.series));
  await inutilize.getByLabel("Número inicial").fill(String(rejected.number));
  await inutilize.getByLabel("Número final").fill(String(rejected.number));
  await inutilize.getByLabel("Justificativa (mínimo de 15 caracteres)").fill("Nota rejeitada que nao sera emitida");
  await inutilize.getByRole("button", { name: "Inutilizar" }).click();
  await expect(inutilize.getByRole("status")).toContainText("Faixa inutilizada, protocolo", { timeout: 20_000 });
  await shoot(page, "inutilization");

  await page.goto(`/dashboard/c/${companyId}/documents/${draftId}`);
  await expect(page.getByTestId("document-status")).toHaveText("Inutilizada");
  await expect(page.getByText("Este documento não pode ser emitido. Crie um novo documento; ele receberá outro número.")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Emitir/ })).toHaveCount(0);
  await expect(page.getByTestId("edit-document")).toHaveCount(0);
  const forced = await page.request.post(`/api/dashboard/companies/${companyId}/documents/${draftId}/emit`, { data: {} });
  expect(forced.status()).toBe(422);
  expect(await forced.json()).toMatchObject({ code: "document_inutilized" });
  expect((await db.fiscalDocument.findUniqueOrThrow({ where: { id: draftId } })).status).toBe("INUTILIZED");
  await shoot(page, "inutilized-document");
});
