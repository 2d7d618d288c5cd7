import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { referencePath } from "@/lib/fiscal/xml/reference-path";
import { verifyWholeDocumentSignature } from "@/lib/fiscal/xml/xml-signature";
import { PAULISTANA_SCHEMAS_V2, buildPedidoConsultaNfe, buildPedidoEnvioRps, paulistanaLayoutOn, paulistanaSchemasAvailable, rpsSignatureString, verifyAscii } from "./index";
import { samplePaulistanaRps } from "./test-support/sample-rps";

// Layout 2 (the tax reform's) of São Paulo's RPS: the string signed, the element order of
// tpRPS v02 (TiposNFe_v02.xsd), the whole-message XML-DSig (in process and xmlsec1), and the
// v02 schema with xmllint once the city's files are installed (they are not vendored).

const credentials = testSigningCredentials("11222333000181");
const SCHEMAS = paulistanaSchemasAvailable(2);
const reform = { nbs: "115021000", supplyPlace: "3550308", finalConsumer: false, operationIndicator: "100301", cClassTrib: "000001" };
const layout2 = (change = {}) => samplePaulistanaRps({ layout: 2, reform, ...change });
const tags = (xml: string) => [...xml.matchAll(/<([A-Za-z][\w]*)[\s>]/g)].map((m) => m[1]);

describe("the layout-2 RPS string (manual v3.3, 'Campos para assinatura do RPS – v2.0')", () => {
  it("matches the manual's sample without intermediary: CCM on 12, series, number, date, T N N, initial value, deductions, code, CPF taker", () => {
    // The manual's sample as a public client quotes it: CCM 123456789012, series RTNT, RPS 1, 01/01/2026,
    // R$ 20.500,00 initial value, R$ 5.000,00 deductions, code 2658, CPF 13167474254.
    const sample = rpsSignatureString({
      key: { ccm: "123456789012", series: "RTNT", number: 1 }, issueDate: "2026-01-01", taxation: "T", status: "N", issRetained: false,
      values: { services: "20500.00", deductions: "5000.00" }, serviceCode: "2658", taker: { cpf: "13167474254" },
    }, 2);
    expect(sample).toBe("123456789012RTNT 00000000000120260101TNN00000000205000000000000050000002658100013167474254");
    expect(sample).toHaveLength(90);
  });

  it("an 8-digit CCM is zero-padded to 12, where layout 1 keeps 8", () => {
    const rps = layout2();
    expect(rpsSignatureString(rps, 2)).toBe(`0000${rpsSignatureString(rps, 1)}`);
  });
});

describe("PedidoEnvioRPS layout 2", () => {
  it("prints tpRPS v02 in order: no ValorServicos, federal retentions present, ValorInicialCobrado, NBS, cLocPrestacao, IBSCBS with cClassTrib", () => {
    const built = buildPedidoEnvioRps(layout2(), credentials);
    expect(built.xml).toContain(`<Cabecalho xmlns="" Versao="2">`);
    expect(built.xml).not.toContain("<ValorServicos>");
    const rpsTags = tags(/<RPS[\s\S]*<\/RPS>/.exec(built.xml)![0]);
    expect(rpsTags).toEqual([
      "RPS", "Assinatura", "ChaveRPS", "InscricaoPrestador", "SerieRPS", "NumeroRPS", "TipoRPS", "DataEmissao", "StatusRPS", "TributacaoRPS",
      "ValorDeducoes", "ValorPIS", "ValorCOFINS", "ValorINSS", "ValorIR", "ValorCSLL", "CodigoServico", "AliquotaServicos", "ISSRetido",
      "CPFCNPJTomador", "CNPJ", "RazaoSocialTomador", "EnderecoTomador", "Logradouro", "NumeroEndereco", "Bairro", "Cidade", "UF", "CEP", "EmailTomador",
      "Discriminacao", "ValorInicialCobrado", "ValorIPI", "ExigibilidadeSuspensa", "PagamentoParceladoAntecipado", "NBS", "cLocPrestacao",
      "IBSCBS", "finNFSe", "indFinal", "cIndOp", "indDest", "valores", "trib", "gIBSCBS", "cClassTrib",
    ]);
    expect(built.xml).toContain("<ValorInicialCobrado>1750.00</ValorInicialCobrado><ValorIPI>0.00</ValorIPI><ExigibilidadeSuspensa>0</ExigibilidadeSuspensa>");
    expect(built.xml).toContain("<IBSCBS><finNFSe>0</finNFSe><indFinal>0</indFinal><cIndOp>100301</cIndOp><indDest>0</indDest><valores><trib><gIBSCBS><cClassTrib>000001</cClassTrib></gIBSCBS></trib></valores></IBSCBS>");
  });

  it("the Assinatura verifies over the 90-character string and the message's XML-DSig holds (xmlsec1 too)", () => {
    const built = buildPedidoEnvioRps(layout2({ taker: { cpf: "13167474254", name: "Maria" }, reform: { ...reform, finalConsumer: true } }), credentials);
    expect(built.signedString).toHaveLength(90);
    expect(built.signedString.slice(0, 12)).toBe("000012345678");
    expect(built.xml).toContain("<indFinal>1</indFinal>");
    const signature = /<Assinatura>([^<]+)<\/Assinatura>/.exec(built.xml)![1]!;
    expect(verifyAscii(built.signedString, signature, credentials.certificatePem)).toBe(true);
    expect(verifyAscii(rpsSignatureString(layout2(), 1), signature, credentials.certificatePem)).toBe(false);
    expect(verifyWholeDocumentSignature(built.xml).valid).toBe(true);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paulistana-v2-"));
    try {
      const file = path.join(dir, "m.xml");
      fs.writeFileSync(file, built.xml);
      if (SCHEMAS) expect(spawnSync("xmllint", ["--noout", "--schema", referencePath("schemas", PAULISTANA_SCHEMAS_V2.PedidoEnvioRPS), file], { encoding: "utf8" }).stderr).toContain("validates");
      const sec = spawnSync("xmlsec1", ["--verify", "--insecure", file], { encoding: "utf8" });
      expect(`${sec.stdout}${sec.stderr}`).toMatch(/^OK$/m);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses to build a layout-2 RPS without its reform fields; consultation follows the layout asked", () => {
    expect(() => buildPedidoEnvioRps(samplePaulistanaRps({ layout: 2 }), credentials)).toThrow(/reform fields/);
    expect(buildPedidoConsultaNfe("11222333000181", { rps: { ccm: "12345678", series: "A1", number: 1 } }, credentials, 2)).toContain(`Versao="2"`);
  });

  it("the layout is chosen by the RPS's date: 1 up to 31/12/2025, 2 from 01/01/2026", () => {
    expect(paulistanaLayoutOn("2025-12-31")).toBe(1);
    expect(paulistanaLayoutOn("2026-01-01")).toBe(2);
  });
});
