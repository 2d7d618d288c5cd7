import { expect, test } from "@playwright/test";
import { closeDb, createAccount, signIn } from "./signin-helpers";

test.afterAll(closeDb);

test("the authority status page shows NFeStatusServico4 of the company's authorizers (built-in simulator in homologation)", async ({ page }) => {
  const account = await createAccount(); // an SP company in HOMOLOGATION
  await signIn(page, account);
  await page.goto(`/dashboard/c/${account.companyId}`);
  await page.getByRole("link", { name: "Status da SEFAZ" }).first().click();
  await expect(page.getByRole("heading", { name: "Status dos serviços da SEFAZ" })).toBeVisible();

  const rows = page.getByTestId("authority-status-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText("NF-e (55)");
  await expect(rows.nth(0)).toContainText("SP");
  await expect(rows.nth(1)).toContainText("NFC-e (65)");
  await expect(rows.nth(2)).toContainText("contingência SVC-AN");
  await expect(rows.nth(2)).toContainText("SVCAN");
  for (let index = 0; index < 3; index++) {
    await expect(rows.nth(index)).toContainText("simulador embutido");
    await expect(rows.nth(index)).toContainText("Em operação");
    await expect(rows.nth(index)).toContainText("107 Serviço em Operação");
  }
  // The simulator serves the tables' paths: the NF-e row shows SP's status path.
  await expect(rows.nth(0)).toContainText("/ws/nfestatusservico4.asmx");
});
