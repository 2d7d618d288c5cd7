import { mkdirSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { db } from "@/lib/db/client";
import { changeTemporaryPassword, closeDb, createAccount, signIn } from "./signin-helpers";

// Issue 36 item 10, in Portuguese: a temporary password opens only the
// password page; an ADMIN's reset ends the user's session and gives a new
// temporary password shown once; every user changes their own.

test.afterAll(closeDb);

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: "pt-BR" });
  return context.newPage();
}

test("senha temporária: troca obrigatória no primeiro acesso, redefinição pelo administrador e troca da própria senha", async ({ page, browser }) => {
  test.setTimeout(180_000);
  mkdirSync("reports/screenshots", { recursive: true });
  const admin = await createAccount("ADMIN");
  await signIn(page, admin);
  await page.goto(`/dashboard/c/${admin.companyId}/users`);
  const email = `temporaria-${Date.now()}@e2e.local`;
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Perfil", { exact: true }).selectOption("ACCOUNTANT");
  await page.getByRole("button", { name: "Adicionar usuário" }).click();
  const generated = (await page.getByTestId("generated-password").textContent())?.trim() ?? "";
  expect(generated).toMatch(/^[A-Za-z0-9_-]{24}$/);
  const row = page.locator(`[data-testid="user-row"][data-email="${email}"]`);
  await expect(row).toContainText("Troca de senha pendente");

  // First sign-in: only the password page opens, any other address leads back to it.
  const user = await newPage(browser);
  await signIn(user, { email, password: generated });
  await expect(user).toHaveURL(/\/dashboard\/password$/);
  await expect(user.getByText("Sua senha é temporária. Escolha uma senha própria para continuar usando o painel.")).toBeVisible();
  await user.goto(`/dashboard/c/${admin.companyId}/documents`);
  await expect(user).toHaveURL(/\/dashboard\/password$/);
  const blocked = await user.request.get(`/api/dashboard/companies/${admin.companyId}/overview`);
  expect(blocked.status()).toBe(403);
  expect(await blocked.json()).toMatchObject({ code: "password_change_required" });
  await user.screenshot({ path: "reports/screenshots/password-temporary.png", fullPage: true });

  // Mistakes are said in Portuguese, from the catalogue.
  await user.waitForLoadState("networkidle");
  await user.getByLabel("Senha atual").fill("nao-e-a-senha");
  await user.getByLabel("Nova senha", { exact: true }).fill("minha senha nova 1");
  await user.getByLabel("Repita a nova senha").fill("minha senha nova 1");
  await user.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(user.getByRole("form", { name: "Alterar senha" }).getByRole("alert")).toHaveText("A senha atual está incorreta.");
  await user.getByLabel("Senha atual").fill(generated);
  await user.getByLabel("Repita a nova senha").fill("outra coisa 12345");
  await user.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(user.getByRole("form", { name: "Alterar senha" }).getByRole("alert")).toHaveText("A confirmação não confere com a nova senha.");

  const own = await changeTemporaryPassword(user, generated, "minha senha nova 1");
  await user.goto(`/dashboard/c/${admin.companyId}/documents`);
  await expect(user.getByRole("heading", { name: /Documentos/ })).toBeVisible();
  await page.reload();
  await expect(row).not.toContainText("Troca de senha pendente");

  // The ADMIN resets it: the user's session ends at the next request; the new password is shown once.
  await row.getByRole("button", { name: "Redefinir senha" }).click();
  await row.getByRole("button", { name: "Gerar nova senha" }).click();
  await expect(page.getByText(`Nova senha temporária de ${email}`)).toBeVisible();
  const reset = (await page.getByTestId("generated-password").textContent())?.trim() ?? "";
  expect(reset).toMatch(/^[A-Za-z0-9_-]{24}$/);
  await page.screenshot({ path: "reports/screenshots/password-reset-by-admin.png", fullPage: true });
  await user.reload();
  await expect(user).toHaveURL(/\/signin/);
  await signIn(user, { email, password: reset });
  const chosen = await changeTemporaryPassword(user, reset);
  expect(chosen).not.toBe(own);

  // The ADMIN changes their own password from the header link; other sessions of the ADMIN end.
  const otherBrowser = await newPage(browser);
  await signIn(otherBrowser, admin);
  await page.getByRole("link", { name: "Alterar senha" }).click();
  await expect(page.getByRole("heading", { name: "Alterar senha" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Senha atual").fill(admin.password);
  await page.getByLabel("Nova senha", { exact: true }).fill("senha do admin 2026");
  await page.getByLabel("Repita a nova senha").fill("senha do admin 2026");
  await page.screenshot({ path: "reports/screenshots/password-own-change.png", fullPage: true });
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page).not.toHaveURL(/\/dashboard\/password$/, { timeout: 20_000 });
  await expect(page.getByTestId("signed-in-user")).toContainText(admin.email);
  await otherBrowser.reload();
  await expect(otherBrowser).toHaveURL(/\/signin/);
  const stored = await db.user.findUniqueOrThrow({ where: { email: admin.email } });
  expect(stored.mustChangePassword).toBe(false);
  expect(stored.sessionVersion).toBe(1);
  await user.context().close();
  await otherBrowser.context().close();
});
