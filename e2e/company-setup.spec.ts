import { expect, test } from "@playwright/test";
import { createTestCertificate } from "@/lib/certificates";
import { db } from "@/lib/db/client";
import { closeDb, createAccount, signIn } from "./signin-helpers";

test.afterAll(closeDb);

const DAY_MS = 86_400_000;

test("upload a certificate: a wrong password is refused, then its holder, CNPJ, validity and days left show; a replacement near expiry warns", async ({ page }) => {
  const account = await createAccount("ACCOUNTANT");
  const company = await db.company.findUniqueOrThrow({ where: { id: account.companyId } });
  // An hour past whole days, so "days left" is exact however long the test takes.
  const yearly = createTestCertificate({ cnpj: company.cnpj, legalName: "Loja E2E Ltda", notAfter: new Date(Date.now() + 200 * DAY_MS + 3_600_000) });

  await signIn(page, account);
  await page.goto(`/dashboard/c/${account.companyId}/certificate`);
  await expect(page.getByRole("region", { name: "Certificado ativo" })).toContainText("Nenhum certificado instalado");

  const form = page.getByRole("form", { name: "Enviar certificado" });
  await form.getByLabel("Arquivo do certificado").setInputFiles({ name: "loja.pfx", mimeType: "application/x-pkcs12", buffer: yearly.pfx });
  await form.getByLabel("Senha").fill("not-the-password");
  await form.getByRole("button", { name: "Instalar certificado" }).click();
  await expect(form.getByRole("alert")).toContainText("Senha do certificado incorreta");
  expect(await db.certificate.count({ where: { companyId: account.companyId } })).toBe(0);

  await form.getByLabel("Senha").fill(yearly.password);
  await form.getByRole("button", { name: "Instalar certificado" }).click();
  const card = page.getByRole("region", { name: "Certificado ativo" });
  await expect(card).toContainText("LOJA E2E LTDA");
  const formatted = company.cnpj.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, "$1.$2.$3/$4-$5");
  await expect(card).toContainText(formatted);
  await expect(card).toContainText("Válido até");
  await expect(page.getByTestId("certificate-days-left")).toHaveText("200");
  await expect(card.getByRole("alert")).toHaveCount(0);
  await expect(page.getByText(yearly.password)).toHaveCount(0);

  const soon = createTestCertificate({ cnpj: company.cnpj, legalName: "Loja E2E Ltda", notAfter: new Date(Date.now() + 20 * DAY_MS + 3_600_000) });
  const replace = page.getByRole("form", { name: "Enviar certificado" });
  await replace.getByLabel("Arquivo do certificado").setInputFiles({ name: "soon.pfx", mimeType: "application/x-pkcs12", buffer: soon.pfx });
  await replace.getByLabel("Senha").fill(soon.password);
  await replace.getByRole("button", { name: "Substituir certificado" }).click();
  await expect(card.getByRole("alert")).toContainText("vence em 20 dias");
  await expect(page.getByTestId("certificate-days-left")).toHaveText("20");
});

test("edit fiscal settings: an invalid IE is shown inline and nothing is saved; once fixed, the settings save and persist", async ({ page }) => {
  const account = await createAccount("ADMIN");
  await signIn(page, account);
  await page.goto(`/dashboard/c/${account.companyId}/settings`);
  const form = page.getByRole("form", { name: "Configurações fiscais" });
  const ie = form.getByLabel("Inscrição estadual (IE)");

  await ie.fill("123");
  await form.getByLabel("Logradouro", { exact: true }).fill("Avenida Paulista");
  // CNPJ, CEP and phone are formatted as they are typed and stored as digits.
  const { cnpj } = await db.company.findUniqueOrThrow({ where: { id: account.companyId } });
  await expect(form.locator("#settings-cnpj")).toHaveValue(cnpj.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, "$1.$2.$3/$4-$5"));
  await form.locator("#settings-zipCode").fill("01310100");
  await expect(form.locator("#settings-zipCode")).toHaveValue("01310-100");
  await form.getByRole("button", { name: "Salvar configurações" }).click();
  await expect(ie).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#settings-stateRegistration-error")).toHaveText("A IE de SP tem 12 dígitos (informados: 3).");
  await expect(form.getByRole("alert")).toContainText("Um campo precisa de atenção.");
  expect((await db.company.findUniqueOrThrow({ where: { id: account.companyId } })).street).toBeNull();

  await ie.fill("110.042.490.114");
  await expect(page.locator("#settings-stateRegistration-error")).toHaveCount(0);
  await expect(ie).toHaveAttribute("aria-invalid", "false");
  // The municipality is picked by name among the chosen state's (IBGE code kept); the city follows.
  const municipality = form.getByRole("combobox", { name: "Município (código IBGE)" });
  await municipality.fill("campinas");
  await page.getByRole("option", { name: /^3509502 – Campinas/ }).click();
  await expect(municipality).toHaveValue("3509502");
  await expect(form.getByLabel("Município", { exact: true })).toHaveValue("Campinas");
  // The NBS code (cNBS) is picked from NBS 2.0: a typed code outside it is flagged, words find the right one.
  const nbs = form.getByRole("combobox", { name: "Código NBS (cNBS)" });
  await nbs.fill("115022999");
  await nbs.blur();
  await expect(page.locator("#settings-nfseNbsCode-desc")).toHaveText("Código fora da tabela oficial.");
  await nbs.fill("integracao sistemas");
  await page.getByRole("option", { name: /^115025000 – Serviços de integração de sistemas/ }).click();
  await expect(nbs).toHaveValue("115025000");
  // The national service code (cTribNac) is picked from the national list by words too.
  const service = form.getByRole("combobox", { name: "Código de tributação nacional (cTribNac)" });
  await service.fill("desenvolvimento de sistemas");
  await page.getByRole("option", { name: /^010101 – Análise e desenvolvimento de sistemas/ }).click();
  await expect(service).toHaveValue("010101");
  await form.getByRole("button", { name: "Salvar configurações" }).click();
  await expect(form.getByRole("status")).toHaveText("Configurações salvas.");
  await expect(ie).toHaveValue("110042490114");

  const stored = await db.company.findUniqueOrThrow({ where: { id: account.companyId } });
  expect(stored).toMatchObject({ cnpj, zipCode: "01310100", stateRegistration: "110042490114", street: "Avenida Paulista", municipalityCode: "3509502", city: "Campinas", nfseNbsCode: "115025000", nfseServiceCode: "010101" });
  await page.reload();
  await expect(form.getByLabel("Inscrição estadual (IE)")).toHaveValue("110042490114");

  // The readiness checklist applies the same rules: the certificate is still missing.
  await page.goto(`/dashboard/c/${account.companyId}/settings/readiness`);
  await expect(page.getByRole("region", { name: "Prontidão: NF-e (modelo 55)" })).toContainText("Não está pronta");
  await expect(page.getByRole("region", { name: "Prontidão: NF-e (modelo 55)" })).toContainText("Nenhum certificado digital: envie o A1");
});
