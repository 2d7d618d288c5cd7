import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomCnpj } from "@/lib/br";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import {
  ABRASF_NS, ABRASF_SCHEMA, buildCancelarNfse, buildConsultarNfseRps, buildGerarNfse, buildRps, buildSubstituirNfse, readAbrasfMessages, type AbrasfRpsInput,
} from "@/lib/fiscal/nfse-abrasf";
import { sampleRps } from "@/lib/fiscal/nfse-abrasf/test-support/sample-rps";
import { referencePath } from "@/lib/fiscal/xml/reference-path";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { signXml, verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { db } from "@/test/factories";
import { AbrasfSoapClient } from "../abrasf-client";
import { ABRASF_CABECALHO, buildAbrasfRequestEnvelope } from "../abrasf-soap";
import { ABRASF_CITIES, nfseProviderFor, type AbrasfProvider } from "../nfse-providers";
import { startSimulatorServer, type SimulatorServer } from "../simulator/server";
import { answerAbrasf } from "./receive";

// The ABRASF 2.04 client against the simulator's city services over HTTP, with
// real signatures, the vendored schema and PostgreSQL state: each refusal comes
// back as the city's ListaMensagemRetorno (Codigo, Mensagem, Correcao).

let simulator: SimulatorServer;
let client: AbrasfSoapClient;
const ENV = "HOMOLOGATION" as const;
const RIBEIRAO_PRETO = ABRASF_CITIES.find((city) => city.municipalityCode === "3543402")!;
const SANTA_MARIA = ABRASF_CITIES.find((city) => city.municipalityCode === "4316907")!;
let nextRps = 1;

beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0 });
  client = new AbrasfSoapClient({ timeoutMs: 15_000, baseUrl: simulator.url });
});
afterAll(async () => {
  await simulator.close();
});

function fresh(provider: AbrasfProvider, change: Partial<AbrasfRpsInput> = {}) {
  const cnpj = randomCnpj();
  const input = sampleRps({ rps: { number: nextRps++, series: "A1", type: "1" }, provider: { cnpj, municipalRegistration: "123456" }, ...change });
  input.service = { ...input.service, municipalityCode: provider.municipalityCode };
  const credentials = testSigningCredentials(cnpj);
  return { cnpj, input, credentials, certificate: { ...credentials } };
}

function options(provider: AbrasfProvider) {
  return { aliquotaFormat: provider.aliquotaFormat, referenceUri: provider.signature.referenceUri };
}

