import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { randomCnpj } from "@/lib/br";
import { createTestCertificate, installCertificate } from "@/lib/certificates";
import { createCompany } from "@/lib/companies";
import { db } from "@/lib/db/client";
import { createDocument } from "@/lib/documents";
import { createUser } from "@/lib/users/create-user";

test.afterAll(() => db.$disconnect());

// The production server runs the local background worker and the built-in
// simulator (instrumentation.ts); this spec only prepares data through lib/.
test("open a draft in the dashboard, emit it and see it authorized", async ({ page }) => {
  const created = await createCompany({ legalName: `E2E Emit ${randomCnpj()}`, cnpj: randomCnpj(), state: "SP", municipalityCode: "3550308", taxRegime: "SIMPLES_NACIONAL", environment: "HOMOLOGATION" });
  const email = `emit-${randomBytes(4).toString("hex")}@e2e.local`;
  const password = `pw-${randomBytes(8).toString("hex")}`;
  await createUser({ email, password, tenantId: created.tenantId, role: "ACCOUNTANT" });
  const company = await db.company.update({
    where: { id: created.id },
    data: { stateRegistration: "110042490114", street: "Avenida Paulista", streetNumber: "1000", neighborhood: "Bela Vista", city: "São Paulo", zipCode: "01310100" },
  });
  const certificate = createTestCertificate({ cnpj: company.cnpj, legalName: company.legalName });
  await installCertificate({ companyId: company.id, pfx: certificate.pfx, password: certificate.password });
  const draft = await createDocument({
    companyId: company.id,
    body: {
      type: "NFE",
      client: { name: "Cliente Exemplo S/A", document: "06929383000163", street: "Rua das Flores", number: "10", neighborhood: "Centro", city: "Campinas", state: "SP", municipalityCode: "3509502", zipCode: "13010000" },
      items: [{ code: "SKU-1", description: "Café torrado 500 g", quantity: 2, unitValue: 50, ncm: "21011110", cfop: "5102", icmsOrigin: "0", icmsSituation: "102" }],
      payments: [{ method: "PIX", value: 100 }],
    } as never,
  });

  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("signed-in-user")).toContainText(email);
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
