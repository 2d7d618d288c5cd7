import { expect, test } from "@playwright/test";
import { closeDb, createAccount, signIn } from "./signin-helpers";

test.afterAll(closeDb);

test("create an API key, see its secret once, use it, revoke it, and the API refuses it at once", async ({ page, request }) => {
  const account = await createAccount();
  await signIn(page, account);
  await page.goto(`/dashboard/c/${account.companyId}/api-keys`);
  await expect(page.getByText("Nenhuma chave de API ainda.")).toBeVisible();

  // The form validates with the route's schema before sending, and names each field in the user's language.
  await page.getByRole("button", { name: "Criar chave" }).click();
  const refusal = page.getByRole("form", { name: "Criar chave de API" }).getByRole("alert");
  await expect(refusal).toContainText("Nome: Obrigatório.");
  await expect(refusal).toContainText("Permissões (scopes): Escolha ao menos 1.");

  await page.getByLabel("Nome").fill("ERP integration");
  await page.getByLabel("clients:read").check();
  await page.getByLabel("documents:read").check();
  await page.getByRole("button", { name: "Criar chave" }).click();

  const secret = (await page.getByTestId("new-api-key-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^fsk_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText("ele é exibido uma única vez")).toBeVisible();
  const row = page.locator('[data-testid="api-key-row"][data-key-name="ERP integration"]');
  await expect(row).toContainText(secret.slice(0, 12));
  await expect(row).toContainText("clients:read");
  await expect(row).toContainText("documents:read");
  await expect(row).toContainText("nunca");

  const allowed = await request.get("/v1/clients?pageSize=5", { headers: { authorization: `Bearer ${secret}` } });
  expect(allowed.status()).toBe(200);
  const wrongScope = await request.post("/v1/clients", { headers: { authorization: `Bearer ${secret}` }, data: {} });
  expect(wrongScope.status()).toBe(403);

  // After a reload the secret is gone for good; the list still shows the key.
  await page.reload();
  await expect(page.getByTestId("new-api-key-secret")).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(secret);

  await row.getByRole("button", { name: "Revogar" }).click();
  await expect(row.getByText("As integrações que a usam param na hora.")).toBeVisible();
  await row.getByRole("button", { name: "Cancelar" }).click();
  await expect(row.getByText("Revogada")).toHaveCount(0);
  await row.getByRole("button", { name: "Revogar" }).click();
  await row.getByRole("button", { name: "Confirmar revogação" }).click();
  await expect(row.getByText(/^Revogada/)).toBeVisible();

  const refused = await request.get("/v1/clients?pageSize=5", { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ statusCode: 401, code: "invalid_api_key" });
});

test("a SUPPORT user sees keys but cannot create or revoke them", async ({ page }) => {
  const account = await createAccount("SUPPORT");
  await signIn(page, account);
  await page.goto(`/dashboard/c/${account.companyId}/api-keys`);
  await expect(page.getByText("Seu perfil pode ver as chaves, mas não criá-las nem revogá-las.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Criar chave" })).toHaveCount(0);
  const forced = await page.request.post(`/api/dashboard/companies/${account.companyId}/api-keys`, { data: { name: "x", scopes: ["clients:read"] } });
  expect(forced.status()).toBe(403);
  expect(await forced.json()).toMatchObject({ code: "forbidden_role" });
});

test("the API reference shows every registered route with its scope, parameters and schemas", async ({ page, request }) => {
  const account = await createAccount("SUPPORT");
  await signIn(page, account);
  await page.goto(`/dashboard/c/${account.companyId}/api-reference`);
  await expect(page.getByRole("heading", { name: "Referência da API" })).toBeVisible();
  const document = await (await request.get("/v1/openapi.json")).json();
  const operations = Object.values(document.paths as Record<string, object>).reduce((n, item) => n + Object.keys(item).length, 0);
  await expect(page.getByTestId("api-operation")).toHaveCount(operations);
  const listClients = page.getByTestId("api-operation").filter({ has: page.locator("code", { hasText: /^\/v1\/clients$/ }) }).filter({ hasText: "GET" });
  await expect(listClients).toContainText("scope: clients:read");
  await expect(listClients).toContainText("pageSize");
  await listClients.getByText(/^200 /).click();
  await expect(listClients.locator("pre").first()).toContainText('"totalPages"');
});
