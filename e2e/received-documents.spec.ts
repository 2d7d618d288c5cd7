import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { randomCnpj } from "@/lib/br";
import { createTestCertificate, installCertificate } from "@/lib/certificates";
import { createCompany } from "@/lib/companies";
import { db } from "@/lib/db/client";
import { createDocument } from "@/lib/documents";
import { queueEmission } from "@/lib/emission/queue-emission";
import { createUser } from "@/lib/users/create-user";
import { createAccountWithDraft, signIn } from "./signin-helpers";

test.afterAll(() => db.$disconnect());

// "Notas recebidas": company A's NF-e to company B's CNPJ reaches B through the
// simulator's national distribution; B's accountant queries it, registers the
// ciência (XML and DANFE then download) and a conclusive manifestation with its
// justification. B is created after A's NF-e is authorized, so no scheduled run
// of B can have been told "nothing more" before it.
test("an accountant queries the received NF-e, registers the ciência and an 'operação não realizada', and downloads the XML", async ({ page }) => {
  test.setTimeout(120_000);
  const issuer = await createAccountWithDraft();
  const recipientCnpj = randomCnpj();
  const draft = await createDocument({
    companyId: issuer.companyId,
    body: {
      type: "NFE",
      client: { name: "Destinatário E2E", document: recipientCnpj, street: "Rua das Flores", number: "10", neighborhood: "Centro", city: "Campinas", state: "SP", municipalityCode: "3509502", zipCode: "13010000" },
      items: [{ code: "SKU-9", description: "Papel sulfite A4", quantity: 3, unitValue: 25, ncm: "48025610", cfop: "5102", icmsOrigin: "0", icmsSituation: "102" }],
      payments: [{ method: "PIX", value: 75 }],
    } as never,
  });
  await queueEmission({ companyId: issuer.companyId, documentId: draft.id });
  await expect.poll(async () => (await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } })).status, { timeout: 45_000 }).toBe("AUTHORIZED");
  const issued = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });

  const company = await createCompany({ legalName: `E2E Recipient ${recipientCnpj}`, cnpj: recipientCnpj, state: "SP", municipalityCode: "3550308", taxRegime: "NORMAL", environment: "HOMOLOGATION" });
  await db.company.update({ where: { id: company.id }, data: { stateRegistration: "110042490114", receivedAutoAcknowledge: false } });
  const certificate = createTestCertificate({ cnpj: recipientCnpj, legalName: company.legalName });
  await installCertificate({ companyId: company.id, pfx: certificate.pfx, password: certificate.password });
  const account = { email: `accountant-${randomBytes(4).toString("hex")}@e2e.local`, password: `pw-${randomBytes(8).toString("hex")}` };
  await createUser({ ...account, tenantId: company.tenantId, role: "ACCOUNTANT" });

  await signIn(page, account);
  await page.goto(`/dashboard/c/${company.id}/received`);
  await expect(page.getByRole("heading", { name: "Notas recebidas" })).toBeVisible();
  await page.getByRole("button", { name: "Consultar agora" }).click();
  // A scheduled run may have fetched it first (the button then answers with the wait): either way it is listed.
  await expect(page.getByRole("status")).toBeVisible({ timeout: 30_000 });
  await page.reload();
  // The key prints in groups of four; its link's accessible name is the bare 44 characters.
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: issued.accessKey! }) });
  await expect(row).toContainText("Pendente");
  await expect(row).toContainText("R$ 75,00");
  await expect(page.getByTestId("received-totals")).toContainText("1 nota");

  await row.getByRole("link", { name: issued.accessKey! }).click();
  await expect(page.getByText("XML completo ainda não disponível")).toBeVisible();
  await page.getByRole("button", { name: "Ciência da operação" }).click();
  const confirm = page.getByRole("dialog", { name: "Registrar “Ciência da operação” na SEFAZ?" });
  await confirm.getByRole("button", { name: "Registrar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Manifestação registrada." })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("link", { name: "Baixar XML" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("table", { name: "Itens" })).toContainText("Papel sulfite A4");
  const [xml] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Baixar XML" }).click()]);
  expect(readFileSync((await xml.path())!, "utf8")).toBe(issued.authorizedXml);

  await page.getByRole("button", { name: "Operação não realizada" }).click();
  const notPerformed = page.getByRole("dialog", { name: "Registrar “Operação não realizada” na SEFAZ?" });
  await notPerformed.getByLabel("Justificativa (15 a 255 caracteres)").fill("curta");
  await notPerformed.getByRole("button", { name: "Registrar" }).click();
  await expect(notPerformed.getByRole("alert")).toHaveText("Informe a justificativa: de 15 a 255 caracteres.");
  await notPerformed.getByLabel("Justificativa (15 a 255 caracteres)").fill("Mercadoria recusada na portaria, sem entrega");
  await notPerformed.getByRole("button", { name: "Registrar" }).click();
  await expect(notPerformed).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole("status").filter({ hasText: "Manifestação registrada." })).toBeVisible();
  // A conclusive manifestation is final: no button is left.
  await expect(page.getByRole("button", { name: "Confirmar a operação" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Ciência da operação" })).toHaveCount(0);
  const stored = await db.receivedDocument.findFirstOrThrow({ where: { companyId: company.id } });
  expect(stored).toMatchObject({ manifestation: "NOT_PERFORMED", manifestationJustification: "Mercadoria recusada na portaria, sem entrega" });
});