function xmlsecVerifies(xml: string, idElement: string): boolean {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "abrasf-nfse-"));
  try {
    const file = path.join(dir, "nfse.xml");
    fs.writeFileSync(file, xml);
    // The city's Signature is Nfse's last child; the RPS's own (embedded as received) comes first in the document.
    const sec = spawnSync("xmlsec1", ["--verify", "--insecure", "--id-attr:Id", idElement, "--node-xpath", "/*/*/*[local-name()='Signature']", file], { encoding: "utf8" });
    return /^OK$/m.test(`${sec.stdout}${sec.stderr}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("provider table", () => {
  it("a company's municipality picks its provider; other cities stay on the Sefin Nacional", () => {
    expect(nfseProviderFor("3543402", "2026-12-07")).toMatchObject({ standard: "ABRASF", version: "2.04", system: "ISSNet" });
    expect(nfseProviderFor("3543402", "2023-01-01")).toMatchObject({ standard: "NACIONAL" });
    expect(nfseProviderFor("3509502", "2026-12-07")).toMatchObject({ standard: "NACIONAL", version: "1.01" });
    expect(nfseProviderFor("3550308", "2026-12-07")).toMatchObject({ standard: "PAULISTANA", version: "1" });
    expect(ABRASF_CITIES.length).toBeGreaterThanOrEqual(3);
    for (const city of ABRASF_CITIES) {
      expect(city.urls.PRODUCTION).toMatch(/^https:\/\//);
      expect(city.sources.length).toBeGreaterThan(0);
      expect(city.validFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});

describe("ABRASF 2.04 city simulator (Ribeirão Preto, ISSNet profile)", () => {
  it("GerarNfse issues the NFS-e: schema-valid answer, the city's values, InfNfse signed (xmlsec1 verifies)", async () => {
    const { input, credentials, certificate } = fresh(RIBEIRAO_PRETO);
    const answer = await client.gerarNfse(RIBEIRAO_PRETO, ENV, buildGerarNfse(input, options(RIBEIRAO_PRETO), credentials).xml, certificate);
    expect(answer).toMatchObject({ kind: "authorized", nfse: { number: "1", rps: { number: String(input.rps.number), series: "A1", type: "1" }, cancelled: false } });
    if (answer.kind !== "authorized") return;
    expect(answer.nfse.verificationCode).toMatch(/^[A-Z0-9]{9}$/);
    // 1750.00 at 5 % (sent as the fraction 0.05, as ISSNet reads it), not withheld.
    expect(answer.nfse.values).toEqual({ baseCalculo: "1750.00", aliquota: "0.05", valorIss: "87.50", valorLiquido: "1750.00" });
    const wrapped = `<?xml version="1.0" encoding="UTF-8"?><GerarNfseResposta xmlns="${ABRASF_NS}"><ListaNfse>${answer.compNfseXml}</ListaNfse></GerarNfseResposta>`;
    expect(checkXmlSchema(wrapped, ABRASF_SCHEMA)).toEqual({ valid: true });
    expect(verifyXmlSignature(answer.compNfseXml, "InfNfse")).toMatchObject({ valid: true, referenceId: "NFSE1" });
    expect(xmlsecVerifies(answer.compNfseXml, "InfNfse")).toBe(true);
  });

  it("the same RPS again is refused E10 with the city's correction; ConsultarNfsePorRps finds the NFS-e", async () => {
    const { input, cnpj, credentials, certificate } = fresh(RIBEIRAO_PRETO);
    const signed = buildGerarNfse(input, options(RIBEIRAO_PRETO), credentials).xml;
    const first = await client.gerarNfse(RIBEIRAO_PRETO, ENV, signed, certificate);
    expect(first.kind).toBe("authorized");
    const again = await client.gerarNfse(RIBEIRAO_PRETO, ENV, signed, certificate);
    expect(again).toEqual({
      kind: "refused",
      code: "E10",
      reason: "RPS já informado. (Para essa Inscrição Municipal/CNPJ já existe um RPS informado com o mesmo número, série e tipo.)",
      messages: [{ code: "E10", message: "RPS já informado.", correction: "Para essa Inscrição Municipal/CNPJ já existe um RPS informado com o mesmo número, série e tipo." }],
    });
    const found = await client.consultarNfsePorRps(RIBEIRAO_PRETO, ENV, buildConsultarNfseRps(input.rps, input.provider), certificate);
    expect(found).toMatchObject({ kind: "authorized", nfse: { number: first.kind === "authorized" ? first.nfse.number : "?" } });
    const missing = await client.consultarNfsePorRps(RIBEIRAO_PRETO, ENV, buildConsultarNfseRps({ number: 999_999, series: "A1", type: "1" }, { cnpj, municipalRegistration: "123456" }), certificate);
    expect(missing).toMatchObject({ kind: "not_found", messages: [{ code: "E89" }] });
  });

  it("refuses a changed, unsigned or foreign-signed RPS (E172), a schema error (E160), a bad cabeçalho (E183) and a provider taking its own service (E52)", async () => {
    const { input, credentials, certificate } = fresh(RIBEIRAO_PRETO);
    const signed = buildGerarNfse(input, options(RIBEIRAO_PRETO), credentials).xml;
    const changed = await client.gerarNfse(RIBEIRAO_PRETO, ENV, signed.replace("<ValorServicos>1750.00<", "<ValorServicos>1.00<"), certificate);
    expect(changed).toMatchObject({ kind: "refused", code: "E172", reason: expect.stringContaining("Arquivo enviado com erro na assinatura.") });
    const unsigned = `<?xml version="1.0" encoding="UTF-8"?><GerarNfseEnvio xmlns="${ABRASF_NS}">${buildRps(input, options(RIBEIRAO_PRETO)).xml}</GerarNfseEnvio>`;
    expect(await client.gerarNfse(RIBEIRAO_PRETO, ENV, unsigned, certificate)).toMatchObject({ kind: "refused", code: "E172" });
    const foreign = buildGerarNfse(input, options(RIBEIRAO_PRETO), testSigningCredentials(randomCnpj())).xml;
    expect(await client.gerarNfse(RIBEIRAO_PRETO, ENV, foreign, certificate)).toMatchObject({ kind: "refused", code: "E172", reason: expect.stringContaining("não é do prestador") });
    const outOfSchema = signed.replace(/<Competencia>[^<]*<\/Competencia>/, "");
    expect(await client.gerarNfse(RIBEIRAO_PRETO, ENV, outOfSchema, certificate)).toMatchObject({ kind: "refused", code: "E160", reason: expect.stringContaining("Arquivo em desacordo com o XML Schema.") });
    const self = fresh(RIBEIRAO_PRETO);
    const selfTaker = { ...self.input, taker: { ...self.input.taker!, cnpj: self.cnpj } };
    expect(await client.gerarNfse(RIBEIRAO_PRETO, ENV, buildGerarNfse(selfTaker, options(RIBEIRAO_PRETO), self.credentials).xml, self.certificate)).toMatchObject({ kind: "refused", code: "E52" });
    // A cabeçalho of another layout version.
    const envelope = buildAbrasfRequestEnvelope("GerarNfse", RIBEIRAO_PRETO.soap.namespace, signed, ABRASF_CABECALHO.replace("<versaoDados>2.04<", "<versaoDados>2.03<"));
    const raw = await fetch(`${simulator.url}/abrasf/3543402/nfse.asmx`, { method: "POST", headers: { "Content-Type": "text/xml; charset=utf-8", SOAPAction: '"http://nfse.abrasf.org.br/GerarNfse"' }, body: envelope });
    expect(readAbrasfMessages((await raw.text()).replace(/&lt;/g, "<").replace(/&gt;/g, ">"))).toMatchObject([{ code: "E183" }]);
    // No service for a city on the Sefin Nacional.
    expect((await fetch(`${simulator.url}/abrasf/3550308/nfse.asmx`, { method: "POST", body: envelope })).status).toBe(404);
  });

  it("CancelarNfse cancels once: the confirmation, then E79; the consultation shows the cancellation; an unknown number is E78", async () => {
    const { input, cnpj, credentials, certificate } = fresh(RIBEIRAO_PRETO);
    const issued = await client.gerarNfse(RIBEIRAO_PRETO, ENV, buildGerarNfse(input, options(RIBEIRAO_PRETO), credentials).xml, certificate);
    if (issued.kind !== "authorized") throw new Error(JSON.stringify(issued));
    const identification = { number: issued.nfse.number, providerCnpj: cnpj, municipalRegistration: "123456", municipalityCode: "3543402" };
    const request = buildCancelarNfse(identification, "2", credentials, "empty").xml;
    const cancelled = await client.cancelarNfse(RIBEIRAO_PRETO, ENV, request, certificate);
    expect(cancelled).toMatchObject({ kind: "authorized", confirmedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/) });
    if (cancelled.kind === "authorized") expect(checkXmlSchema(cancelled.answerXml, ABRASF_SCHEMA)).toEqual({ valid: true });
    expect(await client.cancelarNfse(RIBEIRAO_PRETO, ENV, request, certificate)).toMatchObject({ kind: "refused", code: "E79" });
    const consulted = await client.consultarNfsePorRps(RIBEIRAO_PRETO, ENV, buildConsultarNfseRps(input.rps, input.provider), certificate);
    expect(consulted).toMatchObject({ kind: "authorized", nfse: { cancelled: true } });
    const unknown = buildCancelarNfse({ ...identification, number: "424242" }, "1", credentials, "empty").xml;
    expect(await client.cancelarNfse(RIBEIRAO_PRETO, ENV, unknown, certificate)).toMatchObject({ kind: "refused", code: "E78" });
  });

  it("Santa Maria reads Aliquota as a percentage (NaoDividir100)", async () => {
    const { input, credentials, certificate } = fresh(SANTA_MARIA, { iss: { exigibilidade: "1", retained: true } });
    const signed = buildGerarNfse(input, options(SANTA_MARIA), credentials).xml;
    expect(signed).toContain("<Aliquota>5.00</Aliquota>");
    const answer = await client.gerarNfse(SANTA_MARIA, ENV, signed, certificate);
    // ISS withheld by the taker: the net value is the services less the ISS.
    expect(answer).toMatchObject({ kind: "authorized", nfse: { values: { aliquota: "5.00", valorIss: "87.50", valorLiquido: "1662.50" } } });
  });
});

describe("SubstituirNfse with per-element signatures (Reference #Id profile)", () => {
  // No city of the table uses this profile yet; the simulator's rules are the same, called in process.
  const city: AbrasfProvider = { ...RIBEIRAO_PRETO, signature: { ...RIBEIRAO_PRETO.signature, referenceUri: "id" }, aliquotaFormat: "percent" };
  const context = { db, now: () => new Date() };
  const cabecalho = ABRASF_CABECALHO;

  it("replaces an NFS-e: the old one comes back cancelled and substituted, the new one names it; a second substitution is E79", async () => {
    const { input, cnpj, credentials } = fresh(city);
    const gerar = await answerAbrasf(context, city, "GerarNfse", cabecalho, buildGerarNfse(input, options(city), credentials).xml);
    const number = /<InfNfse Id="NFSE(\d+)"/.exec(gerar.answerXml)?.[1];
    expect(number).toBeDefined();
    const replaced = { number: number!, providerCnpj: cnpj, municipalRegistration: "123456", municipalityCode: city.municipalityCode };
    const next = { ...input, rps: { ...input.rps, number: nextRps++ } };
    const message = buildSubstituirNfse(replaced, "1", next, options(city), credentials).xml;
    const answer = await answerAbrasf(context, city, "SubstituirNfse", cabecalho, message);
    expect(checkXmlSchema(answer.answerXml, ABRASF_SCHEMA)).toEqual({ valid: true });
    expect(answer.answerXml).toMatch(/<NfseSubstituida><CompNfse><Nfse versao="2.04"><InfNfse Id="NFSE\d+">[\s\S]*<NfseSubstituicao versao="2.04"><SubstituicaoNfse Id="SUBST\d+"><NfseSubstituidora>\d+<\/NfseSubstituidora>/);
    expect(answer.answerXml).toContain(`<NfseSubstituida>${number}</NfseSubstituida>`);
    const again = await answerAbrasf(context, city, "SubstituirNfse", cabecalho, buildSubstituirNfse(replaced, "1", { ...next, rps: { ...next.rps, number: nextRps++ } }, options(city), credentials).xml);
    expect(readAbrasfMessages(again.answerXml)).toMatchObject([{ code: "E79" }]);
    // The substitution's own signature is checked too: one over a changed SubstituicaoNfse is refused.
    const withoutOwn = `${message.slice(0, message.lastIndexOf("<Signature "))}</SubstituirNfseEnvio>`;
    expect(withoutOwn.match(/<Signature /g)).toHaveLength(2);
    const tampered = signXml(withoutOwn, testSigningCredentials(randomCnpj()), { tag: "SubstituicaoNfse", nestedSignatures: true });
    expect(readAbrasfMessages((await answerAbrasf(context, city, "SubstituirNfse", cabecalho, tampered)).answerXml)).toMatchObject([{ code: "E172" }]);
  });
});

describe("SubstituirNfse refusals (Reference #Id profile)", () => {
  const city: AbrasfProvider = { ...RIBEIRAO_PRETO, signature: { ...RIBEIRAO_PRETO.signature, referenceUri: "id" }, aliquotaFormat: "percent" };
  const context = { db, now: () => new Date() };
  const codeOf = async (message: string) => readAbrasfMessages((await answerAbrasf(context, city, "SubstituirNfse", ABRASF_CABECALHO, message)).answerXml).map((m) => m.code);
  async function issued(company = fresh(city)) {
    const gerar = await answerAbrasf(context, city, "GerarNfse", ABRASF_CABECALHO, buildGerarNfse(company.input, options(city), company.credentials).xml);
    const number = /<InfNfse Id="NFSE(\d+)"/.exec(gerar.answerXml)![1]!;
    return { ...company, identification: { number, providerCnpj: company.cnpj, municipalRegistration: "123456", municipalityCode: city.municipalityCode } };
  }

  it("a cancelled NFS-e cannot be replaced (E79), and nothing is issued for the new RPS", async () => {
    const note = await issued();
    await answerAbrasf(context, city, "CancelarNfse", ABRASF_CABECALHO, buildCancelarNfse(note.identification, "1", note.credentials, "id").xml);
    const next = { ...note.input, rps: { ...note.input.rps, number: nextRps++ } };
    expect(await codeOf(buildSubstituirNfse(note.identification, "1", next, options(city), note.credentials).xml)).toEqual(["E79"]);
    const consulted = await answerAbrasf(context, city, "ConsultarNfsePorRps", ABRASF_CABECALHO, buildConsultarNfseRps(next.rps, next.provider));
    expect(readAbrasfMessages(consulted.answerXml).map((m) => m.code)).toEqual(["E89"]);
  });

  it("another provider's NFS-e cannot be replaced: signed by its own certificate (E172) or named under the RPS's provider (E78)", async () => {
    const theirs = await issued();
    const ours = fresh(city);
    // Our certificate on a request that names their NFS-e: the certificate is not that provider's.
    expect(await codeOf(buildSubstituirNfse(theirs.identification, "1", ours.input, options(city), ours.credentials).xml)).toEqual(["E172"]);
    // Their NFS-e and our RPS, all signed by them (a provider cannot replace its note by another's RPS).
    expect(await codeOf(buildSubstituirNfse(theirs.identification, "1", ours.input, options(city), theirs.credentials).xml)).toEqual(["E78"]);
    // Their number under our CNPJ: no such NFS-e for us.
    const ourNote = await issued(ours);
    const next = { ...ours.input, rps: { ...ours.input.rps, number: nextRps++ } };
    expect(await codeOf(buildSubstituirNfse({ ...ourNote.identification, number: "987654" }, "1", next, options(city), ours.credentials).xml)).toEqual(["E78"]);
  });

  it("the new RPS must not be one already issued (E10); the NFS-e to replace stays authorized", async () => {
    const note = await issued();
    const other = await answerAbrasf(context, city, "GerarNfse", ABRASF_CABECALHO, buildGerarNfse({ ...note.input, rps: { ...note.input.rps, number: nextRps } }, options(city), note.credentials).xml);
    expect(other.answerXml).toContain("<ListaNfse>");
    const used = { ...note.input, rps: { ...note.input.rps, number: nextRps++ } };
    expect(await codeOf(buildSubstituirNfse(note.identification, "1", used, options(city), note.credentials).xml)).toEqual(["E10"]);
    const consulted = await answerAbrasf(context, city, "ConsultarNfsePorRps", ABRASF_CABECALHO, buildConsultarNfseRps(note.input.rps, note.input.provider));
    expect(consulted.answerXml).not.toContain("NfseCancelamento");
  });
});

it("the vendored schema is the one the tests validate against", () => {
  expect(fs.existsSync(referencePath("schemas", ABRASF_SCHEMA))).toBe(true);
});
