import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomCnpj } from "@/lib/br";
import { interstateConsumerDoubleBase, interstateConsumerWithDifal, nfceCashWithChange, reducedRatesNfe, simpleNfe, transportAndInstallments } from "@/lib/fiscal/nfe/test-support/golden-inputs";
import { SoapTaxAuthority } from "../soap-tax-authority";
import { credentialsFor, sign, signedNfe, unsignedNfe } from "../test-support/fiscal-fixtures";
import type { AuthorityTarget } from "../types";
import { startSimulatorServer, type SimulatorServer } from "./server";

// The simulator applies the business rules after schema and signature and
// answers the first failing rule's cStat and xMotivo, as SEFAZ does (issue 15, item 2).

let simulator: SimulatorServer;
let client: SoapTaxAuthority;
const nfe55: AuthorityTarget = { uf: "SP", environment: "HOMOLOGATION", model: 55 };
const nfce65: AuthorityTarget = { uf: "SP", environment: "HOMOLOGATION", model: 65 };

beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0 });
  client = new SoapTaxAuthority({ timeoutMs: 3_000, baseUrl: simulator.url });
});
afterAll(async () => {
  await simulator.close();
});

describe("business rules in the simulator", () => {
  it("refuses an entry CFOP in an exit NF-e with 518 and an exit CFOP in an entry NF-e with 519, with cstat.json's texts", async () => {
    const cnpj = randomCnpj();
    const entryCfop = () => ({ ...simpleNfe(), items: simpleNfe().items.map((item) => ({ ...item, cfop: "1102" })) });
    const exitInEntry = () => ({ ...simpleNfe(), operationType: "0" as const });
    expect(await client.authorize(nfe55, signedNfe({ cnpj, series: 1, number: 51, from: entryCfop }).xml, credentialsFor(cnpj))).toMatchObject({
      kind: "refused", cStat: "518", reason: "Rejeição: CFOP de entrada para NF-e de saída",
    });
    expect(await client.authorize(nfe55, signedNfe({ cnpj, series: 1, number: 52, from: exitInEntry }).xml, credentialsFor(cnpj))).toMatchObject({
      kind: "refused", cStat: "519", reason: "Rejeição: CFOP de saída para NF-e de entrada",
    });
    // The same lines with the matching tpNF are authorized.
    const entry = () => ({ ...entryCfop(), operationType: "0" as const });
    expect(await client.authorize(nfe55, signedNfe({ cnpj, series: 1, number: 53, from: entry }).xml, credentialsFor(cnpj))).toMatchObject({ kind: "authorized" });
  });

  it("authorizes an interstate sale to a consumer with its DIFAL, and refuses it without ICMSUFDest with 694 naming the line", async () => {
    const cnpj = randomCnpj();
    const good = signedNfe({ cnpj, series: 1, number: 1, from: interstateConsumerWithDifal });
    expect(await client.authorize(nfe55, good.xml, credentialsFor(cnpj))).toMatchObject({ kind: "authorized" });

    const nfe = unsignedNfe({ cnpj, series: 1, number: 2, from: interstateConsumerWithDifal });
    const withoutDifal = sign(nfe.xml.replace(/<ICMSUFDest>.*?<\/ICMSUFDest>/, "").replace("<vICMSUFDest>319.50</vICMSUFDest>", "<vICMSUFDest>49.50</vICMSUFDest>"), cnpj, "infNFe");
    expect(await client.authorize(nfe55, withoutDifal, credentialsFor(cnpj))).toMatchObject({
      kind: "refused", cStat: "694", reason: "Rejeição: Não informado o grupo de ICMS para a UF de destino [nItem:1]",
    });
  });

  it("authorizes IBS/CBS with gRed and the DIFAL on the base dupla; refuses a CST 200 line without gRed with 1033 (NT 2025.002 text)", async () => {
    const cnpj = randomCnpj();
    for (const [number, from] of [[11, reducedRatesNfe], [12, interstateConsumerDoubleBase]] as const) {
      expect(await client.authorize(nfe55, signedNfe({ cnpj, series: 1, number, from }).xml, credentialsFor(cnpj))).toMatchObject({ kind: "authorized" });
    }
    const nfe = unsignedNfe({ cnpj, series: 1, number: 13, from: reducedRatesNfe });
    const fullRates = sign(nfe.xml.replace(/<gRed>.*?<\/gRed>/g, ""), cnpj, "infNFe");
    expect(await client.authorize(nfe55, fullRates, credentialsFor(cnpj))).toMatchObject({
      kind: "refused", cStat: "1033", reason: "Rejeição: Não informado o grupo de redução de alíquota Estadual [nItem:1]",
    });
  });

  it("refuses a deferral group with CST 000 (1029) and a cClassTrib the table does not allow on an NF-e (1025), with the NT's texts", async () => {
    const cnpj = randomCnpj();
    const deferred = unsignedNfe({ cnpj, series: 1, number: 21, from: simpleNfe });
    const withDeferral = sign(deferred.xml.replace("<pIBSUF>0.1000</pIBSUF>", "<pIBSUF>0.1000</pIBSUF><gDif><pDif>0.0000</pDif><vDif>0.00</vDif></gDif>"), cnpj, "infNFe");
    expect(await client.authorize(nfe55, withDeferral, credentialsFor(cnpj))).toMatchObject({
      kind: "refused", cStat: "1029", reason: "Rejeição: CST do IBS/CBS informado não permite informação de diferimento Estadual [nItem:1]",
    });
    const classified = unsignedNfe({ cnpj, series: 1, number: 22, from: simpleNfe });
    const notOnNfe = sign(classified.xml.replace("<cClassTrib>000001</cClassTrib>", "<cClassTrib>000002</cClassTrib>"), cnpj, "infNFe");
    expect(await client.authorize(nfe55, notOnNfe, credentialsFor(cnpj))).toMatchObject({
      kind: "refused", cStat: "1025", reason: "Rejeição: CST cClassTrib do IBS/CBS não permitido neste modelo de DFe [nItem:1]",
    });
  });

  it("refuses 18 % on an interstate line with 693, before the totals it also breaks", async () => {
    const cnpj = randomCnpj();
    const nfe = unsignedNfe({ cnpj, series: 1, number: 3, from: interstateConsumerWithDifal });
    const eighteen = sign(nfe.xml.replace("<pICMS>7.0000</pICMS><vICMS>140.00</vICMS>", "<pICMS>18.0000</pICMS><vICMS>360.00</vICMS>"), cnpj, "infNFe");
    expect(await client.authorize(nfe55, eighteen, credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "693" });
  });

  it("refuses an NFC-e paid above the total without vTroco (866) and below the total (865); authorizes the one with change", async () => {
    const cnpj = randomCnpj();
    const good = signedNfe({ cnpj, series: 2, number: 1, model: 65, from: nfceCashWithChange });
    expect(await client.authorize(nfce65, good.xml, credentialsFor(cnpj))).toMatchObject({ kind: "authorized" });

    const nfce = unsignedNfe({ cnpj, series: 2, number: 2, model: 65, from: nfceCashWithChange });
    const noChange = sign(nfce.xml.replace("<vTroco>6.34</vTroco>", ""), cnpj, "infNFe");
    expect(await client.authorize(nfce65, noChange, credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "866" });
    const short = sign(nfce.xml.replace("<vPag>30.00</vPag>", "<vPag>20.00</vPag>").replace("<vTroco>6.34</vTroco>", ""), cnpj, "infNFe");
    expect(await client.authorize(nfce65, short, credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "865", reason: "Rejeição: Total dos pagamentos menor que o total da nota" });
  });

  it("refuses installments due before the authorization date with 898 (it knows the receipt time)", async () => {
    const cnpj = randomCnpj();
    // Issued now with installments due in the past: 898 (authorization date) comes before 900 (issue date) in the MOC.
    const nfe = unsignedNfe({ cnpj, series: 3, number: 1, from: transportAndInstallments });
    const past = sign(nfe.xml.replace("<dVenc>2026-04-09</dVenc>", "<dVenc>2020-01-01</dVenc>"), cnpj, "infNFe");
    expect(await client.authorize(nfe55, past, credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "898" });
  });
});
