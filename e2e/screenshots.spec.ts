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
// frame without the error page. Three tests, one per language and width, that
// run side by side (the whole tour in one test was the run's longest: 4.6 min).
test.describe.configure({ mode: "parallel" });

const VIEWS = [
  { title: "em português a 1280 px", locale: "pt-BR", width: 1280, prefix: "", suffix: "", navName: "Páginas da empresa" },
  { title: "em português num tablet (768 px)", locale: "pt-BR", width: 768, prefix: "", suffix: "-tablet", navName: "Páginas da empresa" },
  { title: "in English at 1280 px (a user's saved choice or browser language)", locale: "en-US", width: 1280, prefix: "en-", suffix: "", navName: "Company pages" },
] as const;

for (const view of VIEWS) {
  test(`every dashboard page renders ${view.title}`, async ({ browser }) => {
    test.setTimeout(240_000);
    mkdirSync("reports/screenshots", { recursive: true });
    const { account, companyId, draftId } = await createAccountWithDraft();
    const context = await browser.newContext({ locale: view.locale, viewport: { width: view.width, height: 900 } });
    const page = await context.newPage();
    await signIn(page, account);
    const pages = [...navLinks.map((link) => link.href), "documents/new", `documents/${draftId}`];
    for (const href of pages) {
      const name = (href || "overview").replace(/\//g, "_").replace(draftId, "draft");
      await shoot(page, `/dashboard/c/${companyId}${href ? `/${href}` : ""}`, view.navName, `reports/screenshots/${view.prefix}${name}${view.suffix}.png`);
    }
    if (view.locale === "pt-BR" && view.width === 1280) {
      await page.goto("/signin");
      await page.screenshot({ path: "reports/screenshots/signin-signed-in-redirect.png" });
    }
    await context.close();
  });
}

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
