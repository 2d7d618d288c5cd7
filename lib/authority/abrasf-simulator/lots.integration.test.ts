import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomCnpj } from "@/lib/br";
import { sendAbrasf } from "@/lib/emission/nfse/send-abrasf";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { ABRASF_NS, buildConsultarLoteRps, buildConsultarNfseRps, buildEnviarLoteRps, buildGerarNfse, signedRpsOf, type AbrasfRpsInput } from "@/lib/fiscal/nfse-abrasf";
import { sampleRps } from "@/lib/fiscal/nfse-abrasf/test-support/sample-rps";
import { verifyWholeDocumentSignature, verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { db } from "@/test/factories";
import { AbrasfSoapClient } from "../abrasf-client";
import { ABRASF_CABECALHO } from "../abrasf-soap";
import { ABRASF_CITIES, type AbrasfProvider } from "../nfse-providers";
import { startSimulatorServer, type SimulatorServer } from "../simulator/server";
import { answerAbrasfLot } from "./lots";

// ABRASF 2.04 lots (issue 57, item 2): RecepcionarLoteRps + ConsultarLoteRps and
// RecepcionarLoteRpsSincrono, the real client against the simulator's city over HTTP,
// real signatures (xmlsec1 verifies them), the vendored schema, PostgreSQL state.

let simulator: SimulatorServer;
let client: AbrasfSoapClient;
const ENV = "HOMOLOGATION" as const;
const RIBEIRAO_PRETO = ABRASF_CITIES.find((city) => city.municipalityCode === "3543402")!;
/** The ABRASF manual's own profile (Reference "#Id"): no table row uses it today, the builders and the simulator do. */
const ID_PROFILE: AbrasfProvider = { ...RIBEIRAO_PRETO, signature: { ...RIBEIRAO_PRETO.signature, referenceUri: "id" } };
let nextRps = 500_000;
let nextLot = 1;

beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0 });
  client = new AbrasfSoapClient({ timeoutMs: 15_000, baseUrl: simulator.url });
});
afterAll(async () => {
  await simulator.close();
});

function company(provider: AbrasfProvider) {
  const cnpj = randomCnpj();
  const credentials = testSigningCredentials(cnpj);
  const rps = (change: Partial<AbrasfRpsInput> = {}) => {
    const input = sampleRps({ rps: { number: nextRps++, series: "L1", type: "1" }, provider: { cnpj, municipalRegistration: "123456" }, ...change });
    input.service = { ...input.service, municipalityCode: provider.municipalityCode };
    const gerar = buildGerarNfse(input, { aliquotaFormat: provider.aliquotaFormat, referenceUri: provider.signature.referenceUri }, credentials).xml;
    return { input, gerar, signed: signedRpsOf(gerar)! };
  };
  return { cnpj, credentials, certificate: { ...credentials }, provider: { cnpj, municipalRegistration: "123456" }, rps };
}

