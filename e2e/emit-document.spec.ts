import { expect, test } from "@playwright/test";
import { createTestCertificate, installCertificate } from "@/lib/certificates";
import { db } from "@/lib/db/client";
import { createDocument } from "@/lib/documents";
import { closeDb, createAccount, signIn } from "./signin-helpers";

test.afterAll(closeDb);

// The production server runs the local background worker and the built-in
// simulator (instrumentation.ts); this spec only prepares data through lib/.
test("open a draft in the dashboard, emit it and see it authorized", async ({ page }) => {
  const account = await createAccount();
  const company = await db.company.update({
    where: { id: account.companyId },
    data: { stateRegistration: "110042490114", street: "Avenida Paulista", streetNumber: "1000", neighborhood: "Bela Vista", city: "São Paulo", zipCode: "01310100" },
  });
  const { pfx, password } = createTestCertificate({ cnpj: company.cnpj, legalName: company.legalName });
  await installCertificate({ companyId: company.id, pfx, password });
  const draft = await createDocument({
    companyId: company.id,
    body: {
      type: "NFE",
      client: { name: "Cliente Exemplo S/A", document: "06929383000163", street: "Rua das Flores", number: "10", neighborhood: "Centro", city: "Campinas", state: "SP", municipalityCode: "3509502", zipCode: "13010000" },
      items: [{ code: "SKU-1", description: "Café torrado 500 g", quantity: 2, unitValue: 50, ncm: "21011110", cfop: "5102", icmsOrigin: "0", icmsSituation: "102" }],
      payments: [{ method: "PIX", value: 100 }],
    } as never,
  });

  await signIn(page, account);
  await page.goto(`/dashboard/c/${company.id}/documents/${draft.id}`);
  await expect(page.getByTestId("document-status")).toHaveText("Draft");
  await page.getByRole("button", { name: "Emit" }).click();
  await expect(page.getByTestId("document-status")).toHaveText("Authorized", { timeout: 45_000 });
  await expect(page.getByRole("button", { name: "Emit" })).toHaveCount(0);

  const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
  expect(stored.status).toBe("AUTHORIZED");
  expect(stored.number).toBe(1);
  await expect(page.getByText(stored.accessKey!).first()).toBeVisible();
});
