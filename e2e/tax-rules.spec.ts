import { expect, test } from "@playwright/test";
import { db } from "@/lib/db/client";
import { closeDb, createAccount, signIn } from "./signin-helpers";

test.afterAll(closeDb);

test("regra tributária com ST: pickers de CSOSN e modalidade, erro ao lado da MVA faltante, corrigir e salvar", async ({ page }) => {
  const account = await createAccount("ADMIN"); // a Simples Nacional company: CSOSN codes
  await signIn(page, account);
  await page.goto(`/dashboard/c/${account.companyId}/tax-rules`);
  await expect(page.getByText("Nenhuma regra tributária ainda.")).toBeVisible();

  await page.getByRole("button", { name: "Nova regra tributária" }).click();
  const form = page.getByRole("form", { name: "Nova regra tributária" });
  await form.getByLabel("Nome", { exact: true }).fill("Revenda com ST");
  const subRule = form.getByRole("group", { name: "Sub-regra 1 de NF-e" });
  await subRule.getByLabel("UFs de destino", { exact: true }).fill("SP");
  await subRule.getByLabel("CFOPs", { exact: true }).fill("5405");
  // The ICMS picker lists only CSOSN for a Simples Nacional company.
  const cst = subRule.getByRole("combobox", { name: "CST / CSOSN do ICMS" });
  await cst.fill("substituição");
  const options = page.getByRole("listbox", { name: "CST / CSOSN do ICMS" }).getByRole("option");
  await expect(options.first()).toContainText("201");
  await expect(options.filter({ hasText: /^\d{2} –/ })).toHaveCount(0);
  await options.filter({ hasText: "201" }).first().click();
  await expect(cst).toHaveValue("201");
  await subRule.getByRole("combobox", { name: "Modalidade da BC do ICMS ST" }).fill("4");
  await page.keyboard.press("Tab");
  await subRule.getByLabel("Alíquota ICMS ST (%)", { exact: true }).fill("18");
  await subRule.getByLabel("Alíquota de crédito do Simples (%)", { exact: true }).fill("1,25");
  await page.screenshot({ path: "reports/screenshots/tax-rules-new.png", fullPage: true });
  await form.getByRole("button", { name: "Salvar regra" }).click();

  // The same rule the API applies, shown next to the MVA field; nothing is saved.
  const mva = subRule.getByLabel("MVA ST (%)", { exact: true });
  await expect(mva).toHaveAttribute("aria-invalid", "true");
  await expect(subRule.locator("#nfe-0-icmsStMva-error")).toContainText("requires icmsStMva");
  expect(await db.taxRule.count({ where: { companyId: account.companyId } })).toBe(0);

  await mva.fill("40");
  await form.getByRole("button", { name: "Salvar regra" }).click();
  await expect(page.getByRole("form", { name: "Nova regra tributária" })).toHaveCount(0);
  const row = page.getByTestId("tax-rule-row").filter({ hasText: "Revenda com ST" });
  await expect(row).toContainText("201");

  const saved = await db.taxRule.findFirstOrThrow({ where: { companyId: account.companyId }, include: { nfeTaxRules: true } });
  expect(saved.nfeTaxRules).toHaveLength(1);
  expect(saved.nfeTaxRules[0]).toMatchObject({ icmsCst: "201", icmsStModBc: "4", states: ["SP"], cfops: ["5405"] });
  expect(saved.nfeTaxRules[0]!.icmsStMva?.toString()).toBe("40");
  expect(saved.nfeTaxRules[0]!.icmsSnCreditRate?.toString()).toBe("1.25");

  // Editing to a regular-regime CST on this Simples company is refused inline as well.
  await row.getByRole("button", { name: "Editar" }).click();
  const edit = page.getByRole("form", { name: "Editar regra tributária" });
  await edit.getByRole("group", { name: "Sub-regra 1 de NF-e" }).getByRole("combobox", { name: "CST / CSOSN do ICMS" }).fill("00");
  await page.keyboard.press("Tab");
  await edit.getByRole("button", { name: "Salvar regra" }).click();
  await expect(edit.locator("#nfe-0-icmsCst-error")).toContainText("regular-regime CST");
});
