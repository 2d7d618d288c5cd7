import { expect, test } from "@playwright/test";
import { closeDb, createAccount, signIn } from "./signin-helpers";

// Issue 16: CSP with per-request nonces (pages still work), no framing,
// sign-in throttling as a user meets it, cross-site dashboard writes refused.
test.use({ locale: "en-US" });
test.afterAll(closeDb);

test("pages carry a nonce CSP that Next's own scripts satisfy: no violations, the app runs", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content.Security.Policy|Refused to (execute|load)/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto("/signin");
  const csp = response!.headers()["content-security-policy"]!;
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response!.headers()).toMatchObject({ "x-frame-options": "DENY", "x-content-type-options": "nosniff", "referrer-policy": "strict-origin-when-cross-origin", "cache-control": expect.stringContaining("no-store") });
  // Every script Next wrote carries this request's nonce.
  const scriptNonces = await page.locator("script").evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).nonce));
  expect(scriptNonces.length).toBeGreaterThan(0);
  expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
  const again = await page.request.get("/signin");
  expect(again.headers()["content-security-policy"]).not.toContain(nonce!);

  const account = await createAccount();
  await signIn(page, account); // the form submits through React: scripts ran
  await page.goto(`/dashboard/c/${account.companyId}/documents`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.screenshot({ path: "reports/screenshots/hardening-documents-with-csp.png", fullPage: true });
  expect(violations).toEqual([]);
});

test("the dashboard cannot be framed by another page", async ({ page }) => {
  const account = await createAccount();
  await signIn(page, account);
  const target = new URL(`/dashboard/c/${account.companyId}/documents`, page.url()).toString();
  // The framing page is served at an address of the same origin (the session cookie goes with the frame's
  // request, so only the CSP can keep the dashboard out) and opened by a real navigation: setContent on the
  // signed-in page sometimes left the dashboard's own scripts re-rendering over it.
  const evil = new URL("/e2e-framing-page", page.url()).toString();
  await page.route(evil, (route) => route.fulfill({ contentType: "text/html", body: `<html><body><h1>evil page</h1><iframe id="victim" src="${target}" width="800" height="400"></iframe></body></html>` }));
  await page.goto(evil);
  // The frame exists once Chromium has answered the navigation (on a busy machine, after more than a second).
  await expect.poll(() => page.frames().length, { timeout: 15_000 }).toBeGreaterThan(1);
  await page.waitForTimeout(1500);
  // Chromium shows its error page in the frame (frame-ancestors 'none'): none of the dashboard is there.
  const framed = page.frames().find((frame) => frame !== page.mainFrame());
  expect(framed).toBeTruthy();
  expect(await framed!.getByTestId("signed-in-user").count().catch(() => 0)).toBe(0);
  expect(await framed!.getByRole("link", { name: "Documents" }).count().catch(() => 0)).toBe(0);
  await page.screenshot({ path: "reports/screenshots/hardening-frame-blocked.png" });
});

test("five wrong passwords block the account, even with the right password, with a clear message", async ({ page }) => {
  const account = await createAccount();
  await page.goto("/signin");
  for (let i = 0; i < 5; i++) {
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(`wrong-${i}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("form").getByRole("alert")).toHaveText("Wrong email or password.");
  }
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("form").getByRole("alert")).toContainText("Too many failed sign-ins");
  await expect(page).toHaveURL(/\/signin/);
  await page.screenshot({ path: "reports/screenshots/hardening-signin-throttled.png" });
});

test("a cross-site POST with the session cookie is refused; the dashboard's own JSON POST works", async ({ page }) => {
  const account = await createAccount();
  await signIn(page, account);
  const url = `/api/dashboard/companies/${account.companyId}/api-keys`;
  const evil = await page.request.post(url, { headers: { Origin: "https://evil.example", "Content-Type": "text/plain" }, data: '{"name":"x","scopes":["clients:read"]}' });
  expect(evil.status()).toBe(403);
  expect(await evil.json()).toMatchObject({ code: "cross_origin_request" });
  const origin = new URL(page.url()).origin;
  const own = await page.request.post(url, { headers: { Origin: origin }, data: { name: "own key", scopes: ["clients:read"] } });
  expect(own.status()).toBe(201);
  expect(own.headers()["cache-control"]).toContain("no-store");
});

test("malformed paths and unknown methods answer the JSON error object", async ({ request }) => {
  const malformed = await request.get("/v1/clients/%ED%A0%80");
  expect(malformed.status()).toBe(400);
  expect(await malformed.json()).toMatchObject({ statusCode: 400, code: "validation_error" });
  const put = await request.put("/v1/clients");
  expect(put.status()).toBe(405);
  expect(put.headers()["allow"]).toContain("POST");
  expect(await put.json()).toMatchObject({ statusCode: 405, code: "method_not_allowed" });
  const inngest = await request.get("/api/inngest");
  expect(inngest.status()).toBe(404);
});
