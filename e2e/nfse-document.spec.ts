import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { createTestCertificate, installCertificate } from "@/lib/certificates";
import { db } from "@/lib/db/client";
import { createDocument } from "@/lib/documents";
import { closeDb, createAccount, signIn } from "./signin-helpers";

test.afterAll(closeDb);

// An ME/EPP in the Simples (ISS inside the Simples) whose taker withholds ISS 3 %,
// IR 1.5 % and CSLL 1 %: the DPS carries pAliq (E0621), so the NFS-e's figures
// are the ones computed here. The dashboard emits it against the built-in Sefin simulator.
async function createNfseDraft() {
  const account = await createAccount("ACCOUNTANT");
  const company = await db.company.update({
    where: { id: account.companyId },
    data: {
      // Campinas (on the Sefin Nacional): São Paulo issues through its own Nota Fiscal Paulistana (issue 57).
      street: "Avenida Francisco Glicério", streetNumber: "1000", neighborhood: "Centro", city: "Campinas", municipalityCode: "3509502", zipCode: "13012100",
      municipalRegistration: "12345678", email: "fiscal@example.com", nfseServiceCode: "010101", nfseNbsCode: "115022000", nfseIssRate: "2", nfseRegApTribSN: 1,
    },
  });
  const certificate = createTestCertificate({ cnpj: company.cnpj, legalName: company.legalName });
  await installCertificate({ companyId: company.id, pfx: certificate.pfx, password: certificate.password });
  const rule = await db.taxRule.create({
    data: {
      companyId: company.id, name: "Serviços com retenção", model: "NFSE",
      nfseTaxRules: { create: [{ issRate: "3", issRetention: true, irRate: "1.5", irRetention: true, csllRate: "1", csllRetention: true, serviceLocationMunicipality: "MUNICIPIO_EMPRESA", incidenceMunicipality: "MUNICIPIO_EMPRESA" }] },
    },
  });
  const draft = await createDocument({
    companyId: company.id,
    body: {
      type: "NFSE",
      taxRuleId: rule.id,
      client: { name: "Cliente Serviços S/A", document: "06929383000163", street: "Rua das Flores", number: "10", neighborhood: "Centro", city: "Campinas", state: "SP", municipalityCode: "3509502", zipCode: "13010000" },
      items: [
        { code: "DEV", description: "Desenvolvimento de software sob encomenda", quantity: 10, unitValue: 150, nationalServiceCode: "010101" },
        { code: "DEV-EXTRA", description: "Horas extras de desenvolvimento", quantity: 2, unitValue: 125, nationalServiceCode: "010101" },
      ],
    } as never,
  });
  return { account, companyId: company.id, draftId: draft.id };
}

test("an authorized NFS-e shows its ISS, the federal withholdings, the net value, its number and verification code", async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync("reports/screenshots", { recursive: true });
  const { account, companyId, draftId } = await createNfseDraft();
  await signIn(page, account);
  await page.goto(`/dashboard/c/${companyId}/documents/${draftId}`);
  await expect(page.getByTestId("nfse-values-source")).toHaveText("Valores calculados pelas regras fiscais; a NFS-e autorizada prevalece.");
  await page.getByRole("button", { name: "Emitir", exact: true }).click();
  await expect(page.getByTestId("document-status")).toHaveText("Autorizada", { timeout: 45_000 });
  const authorized = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draftId } });
  expect(authorized.accessKey).toMatch(/^\d{50}$/);

  await expect(page.getByTestId("nfse-iss").getByRole("heading")).toHaveText("ISSQN");
  // 10 × 150 + 2 × 125 = 1 750,00; ISS 3 % withheld 52,50; IR 1,5 % 26,25; CSLL 1 % 17,50.
  const shown: Record<string, string> = {
    "document-title": `NFS-e nº ${authorized.nfseNumber} · série ${authorized.series}`,
    "nfse-number": authorized.nfseNumber!,
    "verification-code": authorized.verificationCode!,
    "nfse-values-source": "Valores da NFS-e autorizada pelo Sistema Nacional.",
    "nfse-service-value": "R$ 1.750,00",
    "nfse-iss-base": "R$ 1.750,00",
    "nfse-iss-rate": "3,00 %",
    "nfse-iss-amount": "R$ 52,50",
    "nfse-iss-retained": "Sim",
    "nfse-retained-iss": "R$ 52,50",
    "nfse-retained-pis": "R$ 0,00",
    "nfse-retained-cofins": "R$ 0,00",
    "nfse-retained-ir": "R$ 26,25",
    "nfse-retained-inss": "R$ 0,00",
    "nfse-retained-csll": "R$ 17,50",
    "nfse-retained-total": "R$ 96,25",
    "nfse-net-value": "R$ 1.653,75",
  };
  for (const [testId, text] of Object.entries(shown)) await expect(page.getByTestId(testId), testId).toHaveText(text);
  // The NFS-e applied the rate sent (pAliq), so no DPS figure is noted beside it.
  await expect(page.getByTestId("nfse-dps-iss")).toHaveCount(0);
  // The NF-e boxes (ICMS totals, transport) are not shown for a service note.
  await expect(page.getByTestId("total-icms")).toHaveCount(0);

  // Per line: the first line's ISS and withholdings (1 500,00).
  const first = page.getByTestId("document-item").first();
  await expect(first.getByTestId("tax-iss")).toContainText("ISS (retido)");
  await expect(first.getByTestId("tax-iss-amount")).toHaveText("R$ 45,00");
  await expect(first.getByTestId("tax-retained-ir-amount")).toHaveText("R$ 22,50");
  await expect(first.getByTestId("tax-retained-csll-amount")).toHaveText("R$ 15,00");
  await expect(first.getByTestId("tax-retained-pis")).toHaveCount(0);

  await expect(page.getByTestId("document-dates")).not.toContainText("VENDA DE MERCADORIA");
  await expect(page.getByRole("link", { name: "Baixar DANFSe (PDF)" })).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "reports/screenshots/nfse-document-authorized.png", fullPage: true });

  // Cancellation with Anexo II's reason code 2 (serviço não prestado).
  await page.getByRole("button", { name: "Cancelar documento" }).click();
  const cancel = page.getByRole("dialog", { name: "Cancelar documento" });
  await expect(cancel.getByLabel("Motivo do cancelamento")).toHaveValue("9");
  await cancel.getByLabel("Motivo do cancelamento").selectOption("2");
  await cancel.getByRole("textbox").fill("O serviço não foi prestado ao tomador");
  await cancel.getByRole("button", { name: "Cancelar documento" }).click();
  await expect(page.getByTestId("document-status")).toHaveText("Cancelada", { timeout: 20_000 });
  const cancelled = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draftId }, include: { events: { where: { kind: "CANCELLATION" } } } });
  expect(cancelled.events[0]!.requestXml).toContain("<cMotivo>2</cMotivo><xMotivo>O serviço não foi prestado ao tomador</xMotivo>");
  await expect(page.getByRole("list", { name: "Histórico" }).locator('[data-kind="CANCELLATION"]')).toContainText("101101");
});
