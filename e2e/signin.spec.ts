import { expect, test } from "@playwright/test";
import { createCompany } from "@/lib/companies";
import { randomCnpj } from "@/lib/br";
import { closeDb, createAccount, signIn } from "./signin-helpers";

test.afterAll(closeDb);

test("unauthenticated visits to / and /dashboard/** land on the sign-in page", async ({ page, request }) => {
  for (const path of ["/", "/dashboard", "/dashboard/c/some-company/api-keys"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/signin/);
    await expect(page.getByRole("heading", { name: "Entrar" })).toBeVisible();
  }
  const api = await request.get("/api/dashboard/companies/some-company/api-keys");
  expect(api.status()).toBe(401);
  expect(await api.json()).toMatchObject({ statusCode: 401, code: "session_required" });
});

test("a wrong password is refused inline; the right one opens the tenant's company", async ({ page }) => {
  const account = await createAccount();
  await page.goto("/signin");
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Senha").fill("not-the-password");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText("E-mail ou senha incorretos.");
  await expect(page).toHaveURL(/\/signin/);

  await signIn(page, account);
  await expect(page).toHaveURL(new RegExp(`/dashboard/c/${account.companyId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(account.legalName);
  await expect(page.getByRole("navigation", { name: "Páginas da empresa" }).getByRole("link", { name: "Chaves de API" })).toBeVisible();

  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/signin/);
});

test("a tenant with several companies switches between them; another tenant's company is not found", async ({ page }) => {
  const account = await createAccount("SUPPORT");
  const cnpj = randomCnpj();
  const second = await createCompany({ tenantId: account.tenantId, legalName: `Second ${cnpj}`, tradeName: "Second branch", cnpj, state: "MG", municipalityCode: "3106200", taxRegime: "NORMAL", environment: "PRODUCTION" });
  const stranger = await createAccount();

  await signIn(page, account);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole("link", { name: /Second branch/ }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/c/${second.id}$`));

  await page.goto(`/dashboard/c/${second.id}/api-keys`);
  await page.getByRole("combobox", { name: "Empresa" }).selectOption(account.companyId);
  await expect(page).toHaveURL(new RegExp(`/dashboard/c/${account.companyId}/api-keys$`));

  const foreign = await page.goto(`/dashboard/c/${stranger.companyId}`);
  expect(foreign?.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toContainText("Página não encontrada");
  const foreignApi = await page.request.get(`/api/dashboard/companies/${stranger.companyId}/api-keys`);
  expect(foreignApi.status()).toBe(404);
});

test("an unknown page is a 404 inside the company's layout; the language follows the browser and the saved choice", async ({ browser }) => {
  const account = await createAccount();
  const english = await browser.newContext({ locale: "en-US" });
  const page = await english.newPage();
  await signIn(page, account);
  const missing = await page.goto(`/dashboard/c/${account.companyId}/no-such-page`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toContainText("Page not found");
  await expect(page.getByRole("navigation", { name: "Company pages" }).getByRole("link", { name: "Documents" })).toBeVisible();
  await page.screenshot({ path: "reports/screenshots/not-found-en.png", fullPage: true });

  // The saved choice (cookie) wins over the browser's language.
  await page.getByTestId("language-switcher").selectOption("pt-BR");
  await expect(page.getByRole("navigation", { name: "Páginas da empresa" }).getByRole("link", { name: "Documentos" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await page.reload();
  await expect(page.getByTestId("not-found")).toContainText("Página não encontrada");
  await page.screenshot({ path: "reports/screenshots/not-found.png", fullPage: true });
  await english.close();
});
