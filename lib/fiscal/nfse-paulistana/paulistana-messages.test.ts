import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { referencePath } from "@/lib/fiscal/xml/reference-path";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyWholeDocumentSignature } from "@/lib/fiscal/xml/xml-signature";
import {
  PAULISTANA_SCHEMAS, paulistanaSchemasAvailable, aliquotaFraction, buildPedidoCancelamentoNfe, buildPedidoConsultaNfe, buildPedidoEnvioRps, cancellationSignatureString, paulistanaServiceCode, rpsSignatureString, verifyAscii,
} from "./index";
import { samplePaulistanaRps } from "./test-support/sample-rps";

// São Paulo's LoteNFe requests: schema-valid for libxml2 and xmllint (the vendored v01
// schemas), the whole-message XML-DSig verified in process and by xmlsec1, the RPS and
// cancellation string signatures verified with the certificate.

const credentials = testSigningCredentials("11222333000181");

// The city's schema files are not in the repository yet (lib/fiscal/nfse-paulistana/schemas.ts):
// the schema checks run once they are installed; signatures and layouts are checked regardless.
const SCHEMAS = paulistanaSchemasAvailable();

function external(xml: string, schema: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "paulistana-"));
  const file = path.join(dir, "message.xml");
  fs.writeFileSync(file, xml);
  try {
    if (SCHEMAS) {
      const lint = spawnSync("xmllint", ["--noout", "--schema", referencePath("schemas", schema), file], { encoding: "utf8" });
      expect(lint.stderr).toContain("validates");
    }
    const sec = spawnSync("xmlsec1", ["--verify", "--insecure", file], { encoding: "utf8" });
    expect(`${sec.stdout}${sec.stderr}`).toMatch(/^OK$/m);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const assinatura = (xml: string, tag: string) => new RegExp(`<${tag}>([^<]+)</${tag}>`).exec(xml)![1]!;

describe("the signature strings", () => {
  it("the RPS string has the city's fixed-width layout (the developer FAQ's sample, field by field)", () => {
    // FAQ sample: CCM 67159044, series "1", RPS 11, 03/01/2024, T, N, not withheld, R$ 10.00, no deductions, code 02692, CNPJ 57385833000135.
    const sample = rpsSignatureString({
      key: { ccm: "67159044", series: "1", number: 11 }, issueDate: "2024-01-03", taxation: "T", status: "N", issRetained: false,
      values: { services: "10.00", deductions: "0.00" }, serviceCode: "2692", taker: { cnpj: "57385833000135" },
    });
    expect(sample).toBe("671590441    00000000001120240103TNN00000000000100000000000000000002692257385833000135");
    expect(sample).toHaveLength(86);
    const cpfNoTaker = rpsSignatureString({ ...samplePaulistanaRps({ issRetained: true, taker: null }) });
    expect(cpfNoTaker.slice(35, 36)).toBe("S");
    expect(cpfNoTaker.slice(71)).toBe("300000000000000");
    expect(cancellationSignatureString({ ccm: "1234567", number: "42" })).toBe("01234567000000000042");
  });

  it("AliquotaServicos is the rate as a fraction of up to four decimals", () => {
    expect(aliquotaFraction("5")).toBe("0.05");
    expect(aliquotaFraction("2.15")).toBe("0.0215");
    expect(aliquotaFraction("5.00")).toBe("0.05");
    expect(aliquotaFraction("0")).toBe("0.00");
  });
});

describe("LoteNFe requests (schema version 1)", () => {
  it("PedidoEnvioRPS: unqualified children, the RPS string signed, the whole message signed; libxml2, xmllint and xmlsec1 agree", () => {
    const { xml, signedString } = buildPedidoEnvioRps(samplePaulistanaRps(), credentials);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><PedidoEnvioRPS xmlns="http:\/\/www.prefeitura.sp.gov.br\/nfe"><Cabecalho xmlns="" Versao="1"><CPFCNPJRemetente><CNPJ>11222333000181<\/CNPJ><\/CPFCNPJRemetente><\/Cabecalho><RPS xmlns=""><Assinatura>/);
    expect(xml).toContain("<ChaveRPS><InscricaoPrestador>12345678</InscricaoPrestador><SerieRPS>A1</SerieRPS><NumeroRPS>17</NumeroRPS></ChaveRPS><TipoRPS>RPS</TipoRPS><DataEmissao>2026-12-07</DataEmissao><StatusRPS>N</StatusRPS><TributacaoRPS>T</TributacaoRPS><ValorServicos>1750.00</ValorServicos><ValorDeducoes>0.00</ValorDeducoes><CodigoServico>02692</CodigoServico><AliquotaServicos>0.05</AliquotaServicos><ISSRetido>false</ISSRetido><CPFCNPJTomador><CNPJ>06929383000163</CNPJ></CPFCNPJTomador>");
    expect(xml).toMatch(/<\/RPS><Signature xmlns="http:\/\/www.w3.org\/2000\/09\/xmldsig#">[\s\S]*<Reference URI="">[\s\S]*<\/Signature><\/PedidoEnvioRPS>$/);
    expect(signedString).toBe("12345678A1   00000000001720261207TNN000000000175000000000000000000026922" + "06929383000163");
    expect(verifyAscii(signedString, assinatura(xml, "Assinatura"), credentials.certificatePem)).toBe(true);
    expect(verifyAscii(signedString.replace("175000", "175100"), assinatura(xml, "Assinatura"), credentials.certificatePem)).toBe(false);
    if (SCHEMAS) expect(checkXmlSchema(xml, PAULISTANA_SCHEMAS.PedidoEnvioRPS)).toEqual({ valid: true });
    expect(verifyWholeDocumentSignature(xml)).toMatchObject({ valid: true });
    expect(verifyWholeDocumentSignature(xml.replace("<ValorServicos>1750.00<", "<ValorServicos>1.00<"))).toMatchObject({ valid: false });
    external(xml, PAULISTANA_SCHEMAS.PedidoEnvioRPS);
  });

  it.skipIf(!SCHEMAS)("a service code of 6 digits (the national code) or a long series breaks the schema before anything is sent", () => {
    expect(() => buildPedidoEnvioRps(samplePaulistanaRps({ serviceCode: "010101" }), credentials)).toThrow(/CodigoServico/);
    expect(() => buildPedidoEnvioRps(samplePaulistanaRps({ key: { ccm: "12345678", series: "SERIE1", number: 1 } }), credentials)).toThrow(/SerieRPS/);
  });

  it("PedidoConsultaNFe by RPS and by NFS-e key, signed", () => {
    const byRps = buildPedidoConsultaNfe("11222333000181", { rps: { ccm: "12345678", series: "A1", number: 17 } }, credentials);
    expect(byRps).toContain('<Detalhe xmlns=""><ChaveRPS><InscricaoPrestador>12345678</InscricaoPrestador><SerieRPS>A1</SerieRPS><NumeroRPS>17</NumeroRPS></ChaveRPS></Detalhe><Signature');
    external(byRps, PAULISTANA_SCHEMAS.PedidoConsultaNFe);
    const byNfe = buildPedidoConsultaNfe("11222333000181", { nfe: { ccm: "12345678", number: "42" } }, credentials);
    if (SCHEMAS) expect(checkXmlSchema(byNfe, PAULISTANA_SCHEMAS.PedidoConsultaNFe)).toEqual({ valid: true });
  });

  it("PedidoCancelamentoNFe: transacao in the Cabecalho, the 20-character string signed, the message signed", () => {
    const { xml, signedString } = buildPedidoCancelamentoNfe("11222333000181", { ccm: "12345678", number: "42" }, credentials);
    expect(xml).toContain('<Cabecalho xmlns="" Versao="1"><CPFCNPJRemetente><CNPJ>11222333000181</CNPJ></CPFCNPJRemetente><transacao>true</transacao></Cabecalho><Detalhe xmlns=""><ChaveNFe><InscricaoPrestador>12345678</InscricaoPrestador><NumeroNFe>42</NumeroNFe></ChaveNFe><AssinaturaCancelamento>');
    expect(signedString).toBe("12345678000000000042");
    expect(verifyAscii(signedString, assinatura(xml, "AssinaturaCancelamento"), credentials.certificatePem)).toBe(true);
    external(xml, PAULISTANA_SCHEMAS.PedidoCancelamentoNFe);
  });

  it("the city's service codes: listed codes are found with or without the leading zero", () => {
    expect(paulistanaServiceCode("2692")).toMatchObject({ code: "02692", lc116Item: "01.04" });
    expect(paulistanaServiceCode("0107")).toBeNull();
    expect(paulistanaServiceCode("010701")).toBeNull();
  });
});

