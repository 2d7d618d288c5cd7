import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomCnpj } from "@/lib/br";
import { SoapTaxAuthority } from "../soap-tax-authority";
import { credentialsFor, sign, signedNfe, unsignedNfe } from "../test-support/fiscal-fixtures";
import type { AuthorityTarget } from "../types";
import { startSimulatorServer, type SimulatorServer } from "./server";

let simulator: SimulatorServer;
let client: SoapTaxAuthority;
const target: AuthorityTarget = { uf: "SP", environment: "HOMOLOGATION", model: 55 };

beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0 });
  client = new SoapTaxAuthority({ timeoutMs: 3_000, baseUrl: simulator.url });
});
afterAll(async () => {
  await simulator.close();
});

describe("refusals the simulator decides itself", () => {
  it("refuses a real schema failure with 225, naming the element", async () => {
    const cnpj = randomCnpj();
    const nfe = unsignedNfe({ cnpj, series: 1, number: 1 });
    // A natOp longer than 60 characters, signed: only the schema is wrong.
    const broken = sign(nfe.xml.replace(/<natOp>[^<]*<\/natOp>/, `<natOp>${"X".repeat(61)}</natOp>`), cnpj, "infNFe");
    const result = await client.authorize(target, broken, credentialsFor(cnpj));
    expect(result).toMatchObject({ kind: "refused", cStat: "225" });
    if (result.kind === "refused") expect(result.reason).toContain("natOp");
  });

  it("refuses a document altered after signing with 297", async () => {
    const cnpj = randomCnpj();
    const nfe = signedNfe({ cnpj, series: 1, number: 2 });
    const tampered = nfe.xml.replace(/<vUnCom>50\.0+<\/vUnCom>/, "<vUnCom>5.0000000000</vUnCom>");
    expect(tampered).not.toBe(nfe.xml);
    const result = await client.authorize(target, tampered, credentialsFor(cnpj));
    expect(result).toMatchObject({ kind: "refused", cStat: "297", reason: "Rejeição: Assinatura difere do calculado" });
  });

  it("refuses a certificate of another CNPJ root with 213", async () => {
    const cnpj = randomCnpj();
    const other = credentialsFor(randomCnpj());
    const nfe = signedNfe({ cnpj, series: 1, number: 3, signWith: other });
    expect(await client.authorize(target, nfe.xml, other)).toMatchObject({ kind: "refused", cStat: "213" });
  });

  it("refuses an access key that does not match the XML fields (502) or has a wrong check digit (253)", async () => {
    const cnpj = randomCnpj();
    const nfe = unsignedNfe({ cnpj, series: 1, number: 4 });
    // Another nNF under the same key, signed: the key no longer matches the fields.
    const otherNumber = sign(nfe.xml.replace("<nNF>4</nNF>", "<nNF>5</nNF>"), cnpj, "infNFe");
    expect(await client.authorize(target, otherNumber, credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "502" });
    const lastDigit = Number(nfe.accessKey.slice(-1));
    const wrongDigit = nfe.accessKey.slice(0, 43) + String((lastDigit + 1) % 10);
    const badDigit = sign(nfe.xml.replace(nfe.accessKey, wrongDigit).replace(/<cDV>\d<\/cDV>/, `<cDV>${wrongDigit.slice(-1)}</cDV>`), cnpj, "infNFe");
    expect(await client.authorize(target, badDigit, credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "253" });
  });

  it("answers 204 for the same key again and 539 with the first key for the same number under another key", async () => {
    const cnpj = randomCnpj();
    const first = signedNfe({ cnpj, series: 3, number: 7 });
    const authorized = await client.authorize(target, first.xml, credentialsFor(cnpj));
    expect(authorized.kind).toBe("authorized");

    const again = await client.authorize(target, first.xml, credentialsFor(cnpj));
    expect(again).toMatchObject({ kind: "refused", cStat: "204" });

    const sameNumber = signedNfe({ cnpj, series: 3, number: 7 }); // new cNF → another key
    expect(sameNumber.accessKey).not.toBe(first.accessKey);
    const duplicate = await client.authorize(target, sameNumber.xml, credentialsFor(cnpj));
    expect(duplicate).toMatchObject({ kind: "refused", cStat: "539" });
    if (duplicate.kind === "refused") expect(duplicate.reason).toContain(`[chNFe:${first.accessKey}]`);
  });

  it("two different keys for the same number sent at once: exactly one is authorized, the other gets 539", async () => {
    const cnpj = randomCnpj();
    const a = signedNfe({ cnpj, series: 6, number: 1 });
    const b = signedNfe({ cnpj, series: 6, number: 1 });
    const results = await Promise.all([a, b].map((nfe) => client.authorize(target, nfe.xml, credentialsFor(cnpj))));
    expect(results.map((r) => r.kind).sort()).toEqual(["authorized", "refused"]);
    expect(results.find((r) => r.kind === "refused")).toMatchObject({ cStat: "539" });
  });

  it("the same NF-e sent twice at once (one batch of the simulator's group commit): one authorization, one 204 naming its protocol", async () => {
    const cnpj = randomCnpj();
    const nfe = signedNfe({ cnpj, series: 6, number: 2 });
    const results = await Promise.all([nfe, nfe].map((n) => client.authorize(target, n.xml, credentialsFor(cnpj))));
    expect(results.map((r) => r.kind).sort()).toEqual(["authorized", "refused"]);
    const authorized = results.find((r) => r.kind === "authorized");
    const refused = results.find((r) => r.kind === "refused");
    expect(refused).toMatchObject({ cStat: "204" });
    if (authorized?.kind === "authorized" && refused?.kind === "refused") expect(refused.reason).toContain(`[nProt:${authorized.protocol}]`);
  });

  it("refuses an NF-e issued in the future beyond the clock tolerance (703)", async () => {
    const cnpj = randomCnpj();
    const nfe = signedNfe({ cnpj, series: 7, number: 1, issuedAt: new Date(Date.now() + 60 * 60 * 1000) });
    expect(await client.authorize(target, nfe.xml, credentialsFor(cnpj))).toMatchObject({ kind: "refused", cStat: "703" });
  });
});
