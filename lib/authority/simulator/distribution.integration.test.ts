import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomCnpj } from "@/lib/br";
import { simpleNfe, transportAndInstallments } from "@/lib/fiscal/nfe/test-support/golden-inputs";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { signXml } from "@/lib/fiscal/xml/xml-signature";
import { buildSignedManifestation, type ManifestationType } from "@/lib/received/build-manifestation";
import { SHARED_DIR } from "@/test/shared-dir";
import { SoapTaxAuthority } from "../soap-tax-authority";
import { credentialsFor, signedEvent, signedNfe } from "../test-support/fiscal-fixtures";
import type { AuthorityTarget, DistributionResult } from "../types";
import { startSimulatorServer, type SimulatorServer } from "./server";

// The simulated Ambiente Nacional's NFeDistribuicaoDFe through the real client:
// per-party NSU, resNFe before the recipient's manifestation and procNFe after,
// the transporter's full XML, events, 137/138/589, the 656 rules, and the
// manifestation events' rules.
let simulator: SimulatorServer;
let client: SoapTaxAuthority;
const target: AuthorityTarget = { uf: "SP", environment: "HOMOLOGATION", model: 55 };
let nextNumber = 1;

beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0, distributionCallsPerMinute: 5 });
  client = new SoapTaxAuthority({ timeoutMs: 15_000, baseUrl: simulator.url });
});
afterAll(async () => {
  await simulator.close();
});

/** An NF-e from a new issuer to `recipient`, carried by `carrier`. */
async function issue(recipient: string, carrier: string) {
  const issuer = randomCnpj();
  const golden = simpleNfe();
  const carried = transportAndInstallments().transport!;
  const nfe = signedNfe({
    cnpj: issuer,
    series: 1,
    number: nextNumber++,
    from: () => ({
      ...golden,
      recipient: { ...golden.recipient!, document: { type: "CNPJ", value: recipient } },
      transport: { modFrete: "0", carrier: { ...carried.carrier!, document: { type: "CNPJ", value: carrier } } },
    }),
  });
  const result = await client.authorize(target, nfe.xml, credentialsFor(issuer));
  if (result.kind !== "authorized") throw new Error(`setup: ${JSON.stringify(result)}`);
  return { ...nfe, protocol: result.protocol, issuer };
}

function manifest(party: string, accessKey: string, type: ManifestationType, justification?: string) {
  const xml = buildSignedManifestation({ accessKey, environment: "HOMOLOGATION", authorCnpj: party, uf: "SP", type, justification, occurredAt: new Date() }, credentialsFor(party));
  return client.sendEvent(target, xml, credentialsFor(party));
}

function answered(result: DistributionResult) {
  if (result.kind !== "answered") throw new Error(`not answered: ${JSON.stringify(result)}`);
  return result;
}

