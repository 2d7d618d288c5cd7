import { expect, test } from "@playwright/test";
import { createCompany } from "@/lib/companies";
import { randomCnpj } from "@/lib/br";
import { closeDb, createAccount, signIn } from "./signin-helpers";

test.afterAll(closeDb);

test("unauthenticated visits to / and /dashboard/** land on the sign-in page", async ({ page, request }) => {
  for (const path of ["/", "/dashboard", "/dashboard/c/some-company/api-keys"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/signin/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  }
  const api = await request.get("/api/dashboard/companies/some-company/api-keys");
  expect(api.status()).toBe(401);
  expect(await api.json()).toMatchObject({ statusCode: 401, code: "session_required" });
});

test("a wrong password is refused inline; the right one opens the tenant's company", async ({ page }) => {
  const account = await createAccount();
  await page.goto("/signin");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText("Wrong email or password.");
  await expect(page).toHaveURL(/\/signin/);

  await signIn(page, account);
  await expect(page).toHaveURL(new RegExp(`/dashboard/c/${account.companyId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(account.legalName);
  await expect(page.getByRole("navigation", { name: "Company pages" }).getByRole("link", { name: "API keys" })).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
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
  await page.getByRole("combobox", { name: "Company" }).selectOption(account.companyId);
  await expect(page).toHaveURL(new RegExp(`/dashboard/c/${account.companyId}/api-keys$`));

  const foreign = await page.goto(`/dashboard/c/${stranger.companyId}`);
  expect(foreign?.status()).toBe(404);
  const foreignApi = await page.request.get(`/api/dashboard/companies/${stranger.companyId}/api-keys`);
  expect(foreignApi.status()).toBe(404);
});
