import { expect, test, type Browser, type Page } from "@playwright/test";
import { changeTemporaryPassword, closeDb, createAccount, signIn } from "./signin-helpers";

test.use({ locale: "en-US" });
test.afterAll(closeDb);

async function newSignedInPage(browser: Browser, credentials: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await signIn(page, credentials);
  // Added by an admin: the temporary password is changed first.
  await changeTemporaryPassword(page, credentials.password);
  return page;
}

test("an ADMIN adds a SUPPORT user with a generated password; SUPPORT reads but cannot write", async ({ page, browser }) => {
  const admin = await createAccount("ADMIN");
  await signIn(page, admin);
  await page.goto(`/dashboard/c/${admin.companyId}`);
  await page.getByRole("navigation", { name: "Company pages" }).getByRole("link", { name: "Users and roles" }).click();
  await expect(page.getByRole("heading", { name: "Users and roles" })).toBeVisible();
  await expect(page.locator(`[data-testid="user-row"][data-email="${admin.email}"]`)).toContainText("you");

  // The form validates with the route's schema before sending.
  await page.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByRole("form", { name: "Add a user" }).getByRole("alert")).toContainText("Email: Invalid e-mail address.");

  const supportEmail = `support-${Date.now()}@e2e.local`;
  await page.getByLabel("Email").fill(supportEmail);
  await page.getByLabel("Role", { exact: true }).selectOption("SUPPORT");
  await page.getByRole("button", { name: "Add user" }).click();
  const password = (await page.getByTestId("generated-password").textContent())?.trim() ?? "";
  expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
  await expect(page.getByText("it is shown only once")).toBeVisible();
  const row = page.locator(`[data-testid="user-row"][data-email="${supportEmail}"]`);
  await expect(row.getByRole("combobox")).toHaveValue("SUPPORT");
  await page.screenshot({ path: "reports/screenshots/users-and-roles.png", fullPage: true });
  await page.reload();
  await expect(page.getByTestId("generated-password")).toHaveCount(0);

  const support = await newSignedInPage(browser, { email: supportEmail, password });
  const nav = support.getByRole("navigation", { name: "Company pages" });
  await expect(support.getByTestId("signed-in-user")).toContainText("Support");
  await expect(nav.getByRole("link", { name: "Users and roles" })).toHaveCount(0);
  await support.goto(`/dashboard/c/${admin.companyId}/users`);
  await expect(support.getByText("Only an Admin can see and change users.")).toBeVisible();

  // Company data: visible, no write buttons, and the server refuses a forced write.
  await support.goto(`/dashboard/c/${admin.companyId}/clients`);
  await expect(support.getByRole("heading", { name: /Clients/ })).toBeVisible();
  await expect(support.getByRole("button", { name: "New client" })).toHaveCount(0);
  await support.goto(`/dashboard/c/${admin.companyId}/documents`);
  await expect(support.getByRole("link", { name: "New draft" })).toHaveCount(0);
  await support.goto(`/dashboard/c/${admin.companyId}/inutilizations`);
  await expect(support.getByText("Your role can see inutilizations but not declare them.")).toBeVisible();
  await support.goto(`/dashboard/c/${admin.companyId}/api-keys`);
  await expect(support.getByRole("button", { name: "Create key" })).toHaveCount(0);
  const forced = await support.request.post(`/api/dashboard/companies/${admin.companyId}/clients`, { data: { name: "Forced client" } });
  expect(forced.status()).toBe(403);
  expect(await forced.json()).toMatchObject({ statusCode: 403, code: "forbidden_role" });
  const users = await support.request.get(`/api/dashboard/companies/${admin.companyId}/users`);
  expect(users.status()).toBe(403);
  // Reading is allowed: the overview answers.
  expect((await support.request.get(`/api/dashboard/companies/${admin.companyId}/overview`)).status()).toBe(200);
  await support.context().close();
});

test("a demotion and a deactivation take effect at the user's next request, without signing out", async ({ page, browser }) => {
  const admin = await createAccount("ADMIN");
  await signIn(page, admin);
  await page.goto(`/dashboard/c/${admin.companyId}/users`);
  const email = `accountant-${Date.now()}@e2e.local`;
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("ACCOUNTANT");
  await page.getByLabel("Set one myself").check();
  await page.getByLabel("Password", { exact: true }).fill("temporary-pass-1");
  await page.getByRole("button", { name: "Add user" }).click();
  const row = page.locator(`[data-testid="user-row"][data-email="${email}"]`);
  await expect(row.getByRole("combobox")).toHaveValue("ACCOUNTANT");
  await expect(page.getByTestId("generated-password")).toHaveCount(0);

  const accountant = await newSignedInPage(browser, { email, password: "temporary-pass-1" });
  await accountant.goto(`/dashboard/c/${admin.companyId}/api-keys`);
  await expect(accountant.getByRole("button", { name: "Create key" })).toBeVisible();

  // Demoted: the same cookie now acts as SUPPORT.
  await row.getByRole("combobox").selectOption("SUPPORT");
  await expect(row.getByRole("combobox")).toHaveValue("SUPPORT");
  await accountant.reload();
  await expect(accountant.getByTestId("signed-in-user")).toContainText("Support");
  await expect(accountant.getByRole("button", { name: "Create key" })).toHaveCount(0);
  const refused = await accountant.request.post(`/api/dashboard/companies/${admin.companyId}/api-keys`, { data: { name: "x", scopes: ["clients:read"] } });
  expect(refused.status()).toBe(403);

  // The last active ADMIN cannot demote themselves.
  const self = page.locator(`[data-testid="user-row"][data-email="${admin.email}"]`);
  await self.getByRole("combobox").selectOption("SUPPORT");
  await expect(self.getByRole("alert")).toContainText("last active ADMIN");
  await expect(self.getByRole("combobox")).toHaveValue("ADMIN");

  // Deactivated: the next request is refused and the next page is the sign-in.
  await row.getByRole("button", { name: "Deactivate" }).click();
  await row.getByRole("button", { name: "Confirm deactivate" }).click();
  await expect(row).toContainText("Deactivated");
  const api = await accountant.request.get(`/api/dashboard/companies/${admin.companyId}/overview`);
  expect(api.status()).toBe(401);
  expect(await api.json()).toMatchObject({ code: "session_required" });
  await accountant.goto(`/dashboard/c/${admin.companyId}/api-keys`);
  await expect(accountant).toHaveURL(/\/signin/);
  await accountant.getByLabel("Email").fill(email);
  await accountant.getByLabel("Password").fill("temporary-pass-1");
  await accountant.getByRole("button", { name: "Sign in" }).click();
  await expect(accountant.getByText("Wrong email or password.")).toBeVisible();
  await expect(accountant).toHaveURL(/\/signin/);
  await page.screenshot({ path: "reports/screenshots/users-and-roles-deactivated.png", fullPage: true });
  await accountant.context().close();
});
