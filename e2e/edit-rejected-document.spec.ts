import { expect, test } from "@playwright/test";
import { db } from "@/lib/db/client";
import { signInWithRejectedDocument } from "./signin-helpers";

test.afterAll(() => db.$disconnect());

// Issue 36 item 3 in the dashboard: a document refused before sending (its
// stored line breaks vProd = qCom × vUnCom, SEFAZ 629) is corrected with
// "Editar" (the create form, prefilled) and "Salvar e emitir", and is
// authorized under the number it reserved.
test("uma nota rejeitada é editada e emitida novamente, mantendo o número", async ({ page }) => {
  const { draftId, rejected } = await signInWithRejectedDocument(page);

  await page.getByTestId("edit-document").click();
  await expect(page.getByRole("heading", { name: "Editar documento" })).toBeVisible();
  const unitValue = page.getByLabel("Valor unitário (R$)");
  await expect(unitValue).toHaveValue("51,00");
  await unitValue.fill("50,00");
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `reports/screenshots/document-edit-${width}.png`, fullPage: true });
  }
  await page.getByRole("button", { name: "Salvar e emitir" }).click();

  await expect(page).toHaveURL(new RegExp(`/documents/${draftId}$`));
  await expect(page.getByTestId("document-status")).toHaveText("Autorizada", { timeout: 45_000 });
  const authorized = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draftId } });
  // Refused before sending, the document had its number but no key yet.
  expect([authorized.status, authorized.number, authorized.series]).toEqual(["AUTHORIZED", rejected.number, rejected.series]);
  expect(authorized.accessKey?.slice(25, 34)).toBe(String(rejected.number).padStart(9, "0"));
  expect(authorized.authorizedXml).toContain("<vUnCom>50.0000000000</vUnCom>");
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `reports/screenshots/document-edited-authorized-${width}.png`, fullPage: true });
  }
});
