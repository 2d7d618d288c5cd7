import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomCnpj } from "@/lib/br";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import {
  PAULISTANA_SCHEMAS, paulistanaSchemasAvailable, buildPedidoCancelamentoNfe, buildPedidoConsultaNfe, buildPedidoEnvioRps, readPaulistanaAnswer, type PaulistanaRpsInput,
} from "@/lib/fiscal/nfse-paulistana";
import { samplePaulistanaRps } from "@/lib/fiscal/nfse-paulistana/test-support/sample-rps";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { signWholeDocument } from "@/lib/fiscal/xml/xml-signature";
import { nfseProviderFor, PAULISTANA } from "../nfse-providers";
import { PAULISTANA_SIMULATOR_PATH, PaulistanaSoapClient } from "../paulistana-client";
import { buildPaulistanaRequestEnvelope, readPaulistanaResponseEnvelope } from "../paulistana-soap";
import { startSimulatorServer, type SimulatorServer } from "../simulator/server";

// São Paulo's LoteNFe client against the simulator over HTTP, with real signatures (the RPS
// string, the cancellation string, the whole-message XML-DSig), the vendored v01 schemas and
// PostgreSQL state: a company issues, consults and cancels; each refusal is the city's Erro.

let simulator: SimulatorServer;
let client: PaulistanaSoapClient;
const ENV = "HOMOLOGATION" as const;
let nextRps = Math.floor(Date.now() / 1000) % 1_000_000;

beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0 });
  client = new PaulistanaSoapClient({ timeoutMs: 15_000, baseUrl: simulator.url });
});

afterAll(async () => {
  await simulator.close();
});

function fresh(change: Partial<PaulistanaRpsInput> = {}) {
  const cnpj = randomCnpj();
  const ccm = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
  const input = samplePaulistanaRps({ senderCnpj: cnpj, key: { ccm, series: "A1", number: nextRps++ }, ...change });
  const credentials = testSigningCredentials(cnpj);
  return { cnpj, ccm, input, credentials, certificate: { ...credentials } };
}

function xmlsecVerifies(xml: string): boolean {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paulistana-"));
  try {
    const file = path.join(dir, "message.xml");
    fs.writeFileSync(file, xml);
    const sec = spawnSync("xmlsec1", ["--verify", "--insecure", file], { encoding: "utf8" });
    return /^OK$/m.test(`${sec.stdout}${sec.stderr}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("provider table", () => {
  it("São Paulo picks the Paulistana row from 23/02/2015 (the v01 schemas' date), with its sources", () => {
    expect(nfseProviderFor("3550308", "2026-12-07")).toBe(PAULISTANA);
    expect(nfseProviderFor("3550308", "2015-02-22")).toMatchObject({ standard: "NACIONAL" });
    expect(PAULISTANA.urls).toEqual({ PRODUCTION: "https://nfe.prefeitura.sp.gov.br/ws/lotenfe.asmx", HOMOLOGATION: null });
    expect(PAULISTANA.sources).toEqual(["SP-DEV", "SP-WSDL", "SP-CLIENT", "SP-V02", "SP-V02-URL"]);
    expect(PAULISTANA.layout2From).toBe("2026-01-01");
  });

  it("a layout 2 message goes to the city's layout 2 address, a layout 1 one to the old; the simulator takes both", () => {
    const city = new PaulistanaSoapClient({ timeoutMs: 1000 });
    expect(city.url(PAULISTANA, "PRODUCTION", "2")).toBe("https://nfews.prefeitura.sp.gov.br/lotenfe.asmx");
    expect(city.url(PAULISTANA, "PRODUCTION", "1")).toBe("https://nfe.prefeitura.sp.gov.br/ws/lotenfe.asmx");
    expect(city.url(PAULISTANA, "HOMOLOGATION", "2")).toBeNull();
    const simulated = new PaulistanaSoapClient({ timeoutMs: 1000, baseUrl: "http://127.0.0.1:1" });
    expect(simulated.url(PAULISTANA, "PRODUCTION", "2")).toBe(`http://127.0.0.1:1${PAULISTANA_SIMULATOR_PATH}`);
  });
});

