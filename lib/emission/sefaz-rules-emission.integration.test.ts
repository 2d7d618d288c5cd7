import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SimulatorServer } from "@/lib/authority/simulator";
import { db } from "@/test/factories";
import { createDraft, createEmittingCompany, emitAndDrain, startTestSimulator } from "./testing/emission-fixtures";

// Issue 15, item 4: the documents we build from the API pass the simulator's
// business rules, on the paths the rules are about.

let simulator: SimulatorServer;
beforeAll(async () => {
  simulator = await startTestSimulator();
});
afterAll(async () => {
  await simulator?.close();
});

async function emitted(companyId: string, overrides: Record<string, unknown>) {
  const draft = await createDraft(companyId, overrides);
  await emitAndDrain(companyId, draft.id);
  const document = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
  expect(document.status, document.rejectionReason ?? "").toBe("AUTHORIZED");
  return document;
}

const consumerInBahia = { name: "Joana Souza", document: "12345678909", state: "BA", city: "Salvador", municipalityCode: "2927408", street: "Av. Sete", number: "100", neighborhood: "Centro", zipCode: "40060001" };
const itemWithDefaults = { code: "TV", description: "Televisor", quantity: 1, unitValue: 2000, ncm: "85287200", cfop: "6108", icmsOrigin: "0", icmsSituation: "00", pisSituation: "01", pisRate: 1.65, cofinsSituation: "01", cofinsRate: 7.6 };

