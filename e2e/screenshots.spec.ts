import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { navLinks } from "@/components/dashboard/nav-links";
import { createAccountWithDraft, closeDb, signIn } from "./signin-helpers";

test.afterAll(closeDb);

// A screenshot of every dashboard page (reports/screenshots/, git-ignored) so
// a person can look at them after a run; each page must render inside the
// frame without the error page.
test("every dashboard page renders in Portuguese, at 1280 px and on a tablet (768 px), and in English", async ({ page, browser }) => {
  test.setTimeout(180_000);
  mkdirSync("reports/screenshots", { recursive: true });
  const { account, companyId, draftId } = await createAccountWithDraft();
  await signIn(page, account);
  const pages = [...navLinks.map((link) => link.href), "documents/new", `documents/${draftId}`];
  for (const [width, suffix] of [[1280, ""], [768, "-tablet"]] as const) {
    await page.setViewportSize({ width, height: 900 });
    for (const href of pages) {
      await page.goto(`/dashboard/c/${companyId}${href ? `/${href}` : ""}`);
      await expect(page.getByRole("navigation", { name: "Páginas da empresa" })).toBeVisible();
      await expect(page.getByTestId("page-error")).toHaveCount(0);
      await page.waitForLoadState("networkidle");
      const name = (href || "overview").replace(/\//g, "_").replace(draftId, "draft");
      await page.screenshot({ path: `reports/screenshots/${name}${suffix}.png`, fullPage: true });
    }
  }
  // The same pages in English (a user's saved choice or browser language), at 1280 px.
  const english = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 900 } });
  const enPage = await english.newPage();
  await signIn(enPage, account);
  for (const href of pages) {
    await enPage.goto(`/dashboard/c/${companyId}${href ? `/${href}` : ""}`);
    await expect(enPage.getByRole("navigation", { name: "Company pages" })).toBeVisible();
    await expect(enPage.getByTestId("page-error")).toHaveCount(0);
    await enPage.waitForLoadState("networkidle");
    const name = (href || "overview").replace(/\//g, "_").replace(draftId, "draft");
    await enPage.screenshot({ path: `reports/screenshots/en-${name}.png`, fullPage: true });
  }
  await english.close();
  await page.goto("/signin");
  await page.screenshot({ path: "reports/screenshots/signin-signed-in-redirect.png" });
});

test("keyboard: a skip link and visible focus", async ({ page }) => {
  const { account, companyId } = await createAccountWithDraft();
  await signIn(page, account);
  await page.goto(`/dashboard/c/${companyId}/documents`);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Ir para o conteúdo" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  const outline = await skip.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).toBe("solid");
  await page.screenshot({ path: "reports/screenshots/focus-skip-link.png" });
});