function xmllint(content: string, schema: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dist-"));
  const file = path.join(dir, "doc.xml");
  fs.writeFileSync(file, content);
  try {
    return spawnSync("xmllint", ["--noout", "--schema", `${SHARED_DIR}/fiscal/schemas/nfe/PL_010_V1.30/${schema}`, file], { encoding: "utf8" }).stderr;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("NFeDistribuicaoDFe (simulated Ambiente Nacional)", () => {
  it("distributes to the recipient (resNFe, then procNFe after its ciência) and to the transporter (procNFe), with events, NSU per party", async () => {
    const recipient = randomCnpj();
    const carrier = randomCnpj();
    const nfe = await issue(recipient, carrier);

    const first = answered(await client.distribute(target, recipient, { kind: "distNSU", lastNsu: "0" }, credentialsFor(recipient)));
    expect(first).toMatchObject({ cStat: "138", lastNsu: "000000000000001", maxNsu: "000000000000001" });
    expect(first.items.map((i) => [i.nsu, i.schema])).toEqual([["000000000000001", "resNFe_v1.01.xsd"]]);
    expect(xmllint(first.items[0]!.xml, "resNFe_v1.01.xsd")).toContain("validates");
    expect(first.items[0]!.xml).toContain(`<chNFe>${nfe.accessKey}</chNFe>`);

    const carried = answered(await client.distribute(target, carrier, { kind: "distNSU", lastNsu: "0" }, credentialsFor(carrier)));
    expect(carried.items.map((i) => [i.nsu, i.schema])).toEqual([["000000000000001", "procNFe_v4.00.xsd"]]);
    expect(xmllint(carried.items[0]!.xml, "procNFe_v4.00.xsd")).toContain("validates");

    // consChNFe before the ciência: the summary only.
    const byKey = answered(await client.distribute(target, recipient, { kind: "consChNFe", accessKey: nfe.accessKey }, credentialsFor(recipient)));
    expect(byKey.items.map((i) => i.schema)).toEqual(["resNFe_v1.01.xsd"]);

    expect(await manifest(recipient, nfe.accessKey, "CIENCIA")).toMatchObject({ kind: "authorized", cStat: "135" });
    const after = answered(await client.distribute(target, recipient, { kind: "consChNFe", accessKey: nfe.accessKey }, credentialsFor(recipient)));
    expect(after.items.map((i) => [i.nsu, i.schema])).toEqual([["000000000000001", "resNFe_v1.01.xsd"], ["000000000000002", "procNFe_v4.00.xsd"]]);

    // The issuer's correction letter: procEventoNFe to the recipient (it manifested) and the transporter.
    const cce = await client.sendEvent(target, signedEvent({ cnpj: nfe.issuer, accessKey: nfe.accessKey, sequence: 1, event: { tpEvento: "110110", correction: "Correcao do endereco de entrega da mercadoria" } }), credentialsFor(nfe.issuer));
    expect(cce).toMatchObject({ kind: "authorized" });
    // (distNSU from NSU 1 again inside the hour would be a 656: the first answer said there was nothing more.)
    const next = answered(await client.distribute(target, recipient, { kind: "consNSU", nsu: "3" }, credentialsFor(recipient)));
    expect(next).toMatchObject({ cStat: "138", lastNsu: "000000000000003", maxNsu: "000000000000003" });
    expect(next.items.map((i) => i.schema)).toEqual(["procEventoNFe_v1.00.xsd"]);
    expect(xmllint(next.items[0]!.xml, "procEventoNFe_v1.00.xsd")).toContain("validates");
    expect(answered(await client.distribute(target, carrier, { kind: "consNSU", nsu: "2" }, credentialsFor(carrier))).items.map((i) => i.schema)).toEqual(["procEventoNFe_v1.00.xsd"]);

    // The issuer receives the recipient's manifestation.
    const issuerSide = answered(await client.distribute(target, nfe.issuer, { kind: "distNSU", lastNsu: "0" }, credentialsFor(nfe.issuer)));
    expect(issuerSide.items.map((i) => i.schema)).toEqual(["procEventoNFe_v1.00.xsd"]);
    expect(issuerSide.items[0]!.xml).toContain("<tpEvento>210210</tpEvento>");
  });

  it("137 with ultNSU = maxNSU, 589 beyond it, 656 when asked again inside the hour (and for the hour after)", async () => {
    const recipient = randomCnpj();
    await issue(recipient, randomCnpj());
    const all = answered(await client.distribute(target, recipient, { kind: "distNSU", lastNsu: "0" }, credentialsFor(recipient)));
    expect(all).toMatchObject({ cStat: "138", lastNsu: "000000000000001", maxNsu: "000000000000001" });
    const beyond = await client.distribute(target, recipient, { kind: "distNSU", lastNsu: "5" }, credentialsFor(recipient));
    expect(beyond).toMatchObject({ kind: "refused", cStat: "589" });
    const again = await client.distribute(target, recipient, { kind: "distNSU", lastNsu: "1" }, credentialsFor(recipient));
    expect(again).toMatchObject({ kind: "communication_failure", cStat: "656" });
    // Blocked for the hour: even a consultation by key.
    expect(await client.distribute(target, recipient, { kind: "consNSU", nsu: "1" }, credentialsFor(recipient))).toMatchObject({ cStat: "656" });

    const nobody = randomCnpj();
    const empty = answered(await client.distribute(target, nobody, { kind: "distNSU", lastNsu: "0" }, credentialsFor(nobody)));
    expect(empty).toMatchObject({ cStat: "137", lastNsu: "000000000000000", maxNsu: "000000000000000", items: [] });
  });

  it("a party told it had nothing at all may ask again in homologation (issue 54, 4); in production it is 656, and once it has a distribution it is 656 in homologation too", async () => {
    const newcomer = randomCnpj();
    const ask = (environment: "HOMOLOGATION" | "PRODUCTION", lastNsu = "0") =>
      client.distribute({ ...target, environment }, newcomer, { kind: "distNSU", lastNsu }, credentialsFor(newcomer));
    expect(await ask("HOMOLOGATION")).toMatchObject({ kind: "answered", cStat: "137", maxNsu: "000000000000000" });
    expect(await ask("HOMOLOGATION")).toMatchObject({ kind: "answered", cStat: "137" });
    const issued = await issue(newcomer, randomCnpj());
    const arrived = answered(await ask("HOMOLOGATION"));
    expect(arrived).toMatchObject({ cStat: "138", lastNsu: "000000000000001", maxNsu: "000000000000001" });
    expect(arrived.items[0]!.xml).toContain(issued.accessKey);
    expect(await ask("HOMOLOGATION", "1")).toMatchObject({ kind: "communication_failure", cStat: "656" });

    // The same newcomer in production (tpAmb 1, another distribution): NT 2014.002's rule stands.
    expect(await ask("PRODUCTION")).toMatchObject({ kind: "answered", cStat: "137", maxNsu: "000000000000000" });
    expect(await ask("PRODUCTION")).toMatchObject({ kind: "communication_failure", cStat: "656" });
  });

  it("656 to a party that calls too often", async () => {
    const party = randomCnpj();
    await issue(party, randomCnpj());
    for (let call = 1; call <= 5; call++) {
      expect(await client.distribute(target, party, { kind: "consNSU", nsu: "1" }, credentialsFor(party))).toMatchObject({ kind: "answered", cStat: "138" });
    }
    expect(await client.distribute(target, party, { kind: "consNSU", nsu: "1" }, credentialsFor(party))).toMatchObject({ kind: "communication_failure", cStat: "656" });
  });

  it("answers valid retDistDFeInt messages", async () => {
    const party = randomCnpj();
    await issue(party, randomCnpj());
    const result = answered(await client.distribute(target, party, { kind: "distNSU", lastNsu: "0" }, credentialsFor(party)));
    expect(result.cStat).toBe("138");
    const response = await fetch(`${simulator.url}/NFeDistribuicaoDFe/NFeDistribuicaoDFe.asmx`, {
      method: "POST",
      headers: { "content-type": "application/soap+xml; charset=utf-8" },
      body: `<soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope"><soap12:Body><nfeDistDFeInteresse xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeDistribuicaoDFe"><nfeDadosMsg><distDFeInt xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.01"><tpAmb>2</tpAmb><cUFAutor>35</cUFAutor><CNPJ>${party}</CNPJ><consNSU><NSU>000000000000001</NSU></consNSU></distDFeInt></nfeDadosMsg></nfeDistDFeInteresse></soap12:Body></soap12:Envelope>`,
    });
    const body = await response.text();
    const ret = /<retDistDFeInt[\s\S]*<\/retDistDFeInt>/.exec(body)![0];
    expect(checkXmlSchema(ret, "nfe/retDistDFeInt_v1.01.xsd")).toEqual({ valid: true });
    expect(xmllint(ret, "retDistDFeInt_v1.01.xsd")).toContain("validates");
  });

  it("manifestation rules: only the recipient (575), ciência once and never after a conclusive one (655), a conclusive one once, 210240 needs xJust (595)", async () => {
    const recipient = randomCnpj();
    const nfe = await issue(recipient, randomCnpj());
    const stranger = randomCnpj();
    expect(await manifest(stranger, nfe.accessKey, "CIENCIA")).toMatchObject({ kind: "refused", cStat: "575" });
    // Without xJust: the schema allows it, the rule does not.
    const unjustified = signXml(
      `<evento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"><infEvento Id="ID210240${nfe.accessKey}01"><cOrgao>91</cOrgao><tpAmb>2</tpAmb><CNPJ>${recipient}</CNPJ><chNFe>${nfe.accessKey}</chNFe><dhEvento>${new Date().toISOString().slice(0, 19)}-03:00</dhEvento><tpEvento>210240</tpEvento><nSeqEvento>1</nSeqEvento><verEvento>1.00</verEvento><detEvento versao="1.00"><descEvento>Operacao nao Realizada</descEvento></detEvento></infEvento></evento>`,
      credentialsFor(recipient),
      { tag: "infEvento" },
    );
    expect(await client.sendEvent(target, unjustified, credentialsFor(recipient))).toMatchObject({ kind: "refused", cStat: "595" });
    expect(await manifest(recipient, nfe.accessKey, "CIENCIA")).toMatchObject({ kind: "authorized" });
    expect(await manifest(recipient, nfe.accessKey, "CONFIRMACAO")).toMatchObject({ kind: "authorized" });
    expect(await manifest(recipient, nfe.accessKey, "DESCONHECIMENTO")).toMatchObject({ kind: "refused", cStat: "573" });
    // A second ciência after a conclusive one.
    const late = await manifest(recipient, nfe.accessKey, "CIENCIA");
    expect(late).toMatchObject({ kind: "refused" });
    expect(["573", "655"]).toContain((late as { cStat: string }).cStat);
  });
});
