import { expect, test } from "@playwright/test";
import { db } from "@/lib/db/client";
import { closeDb, createAccount, signIn } from "./signin-helpers";

test.afterAll(closeDb);

test("create a tax rule with an ST sub-rule: inline error for the missing MVA, fix it, save", async ({ page }) => {
  const account = await createAccount("ADMIN"); // a Simples Nacional company: CSOSN codes
  await signIn(page, account);
  await page.goto(`/dashboard/c/${account.companyId}/tax-rules`);
  await expect(page.getByText("No tax rules yet.")).toBeVisible();

  await page.getByRole("button", { name: "New tax rule" }).click();
  const form = page.getByRole("form", { name: "New tax rule" });
  await form.getByLabel("Name", { exact: true }).fill("Revenda com ST");
  const subRule = form.getByRole("group", { name: "NFE sub-rule 1" });
  await subRule.getByLabel("Recipient states", { exact: true }).fill("SP");
  await subRule.getByLabel("CFOPs", { exact: true }).fill("5405");
  await subRule.getByLabel("ICMS CST/CSOSN", { exact: true }).fill("201");
  await subRule.getByLabel("ST base modality", { exact: true }).fill("4");
  await subRule.getByLabel("ST rate (%)", { exact: true }).fill("18");
  await subRule.getByLabel("Simples credit rate (%)", { exact: true }).fill("1.25");
  await form.getByRole("button", { name: "Save tax rule" }).click();

  // The same rule the API applies, shown next to the MVA field; nothing is saved.
  const mva = subRule.getByLabel("ST MVA (%)", { exact: true });
  await expect(mva).toHaveAttribute("aria-invalid", "true");
  await expect(subRule.locator("#nfe-0-icmsStMva-error")).toContainText("requires icmsStMva");
  expect(await db.taxRule.count({ where: { companyId: account.companyId } })).toBe(0);

  await mva.fill("40");
  await form.getByRole("button", { name: "Save tax rule" }).click();
  await expect(page.getByRole("form", { name: "New tax rule" })).toHaveCount(0);
  const row = page.getByTestId("tax-rule-row").filter({ hasText: "Revenda com ST" });
  await expect(row).toContainText("201");

  const saved = await db.taxRule.findFirstOrThrow({ where: { companyId: account.companyId }, include: { nfeTaxRules: true } });
  expect(saved.nfeTaxRules).toHaveLength(1);
  expect(saved.nfeTaxRules[0]).toMatchObject({ icmsCst: "201", icmsStModBc: "4", states: ["SP"], cfops: ["5405"] });
  expect(saved.nfeTaxRules[0]!.icmsStMva?.toString()).toBe("40");

  // Editing to a regular-regime CST on this Simples company is refused inline as well.
  await row.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("form", { name: "Edit tax rule" });
  await edit.getByRole("group", { name: "NFE sub-rule 1" }).getByLabel("ICMS CST/CSOSN", { exact: true }).fill("00");
  await edit.getByRole("button", { name: "Save tax rule" }).click();
  await expect(edit.locator("#nfe-0-icmsCst-error")).toContainText("regular-regime CST");
});