describe("São Paulo LoteNFe simulator", () => {
  it("a company issues an NFS-e, consults it by RPS and by number, and cancels it; every request is schema-valid and xmlsec1 verifies it", async () => {
    const { cnpj, ccm, input, credentials, certificate } = fresh();
    const envio = buildPedidoEnvioRps(input, credentials).xml;
    if (paulistanaSchemasAvailable()) expect(checkXmlSchema(envio, PAULISTANA_SCHEMAS.PedidoEnvioRPS)).toEqual({ valid: true });
    expect(xmlsecVerifies(envio)).toBe(true);
    const issued = await client.envioRps(PAULISTANA, ENV, envio, certificate);
    expect(issued).toMatchObject({ kind: "authorized", number: expect.stringMatching(/^\d+$/), verificationCode: expect.stringMatching(/^[A-Z0-9]{8}$/), alerts: [] });
    if (issued.kind !== "authorized") return;
    if (paulistanaSchemasAvailable()) expect(checkXmlSchema(issued.answerXml, PAULISTANA_SCHEMAS.RetornoEnvioRPS)).toEqual({ valid: true });

    const byRps = buildPedidoConsultaNfe(cnpj, { rps: input.key }, credentials);
    expect(xmlsecVerifies(byRps)).toBe(true);
    const found = await client.consultaNfe(PAULISTANA, ENV, byRps, certificate);
    // 1750.00 taxed in São Paulo (T) at 0.05: ISS 87.50, not withheld.
    expect(found).toMatchObject({
      kind: "found",
      nfe: { number: issued.number, verificationCode: issued.verificationCode, ccm, rps: { series: "A1", number: String(input.key.number) }, status: "N", cancelledAt: null, values: { services: "1750.00", aliquota: "0.05", iss: "87.50", issRetained: false } },
    });
    const consultAnswer = `<?xml version="1.0" encoding="UTF-8"?><RetornoConsulta xmlns="http://www.prefeitura.sp.gov.br/nfe"><Cabecalho xmlns="" Versao="1"><Sucesso>true</Sucesso></Cabecalho>${found.kind === "found" ? found.nfeXml : ""}</RetornoConsulta>`;
    if (paulistanaSchemasAvailable()) expect(checkXmlSchema(consultAnswer, PAULISTANA_SCHEMAS.RetornoConsulta)).toEqual({ valid: true });

    const cancel = buildPedidoCancelamentoNfe(cnpj, { ccm, number: issued.number }, credentials).xml;
    if (paulistanaSchemasAvailable()) expect(checkXmlSchema(cancel, PAULISTANA_SCHEMAS.PedidoCancelamentoNFe)).toEqual({ valid: true });
    expect(xmlsecVerifies(cancel)).toBe(true);
    const cancelled = await client.cancelamentoNfe(PAULISTANA, ENV, cancel, certificate);
    expect(cancelled).toMatchObject({ kind: "authorized" });
    if (paulistanaSchemasAvailable() && cancelled.kind === "authorized") expect(checkXmlSchema(cancelled.answerXml, PAULISTANA_SCHEMAS.RetornoCancelamentoNFe)).toEqual({ valid: true });
    expect(await client.cancelamentoNfe(PAULISTANA, ENV, cancel, certificate)).toMatchObject({ kind: "refused", code: "1301" });

    const byNumber = buildPedidoConsultaNfe(cnpj, { nfe: { ccm, number: issued.number } }, credentials);
    expect(await client.consultaNfe(PAULISTANA, ENV, byNumber, certificate)).toMatchObject({ kind: "found", nfe: { status: "C", cancelledAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/) } });
    // The RPS of a cancelled NFS-e cannot be sent again (223).
    expect(await client.envioRps(PAULISTANA, ENV, envio, certificate)).toMatchObject({ kind: "refused", code: "223", reason: expect.stringContaining("(cancelada)") });
  });

  it("an RPS sent twice is refused 223 naming the NFS-e; an unknown RPS is not found", async () => {
    const { cnpj, input, credentials, certificate } = fresh();
    const envio = buildPedidoEnvioRps(input, credentials).xml;
    const first = await client.envioRps(PAULISTANA, ENV, envio, certificate);
    expect(first.kind).toBe("authorized");
    const again = await client.envioRps(PAULISTANA, ENV, envio, certificate);
    expect(again).toMatchObject({ kind: "refused", code: "223", errors: [{ code: "223", nfeNumber: first.kind === "authorized" ? first.number : "?" }] });
    const unknown = buildPedidoConsultaNfe(cnpj, { rps: { ...input.key, number: 999_999_999 } }, credentials);
    expect(await client.consultaNfe(PAULISTANA, ENV, unknown, certificate)).toEqual({ kind: "not_found" });
  });

  it("refuses a changed RPS string (1206, with the string verified), a changed message (1057), a foreign certificate (1057), a schema error, an unknown service code (306) and a wrong cancellation signature (1305)", async () => {
    const { cnpj, ccm, input, credentials, certificate } = fresh();
    // The RPS's Assinatura made for other values, the message re-signed: only the string signature fails.
    const other = buildPedidoEnvioRps({ ...input, values: { ...input.values, services: "1.00" } }, credentials).xml;
    const assinatura = /<Assinatura>([^<]+)<\/Assinatura>/.exec(other)![1]!;
    const genuine = buildPedidoEnvioRps(input, credentials).xml;
    const unsigned = genuine.replace(/<Assinatura>[^<]+<\/Assinatura>/, `<Assinatura>${assinatura}</Assinatura>`).replace(/<Signature [\s\S]*<\/Signature>/, "");
    const resigned = signWholeDocument(unsigned, credentials, { inside: "PedidoEnvioRPS" });
    expect(await client.envioRps(PAULISTANA, ENV, resigned, certificate)).toMatchObject({ kind: "refused", code: "1206", reason: expect.stringContaining(`String verificada (${ccm}A1   `) });

    const tampered = genuine.replace("<ValorServicos>1750.00<", "<ValorServicos>1.00<");
    expect(await client.envioRps(PAULISTANA, ENV, tampered, certificate)).toMatchObject({ kind: "refused", code: "1057" });
    const foreign = buildPedidoEnvioRps(input, testSigningCredentials(randomCnpj())).xml;
    expect(await client.envioRps(PAULISTANA, ENV, foreign, certificate)).toMatchObject({ kind: "refused", code: "1057", reason: expect.stringContaining("não é do remetente") });
    const outOfSchema = genuine.replace(/<TipoRPS>RPS<\/TipoRPS>/, "");
    // The schema step needs the city's files (lib/fiscal/nfse-paulistana/schemas.ts); without them the broken message fails its signature.
    if (paulistanaSchemasAvailable()) expect(await client.envioRps(PAULISTANA, ENV, outOfSchema, certificate)).toMatchObject({ kind: "refused", code: "1101", reason: expect.stringContaining("Schema") });
    else expect(await client.envioRps(PAULISTANA, ENV, outOfSchema, certificate)).toMatchObject({ kind: "refused", code: "1057" });

    const unknownCode = buildPedidoEnvioRps({ ...input, serviceCode: "0107" }, credentials).xml;
    expect(await client.envioRps(PAULISTANA, ENV, unknownCode, certificate)).toMatchObject({ kind: "refused", code: "306" });

    const issued = await client.envioRps(PAULISTANA, ENV, genuine, certificate);
    if (issued.kind !== "authorized") throw new Error(JSON.stringify(issued));
    const otherNumber = buildPedidoCancelamentoNfe(cnpj, { ccm, number: String(Number(issued.number) + 1) }, credentials).xml;
    const wrongString = buildPedidoCancelamentoNfe(cnpj, { ccm, number: issued.number }, credentials).xml.replace(/<AssinaturaCancelamento>[^<]+</, `<AssinaturaCancelamento>${/<AssinaturaCancelamento>([^<]+)</.exec(otherNumber)![1]}<`).replace(/<Signature [\s\S]*<\/Signature>/, "");
    expect(await client.cancelamentoNfe(PAULISTANA, ENV, signWholeDocument(wrongString, credentials, { inside: "PedidoCancelamentoNFe" }), certificate)).toMatchObject({ kind: "refused", code: "1305" });
    expect(await client.cancelamentoNfe(PAULISTANA, ENV, otherNumber, certificate)).toMatchObject({ kind: "refused", code: "1300" });
  });

  it("the SOAP contract: SOAP 1.2 body {Operation}Request; another body element is 1102, an unknown SOAPAction a fault", async () => {
    const { input, credentials } = fresh();
    const envelope = buildPaulistanaRequestEnvelope("EnvioRPS", PAULISTANA.soap.namespace, buildPedidoEnvioRps(input, credentials).xml);
    expect(envelope).toContain('<soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope"><soap12:Body><EnvioRPSRequest xmlns="http://www.prefeitura.sp.gov.br/nfe"><VersaoSchema>1</VersaoSchema><MensagemXML>&lt;PedidoEnvioRPS');
    const post = (body: string, action: string) => fetch(`${simulator.url}${PAULISTANA_SIMULATOR_PATH}`, { method: "POST", headers: { "Content-Type": "application/soap+xml; charset=utf-8", SOAPAction: action }, body });
    const wrongElement = await post(envelope.replace(/EnvioRPSRequest/g, "EnvioRPS"), PAULISTANA.soap.actions.EnvioRPS);
    expect(readPaulistanaAnswer(readPaulistanaResponseEnvelope(await wrongElement.text())!)).toMatchObject({ success: false, errors: [{ code: "1102" }] });
    expect((await post(envelope, "http://www.prefeitura.sp.gov.br/nfe/ws/unknown")).status).toBe(500);
  });

  describe("layout 2 (the tax reform's, VersaoSchema 2)", () => {
    const reform = { nbs: "115021000", supplyPlace: "3550308", finalConsumer: false, operationIndicator: "100301", cClassTrib: "000001" };

    it("issues an NFS-e of a layout-2 RPS and returns the IBS/CBS the city computes (2026: IBS 0.1 %, CBS 0.9 % of 1750.00)", async () => {
      const { cnpj, input, credentials, certificate } = fresh({ layout: 2, reform });
      const envio = buildPedidoEnvioRps(input, credentials).xml;
      expect(buildPaulistanaRequestEnvelope("EnvioRPS", PAULISTANA.soap.namespace, envio, "2")).toContain("<VersaoSchema>2</VersaoSchema>");
      const issued = await client.envioRps(PAULISTANA, ENV, envio, certificate);
      expect(issued).toMatchObject({ kind: "authorized" });
      const found = await client.consultaNfe(PAULISTANA, ENV, buildPedidoConsultaNfe(cnpj, { rps: input.key }, credentials, 2), certificate);
      expect(found).toMatchObject({ kind: "found", nfe: { status: "N", values: { services: "1750.00", iss: "87.50" } } });
      if (found.kind !== "found") return;
      expect(found.nfeXml).toContain("<NBS>115021000</NBS><cLocPrestacao>3550308</cLocPrestacao><IBSCBS>");
      expect(found.nfeXml).toContain(
        "<RetornoComplementarIBSCBS><ValorBCIBSCBS>1750.00</ValorBCIBSCBS><ValorAliqEstadualIBS>0.10</ValorAliqEstadualIBS><ValorEstadualIBS>1.75</ValorEstadualIBS>" +
          "<ValorAliqMunicipalIBS>0.00</ValorAliqMunicipalIBS><ValorMunicipalIBS>0.00</ValorMunicipalIBS><ValorIBS>1.75</ValorIBS><ValorAliqCBS>0.90</ValorAliqCBS><ValorCBS>15.75</ValorCBS></RetornoComplementarIBSCBS>",
      );
    });

    it("refuses a cClassTrib outside the official table (628), a layout-2 RPS without its IBSCBS group (1101) and a string signed with the 8-position CCM (1206)", async () => {
      const { input, credentials, certificate } = fresh({ layout: 2, reform: { ...reform, cClassTrib: "999999" } });
      expect(await client.envioRps(PAULISTANA, ENV, buildPedidoEnvioRps(input, credentials).xml, certificate)).toMatchObject({ kind: "refused", code: "628", reason: expect.stringContaining("999999") });

      const good = fresh({ layout: 2, reform });
      const withoutGroup = buildPedidoEnvioRps(good.input, good.credentials).xml.replace(/<IBSCBS>[\s\S]*<\/IBSCBS>/, "").replace(/<Signature [\s\S]*<\/Signature>/, "");
      expect(await client.envioRps(PAULISTANA, ENV, signWholeDocument(withoutGroup, good.credentials, { inside: "PedidoEnvioRPS" }), good.certificate)).toMatchObject({ kind: "refused", code: "1101", reason: expect.stringContaining("IBSCBS") });

      // The layout-1 string (CCM on 8) in a layout-2 message: the city verifies the 90-character one.
      const layout1Signature = /<Assinatura>([^<]+)</.exec(buildPedidoEnvioRps({ ...good.input, layout: 1 }, good.credentials).xml)![1]!;
      const wrong = buildPedidoEnvioRps(good.input, good.credentials).xml.replace(/<Assinatura>[^<]+</, `<Assinatura>${layout1Signature}<`).replace(/<Signature [\s\S]*<\/Signature>/, "");
      expect(await client.envioRps(PAULISTANA, ENV, signWholeDocument(wrong, good.credentials, { inside: "PedidoEnvioRPS" }), good.certificate)).toMatchObject({ kind: "refused", code: "1206", reason: expect.stringContaining(`String verificada (0000${good.ccm}A1   `) });
    });
  });
});