function xmlsec(xml: string, idAttr?: string): boolean {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "abrasf-lot-"));
  try {
    const file = path.join(dir, "lot.xml");
    fs.writeFileSync(file, xml);
    const args = ["--verify", "--insecure", ...(idAttr ? ["--id-attr:Id", idAttr, "--node-xpath", "/*/*[local-name()='Signature']"] : []), file];
    const run = spawnSync("xmlsec1", args, { encoding: "utf8" });
    return /^OK$/m.test(`${run.stdout}${run.stderr}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("ABRASF 2.04 lots (Ribeirão Preto, ISSNet's whole-document profile)", () => {
  it("RecepcionarLoteRps answers a protocol; ConsultarLoteRps the lot's NFS-e; the lot's one signature verifies with xmlsec1", async () => {
    const issuer = company(RIBEIRAO_PRETO);
    const [a, b] = [issuer.rps(), issuer.rps()];
    const lot = buildEnviarLoteRps({ number: nextLot++, provider: issuer.provider, signedRps: [a!.signed, b!.signed] }, issuer.credentials, "empty");
    expect(lot.xml.match(/<Signature\b/g)).toHaveLength(1);
    expect(verifyWholeDocumentSignature(lot.xml)).toMatchObject({ valid: true });
    expect(xmlsec(lot.xml)).toBe(true);

    const received = await client.recepcionarLoteRps(RIBEIRAO_PRETO, ENV, lot.xml, issuer.certificate);
    expect(received).toMatchObject({ kind: "received", protocol: expect.stringMatching(/^\d+$/), lotNumber: String(nextLot - 1) });
    if (received.kind !== "received") return;
    const situation = await client.consultarLoteRps(RIBEIRAO_PRETO, ENV, buildConsultarLoteRps(received.protocol, issuer.provider), issuer.certificate);
    expect(situation.kind).toBe("authorized");
    if (situation.kind !== "authorized") return;
    expect(situation.nfse.map((one) => one.nfse.rps?.number)).toEqual([String(a!.input.rps.number), String(b!.input.rps.number)]);
    // Each RPS now has its NFS-e (ConsultarNfsePorRps), and another company asking for the protocol learns nothing (1, não recebido).
    expect(await client.consultarNfsePorRps(RIBEIRAO_PRETO, ENV, buildConsultarNfseRps(b!.input.rps, issuer.provider), issuer.certificate)).toMatchObject({ kind: "authorized" });
    const stranger = company(RIBEIRAO_PRETO);
    expect(await client.consultarLoteRps(RIBEIRAO_PRETO, ENV, buildConsultarLoteRps(received.protocol, stranger.provider), stranger.certificate)).toEqual({ kind: "pending", situation: "1" });

    // The same lot number again: E500; a tampered lot: E172.
    expect(await client.recepcionarLoteRps(RIBEIRAO_PRETO, ENV, lot.xml, issuer.certificate)).toMatchObject({ kind: "refused", code: "E500" });
    const tampered = buildEnviarLoteRps({ number: nextLot++, provider: issuer.provider, signedRps: [issuer.rps().signed] }, issuer.credentials, "empty").xml.replace("<ValorServicos>1750.00<", "<ValorServicos>1.00<");
    expect(await client.recepcionarLoteRps(RIBEIRAO_PRETO, ENV, tampered, issuer.certificate)).toMatchObject({ kind: "refused", code: "E172" });
  });

  it("all or nothing: a lot with an RPS already issued is processed with error (E10 for that RPS) and issues none", async () => {
    const issuer = company(RIBEIRAO_PRETO);
    const issued = issuer.rps();
    expect((await client.gerarNfse(RIBEIRAO_PRETO, ENV, issued.gerar, issuer.certificate)).kind).toBe("authorized");
    const fresh = issuer.rps();
    const lot = buildEnviarLoteRps({ number: nextLot++, provider: issuer.provider, signedRps: [fresh.signed, issued.signed] }, issuer.credentials, "empty");
    const received = await client.recepcionarLoteRps(RIBEIRAO_PRETO, ENV, lot.xml, issuer.certificate);
    if (received.kind !== "received") throw new Error(JSON.stringify(received));
    const situation = await client.consultarLoteRps(RIBEIRAO_PRETO, ENV, buildConsultarLoteRps(received.protocol, issuer.provider), issuer.certificate);
    expect(situation).toMatchObject({ kind: "refused", code: "E10", messages: [{ code: "E10", message: "RPS já informado." }] });
    expect(await client.consultarNfsePorRps(RIBEIRAO_PRETO, ENV, buildConsultarNfseRps(fresh.input.rps, issuer.provider), issuer.certificate)).toMatchObject({ kind: "not_found" });
    const stored = await db.simulatorAbrasfLot.findUniqueOrThrow({ where: { protocol: received.protocol } });
    expect(stored.situation).toBe("3");
    expect(stored.resultXml).toContain(`<IdentificacaoRps><Numero>${issued.input.rps.number}</Numero>`);
  });

  it("RecepcionarLoteRpsSincrono answers the NFS-e at once", async () => {
    const issuer = company(RIBEIRAO_PRETO);
    const one = issuer.rps();
    const lot = buildEnviarLoteRps({ number: nextLot++, provider: issuer.provider, signedRps: [one.signed], synchronous: true }, issuer.credentials, "empty");
    expect(lot.xml).toContain("<EnviarLoteRpsSincronoEnvio ");
    const answer = await client.recepcionarLoteRpsSincrono(RIBEIRAO_PRETO, ENV, lot.xml, issuer.certificate);
    expect(answer).toMatchObject({ kind: "authorized", nfse: [{ nfse: { rps: { number: String(one.input.rps.number) } } }] });
  });

  it("a city that takes lots only: the emission sends a lot of one and consults it; a resend finds the NFS-e by RPS, never a second one", async () => {
    const issuer = company(RIBEIRAO_PRETO);
    const one = issuer.rps();
    const lotsOnly = () => ({ ...RIBEIRAO_PRETO, emission: "RecepcionarLoteRps" as const });
    const document = { signedXml: one.gerar, environment: ENV, emissionAttempts: 1, municipalityCode: RIBEIRAO_PRETO.municipalityCode };
    const first = await sendAbrasf(document, issuer.certificate, () => client, lotsOnly);
    expect(first).toMatchObject({ kind: "issued", via: "lot", issued: { nfse: { rps: { number: String(one.input.rps.number) } } } });
    const again = await sendAbrasf({ ...document, emissionAttempts: 2 }, issuer.certificate, () => client, lotsOnly);
    expect(again).toMatchObject({ kind: "issued", via: "rps_lookup" });
    if (first.kind === "issued" && again.kind === "issued") expect(again.issued.nfse.number).toBe(first.issued.nfse.number);
    expect(await db.simulatorAbrasfNfse.count({ where: { providerCnpj: issuer.cnpj } })).toBe(1);
    expect(await db.simulatorAbrasfLot.count({ where: { providerCnpj: issuer.cnpj } })).toBe(1);
  });
});

describe("ABRASF 2.04 lots with the manual's Reference \"#Id\" profile", () => {
  it("each RPS keeps its own signature inside the lot and LoteRps is signed (xmlsec1 verifies); the simulator checks both", async () => {
    const issuer = company(ID_PROFILE);
    const [a, b] = [issuer.rps(), issuer.rps()];
    const number = nextLot++;
    const lot = buildEnviarLoteRps({ number, provider: issuer.provider, signedRps: [a!.signed, b!.signed] }, issuer.credentials, "id");
    expect(lot.signedIds).toEqual([`LOTE${number}`]);
    expect(verifyXmlSignature(lot.xml, "LoteRps")).toMatchObject({ valid: true, referenceId: `LOTE${number}` });
    expect(xmlsec(lot.xml, "LoteRps")).toBe(true);
    // The second RPS's signature, in a document of its own with the lot's default namespace.
    const second = `<EnviarLoteRpsEnvio xmlns="${ABRASF_NS}">${b!.signed}</EnviarLoteRpsEnvio>`;
    expect(verifyXmlSignature(second, "InfDeclaracaoPrestacaoServico")).toMatchObject({ valid: true });

    const context = { db, now: () => new Date() };
    const answer = await answerAbrasfLot(context, ID_PROFILE, "RecepcionarLoteRps", ABRASF_CABECALHO, lot.xml);
    expect(answer.answerXml).toMatch(/<Protocolo>\d+<\/Protocolo>/);
    // An RPS whose own signature no longer holds (its value changed after signing, the lot re-signed): E172.
    const forged = buildEnviarLoteRps({ number: nextLot++, provider: issuer.provider, signedRps: [issuer.rps().signed.replace("<ValorServicos>1750.00<", "<ValorServicos>1.00<")] }, issuer.credentials, "id");
    const refused = await answerAbrasfLot(context, ID_PROFILE, "RecepcionarLoteRps", ABRASF_CABECALHO, forged.xml);
    expect(refused.answerXml).toContain("<Codigo>E172</Codigo>");
  });
});
