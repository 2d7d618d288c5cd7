import { expect, test } from "@playwright/test";
import { db } from "@/lib/db/client";
import { createAccountWithDraft, signIn } from "./signin-helpers";

test.afterAll(() => db.$disconnect());

// The production server runs the local background worker and the built-in
// simulator (instrumentation.ts); this spec only prepares data through lib/.
test("open a draft in the dashboard, emit it and see it authorized", async ({ page }) => {
  const { account, companyId, draftId } = await createAccountWithDraft();
  await signIn(page, account);
  await page.goto(`/dashboard/c/${companyId}/documents/${draftId}`);
  await expect(page.getByTestId("document-status")).toHaveText("Draft");
  await page.getByRole("button", { name: "Emit" }).click();
  await expect(page.getByTestId("document-status")).toHaveText("Authorized", { timeout: 45_000 });
  await expect(page.getByRole("button", { name: "Emit" })).toHaveCount(0);

  const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draftId } });
  expect(stored.status).toBe("AUTHORIZED");
  expect(stored.number).toBe(1);
  await expect(page.getByText(stored.accessKey!).first()).toBeVisible();
});