describe("documents built from the API pass the business rules", () => {
  it("interstate sale to a consumer: 7 %, ICMSUFDest (BA: base dupla) and its totals; authorized", async () => {
    const company = await createEmittingCompany();
    await db.company.update({ where: { id: company.companyId }, data: { defaultIcmsRate: "18" } });
    const document = await emitted(company.companyId, { client: consumerInBahia, items: [itemWithDefaults], payments: [{ method: "PIX", value: 2000 }] });
    expect(document.signedXml).toContain("<idDest>2</idDest>");
    expect(document.signedXml).toContain("<indFinal>1</indFinal>");
    expect(document.signedXml).toContain("<pICMS>7.0000</pICMS><vICMS>140.00</vICMS>");
    expect(document.signedXml).toContain("<ICMSUFDest><vBCUFDest>2339.62</vBCUFDest><pICMSUFDest>20.5000</pICMSUFDest><pICMSInter>7.00</pICMSInter><pICMSInterPart>100.0000</pICMSInterPart><vICMSUFDest>339.62</vICMSUFDest><vICMSUFRemet>0.00</vICMSUFRemet></ICMSUFDest>");
    expect(document.signedXml).toContain("<vICMSDeson>0.00</vICMSDeson><vFCPUFDest>0.00</vFCPUFDest><vICMSUFDest>339.62</vICMSUFDest><vICMSUFRemet>0.00</vICMSUFRemet>");
  });

  it("a Simples issuer's interstate sale to a consumer (CSOSN 102) carries the DIFAL too; authorized", async () => {
    const company = await createEmittingCompany({ regime: "SIMPLES_NACIONAL" });
    const document = await emitted(company.companyId, { client: consumerInBahia, items: [{ ...itemWithDefaults, icmsSituation: "102", pisSituation: "49", cofinsSituation: "49", pisRate: undefined, cofinsRate: undefined }], payments: [{ method: "PIX", value: 2000 }] });
    expect(document.signedXml).toContain("<ICMSSN102><orig>0</orig><CSOSN>102</CSOSN></ICMSSN102>");
    expect(document.signedXml).toContain("<pICMSInter>7.00</pICMSInter>");
    expect(document.signedXml).not.toContain("<IBSCBS>");
  });

  it("NFC-e in cash above the total: vTroco; a card payment carries its card group", async () => {
    const company = await createEmittingCompany();
    await db.company.update({ where: { id: company.companyId }, data: { cscId: "000001", cscToken: "A1B2C3D4E5F6G7H8I9J0" } });
    const cash = await emitted(company.companyId, { type: "NFCE", client: { name: "Consumidor" }, payments: [{ method: "MONEY", value: 120 }] });
    expect(cash.signedXml).toContain("<tPag>01</tPag><vPag>120.00</vPag></detPag><vTroco>20.00</vTroco></pag>");
    const card = await emitted(company.companyId, { type: "NFCE", client: { name: "Consumidor" }, payments: [{ method: "DEBIT_CARD", value: 100 }] });
    expect(card.signedXml).toContain("<tPag>04</tPag><vPag>100.00</vPag><card><tpIntegra>2</tpIntegra></card>");
  });

  it("credit and debit notes carry IBS/CBS only; authorized", async () => {
    const company = await createEmittingCompany();
    const sale = await emitted(company.companyId, {});
    for (const note of [{ rtcCreditType: "01" }, { rtcDebitType: "04" }]) {
      const document = await emitted(company.companyId, { ...note, referencedAccessKey: sale.accessKey, payments: undefined, items: [{ code: "AJ", description: "Ajuste", quantity: 1, unitValue: 10, ncm: "21011110", cfop: "5949" }] });
      const imposto = /<imposto>(.*?)<\/imposto>/.exec(document.signedXml!)![1]!;
      expect(imposto).toMatch(/^<IBSCBS><CST>000<\/CST><cClassTrib>000001<\/cClassTrib><gIBSCBS><vBC>10.00<\/vBC>/);
    }
  });

  it("IBS/CBS with a reduced rate (CST 200, cesta básica 100 % and food 60 %): gRed with the effective rates; authorized", async () => {
    const company = await createEmittingCompany();
    const food = { quantity: 1, unitValue: 100, cfop: "5102", icmsSituation: "00", icmsRate: 7 };
    const document = await emitted(company.companyId, {
      items: [
        { ...food, code: "ARROZ", description: "Arroz 5 kg", ncm: "10063021", ibsCbs: { cst: "200", cClassTrib: "200003" } },
        { ...food, code: "BISC", description: "Biscoito de polvilho", ncm: "19059090", ibsCbs: { cst: "200", cClassTrib: "200034" } },
      ],
      payments: [{ method: "PIX", value: 200 }],
    });
    expect(document.signedXml).toContain("<gCBS><pCBS>0.9000</pCBS><gRed><pRedAliq>100.0000</pRedAliq><pAliqEfet>0.0000</pAliqEfet></gRed><vCBS>0.00</vCBS></gCBS>");
    // 100.00 × 0.9 % × 0.4 = 0.36; state IBS 100.00 × 0.04 % = 0.04.
    expect(document.signedXml).toContain("<gIBSUF><pIBSUF>0.1000</pIBSUF><gRed><pRedAliq>60.0000</pRedAliq><pAliqEfet>0.0400</pAliqEfet></gRed><vIBSUF>0.04</vIBSUF></gIBSUF>");
    expect(document.signedXml).toContain("<gCBS><pCBS>0.9000</pCBS><gRed><pRedAliq>60.0000</pRedAliq><pAliqEfet>0.3600</pAliqEfet></gRed><vCBS>0.36</vCBS></gCBS>");
    expect(document.signedXml).toContain("<gIBS><gIBSUF><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vIBSUF>0.04</vIBSUF></gIBSUF>");
  });

  it("Simples Nacional issuer: without IBS/CBS amounts the group is left out; with a declared CST it is complete", async () => {
    const company = await createEmittingCompany({ regime: "SIMPLES_NACIONAL" });
    const simplesItem = { code: "S1", description: "Bolo", quantity: 1, unitValue: 100, ncm: "19059090", cfop: "5102", icmsSituation: "102" };
    const without = await emitted(company.companyId, { items: [simplesItem] });
    expect(without.signedXml).not.toContain("<IBSCBS>");
    expect(without.signedXml).not.toContain("<IBSCBSTot>");
    const withIbsCbs = await emitted(company.companyId, { items: [{ ...simplesItem, ibsCbs: { cst: "000", cClassTrib: "000001" } }] });
    expect(withIbsCbs.signedXml).toContain("<IBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib><gIBSCBS><vBC>100.00</vBC>");
    expect(withIbsCbs.signedXml).toContain("<IBSCBSTot><vBCIBSCBS>100.00</vBCIBSCBS>");
  });

  it("installments in due order, numbered 001.., dated after the issue date; authorized", async () => {
    const company = await createEmittingCompany();
    const document = await emitted(company.companyId, {
      payments: undefined,
      duplicates: [{ dueDate: "2099-03-10", value: 50 }, { dueDate: "2099-02-10", value: 50 }],
    });
    expect(document.signedXml).toContain("<dup><nDup>001</nDup><dVenc>2099-02-10</dVenc><vDup>50.00</vDup></dup><dup><nDup>002</nDup><dVenc>2099-03-10</dVenc>");
  });
});
