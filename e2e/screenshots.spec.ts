import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { navLinks } from "@/components/dashboard/nav-links";
import { createAccountWithDraft, closeDb, signIn } from "./signin-helpers";

/** Opens a company page, checks it renders inside the frame, and saves a full-page screenshot. */
async function shoot(page: Page, url: string, navName: string, path: string) {
  await page.goto(url);
  await expect(page.getByRole("navigation", { name: navName })).toBeVisible();
  await expect(page.getByTestId("page-error")).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path, fullPage: true });
}

test.afterAll(closeDb);

// A screenshot of every dashboard page (reports/screenshots/, git-ignored) so
// a person can look at them after a run; each page must render inside the
// frame without the error page.
test("every dashboard page renders in Portuguese, at 1280 px and on a tablet (768 px), and in English", async ({ page, browser }) => {
  test.setTimeout(420_000);
  mkdirSync("reports/screenshots", { recursive: true });
  const { account, companyId, draftId } = await createAccountWithDraft();
  await signIn(page, account);
  const pages = [...navLinks.map((link) => link.href), "documents/new", `documents/${draftId}`];
  for (const [width, suffix] of [[1280, ""], [768, "-tablet"]] as const) {
    await page.setViewportSize({ width, height: 900 });
    for (const href of pages) {
      const name = (href || "overview").replace(/\//g, "_").replace(draftId, "draft");
      await shoot(page, `/dashboard/c/${companyId}${href ? `/${href}` : ""}`, "Páginas da empresa", `reports/screenshots/${name}${suffix}.png`);
    }
  }
  // The same pages in English (a user's saved choice or browser language), at 1280 px.
  const english = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 900 } });
  const enPage = await english.newPage();
  await signIn(enPage, account);
  for (const href of pages) {
    const name = (href || "overview").replace(/\//g, "_").replace(draftId, "draft");
    await shoot(enPage, `/dashboard/c/${companyId}${href ? `/${href}` : ""}`, "Company pages", `reports/screenshots/en-${name}.png`);
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
