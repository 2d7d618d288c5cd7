import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { referencePath } from "@/lib/fiscal/xml/reference-path";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { signXml, verifyWholeDocumentSignature, verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { buildCancelarNfse, buildConsultarNfseRps, buildGerarNfse, buildRps, buildSubstituirNfse, formatAliquota } from "./build-messages";
import { itemListaServicoOf } from "./service-item";
import { sampleRps } from "./test-support/sample-rps";
import { ABRASF_NS, ABRASF_SCHEMA } from "./types";

// ABRASF 2.04 requests: schema-valid for libxml2 (in process) and xmllint (the
// vendored nfse_v2-04.xsd), signatures verified in process and by xmlsec1.

const credentials = testSigningCredentials("11222333000181");
const XSD = referencePath("schemas", ABRASF_SCHEMA);
const PERCENT = { aliquotaFormat: "percent" } as const;

function withFile<T>(xml: string, run: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "abrasf-"));
  const file = path.join(dir, "message.xml");
  fs.writeFileSync(file, xml);
  try {
    return run(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function externallyValid(xml: string, idElement: string | null) {
  withFile(xml, (file) => {
    const lint = spawnSync("xmllint", ["--noout", "--schema", XSD, file], { encoding: "utf8" });
    expect(lint.stderr).toContain("validates");
    const sec = spawnSync("xmlsec1", ["--verify", "--insecure", ...(idElement ? ["--id-attr:Id", idElement] : []), file], { encoding: "utf8" });
    expect(`${sec.stdout}${sec.stderr}`).toMatch(/^OK$/m);
  });
}

describe("ABRASF 2.04 requests", () => {
  it("GerarNfseEnvio: the RPS in schema order, signed on InfDeclaracaoPrestacaoServico, valid for libxml2, xmllint and xmlsec1", () => {
    const { xml, signedIds } = buildGerarNfse(sampleRps(), PERCENT, credentials);
    expect(signedIds).toEqual(["RPSA117"]);
    expect(xml).toMatch(new RegExp(`^<\\?xml version="1.0" encoding="UTF-8"\\?><GerarNfseEnvio xmlns="${ABRASF_NS}"><Rps><InfDeclaracaoPrestacaoServico Id="RPSA117">`));
    expect(xml).not.toMatch(/>\s+</);
    expect(xml).toContain("<Rps><IdentificacaoRps><Numero>17</Numero><Serie>A1</Serie><Tipo>1</Tipo></IdentificacaoRps><DataEmissao>2026-12-07</DataEmissao><Status>1</Status></Rps><Competencia>2026-12-07</Competencia>");
    expect(xml).toContain("<Valores><ValorServicos>1750.00</ValorServicos><ValorIss>87.50</ValorIss><Aliquota>5.00</Aliquota></Valores><IssRetido>2</IssRetido><ItemListaServico>01.01</ItemListaServico><CodigoTributacaoMunicipio>010101</CodigoTributacaoMunicipio>");
    expect(xml).toContain("<CodigoMunicipio>3543402</CodigoMunicipio><ExigibilidadeISS>1</ExigibilidadeISS></Servico><Prestador><CpfCnpj><Cnpj>11222333000181</Cnpj></CpfCnpj><InscricaoMunicipal>123456</InscricaoMunicipal></Prestador>");
    expect(xml).toContain("</TomadorServico><OptanteSimplesNacional>2</OptanteSimplesNacional><IncentivoFiscal>2</IncentivoFiscal></InfDeclaracaoPrestacaoServico><Signature xmlns=\"http://www.w3.org/2000/09/xmldsig#\">");
    expect(xml).toContain('<Reference URI="#RPSA117">');
    expect(checkXmlSchema(xml, ABRASF_SCHEMA)).toEqual({ valid: true });
    expect(verifyXmlSignature(xml, "InfDeclaracaoPrestacaoServico")).toMatchObject({ valid: true, referenceId: "RPSA117" });
    externallyValid(xml, "InfDeclaracaoPrestacaoServico");
  });

  it("ISS withheld by the taker: IssRetido 1 and ResponsavelRetencao 1; a city reading fractions gets 0.05", () => {
    const { xml } = buildGerarNfse(sampleRps({ iss: { exigibilidade: "1", retained: true } }), { aliquotaFormat: "fraction" }, credentials);
    expect(xml).toContain("<Aliquota>0.05</Aliquota></Valores><IssRetido>1</IssRetido><ResponsavelRetencao>1</ResponsavelRetencao>");
    expect(checkXmlSchema(xml, ABRASF_SCHEMA)).toEqual({ valid: true });
    expect(formatAliquota("2.5", "percent")).toBe("2.50");
    expect(formatAliquota("2.5", "fraction")).toBe("0.03");
  });

  it("a change after signing breaks the signature; a service item outside LC 116 breaks the schema", () => {
    const { xml } = buildGerarNfse(sampleRps(), PERCENT, credentials);
    const tampered = xml.replace("<ValorServicos>1750.00<", "<ValorServicos>1.00<");
    expect(verifyXmlSignature(tampered, "InfDeclaracaoPrestacaoServico")).toMatchObject({ valid: false });
    expect(() => buildGerarNfse(sampleRps({ service: { ...sampleRps().service, itemListaServico: "99.99" } }), PERCENT, credentials)).toThrow(/schema_validation_failed|does not match/);
    const unsigned = `<?xml version="1.0" encoding="UTF-8"?><GerarNfseEnvio xmlns="${ABRASF_NS}">${buildRps(sampleRps(), PERCENT).xml}</GerarNfseEnvio>`;
    expect(checkXmlSchema(unsigned, ABRASF_SCHEMA)).toEqual({ valid: true });
    expect(verifyXmlSignature(unsigned, "InfDeclaracaoPrestacaoServico")).toMatchObject({ valid: false });
  });

  it("ConsultarNfseRpsEnvio is schema-valid", () => {
    const xml = buildConsultarNfseRps({ number: 17, series: "A1", type: "1" }, { cnpj: "11222333000181", municipalRegistration: "123456" });
    expect(xml).toContain("<ConsultarNfseRpsEnvio xmlns=\"http://www.abrasf.org.br/nfse.xsd\"><IdentificacaoRps><Numero>17</Numero><Serie>A1</Serie><Tipo>1</Tipo></IdentificacaoRps><Prestador>");
    expect(checkXmlSchema(xml, ABRASF_SCHEMA)).toEqual({ valid: true });
  });

  it("CancelarNfseEnvio: InfPedidoCancelamento signed, valid for xmllint and xmlsec1", () => {
    const { xml, signedIds } = buildCancelarNfse({ number: "202600000000042", providerCnpj: "11222333000181", municipalRegistration: "123456", municipalityCode: "3543402" }, "1", credentials);
    expect(signedIds).toEqual(["CANC202600000000042"]);
    expect(xml).toContain("<Pedido><InfPedidoCancelamento Id=\"CANC202600000000042\"><IdentificacaoNfse><Numero>202600000000042</Numero><CpfCnpj><Cnpj>11222333000181</Cnpj></CpfCnpj><InscricaoMunicipal>123456</InscricaoMunicipal><CodigoMunicipio>3543402</CodigoMunicipio></IdentificacaoNfse><CodigoCancelamento>1</CodigoCancelamento></InfPedidoCancelamento><Signature");
    expect(verifyXmlSignature(xml, "InfPedidoCancelamento")).toMatchObject({ valid: true });
    externallyValid(xml, "InfPedidoCancelamento");
  });

  it("SubstituirNfseEnvio: the request, the new RPS and SubstituicaoNfse each signed; every signature verifies", () => {
    const { xml, signedIds } = buildSubstituirNfse(
      { number: "42", providerCnpj: "11222333000181", municipalRegistration: "123456", municipalityCode: "3543402" },
      "1",
      sampleRps({ rps: { number: 18, series: "A1", type: "1" } }),
      PERCENT,
      credentials,
    );
    expect(signedIds).toEqual(["CANC42", "RPSA118", "SUBST42"]);
    expect(xml.match(/<Signature /g)).toHaveLength(3);
    expect(checkXmlSchema(xml, ABRASF_SCHEMA)).toEqual({ valid: true });
    for (const tag of ["InfPedidoCancelamento", "InfDeclaracaoPrestacaoServico", "SubstituicaoNfse"] as const) {
      expect(verifyXmlSignature(xml, tag)).toMatchObject({ valid: true });
    }
    // xmlsec1 verifies the first Signature it finds (the request's).
    externallyValid(xml, "InfPedidoCancelamento");
  });

  it("a message signed by other software (whitespace between tags) still verifies", () => {
    const unsigned = `<?xml version="1.0" encoding="UTF-8"?><GerarNfseEnvio xmlns="${ABRASF_NS}">${buildRps(sampleRps(), PERCENT).xml}</GerarNfseEnvio>`.replace("<Competencia>", "\n  <Competencia>");
    const signed = signXml(unsigned, credentials, { tag: "InfDeclaracaoPrestacaoServico" });
    expect(verifyXmlSignature(signed, "InfDeclaracaoPrestacaoServico")).toMatchObject({ valid: true });
  });

  it("whole-document profile (empty Reference URI, ACBr's IncluirURI False): GerarNfse and CancelarNfse verify with xmlsec1; a substitution is refused", () => {
    const options = { aliquotaFormat: "fraction", referenceUri: "empty" } as const;
    const gerar = buildGerarNfse(sampleRps(), options, credentials).xml;
    expect(gerar).toContain('<Reference URI="">');
    expect(gerar).toMatch(/<\/InfDeclaracaoPrestacaoServico><Signature xmlns="http:\/\/www.w3.org\/2000\/09\/xmldsig#">[\s\S]*<\/Signature><\/Rps><\/GerarNfseEnvio>$/);
    expect(verifyWholeDocumentSignature(gerar)).toMatchObject({ valid: true });
    expect(verifyWholeDocumentSignature(gerar.replace("<Numero>17<", "<Numero>18<"))).toMatchObject({ valid: false });
    externallyValid(gerar, null);
    const cancel = buildCancelarNfse({ number: "42", providerCnpj: "11222333000181", municipalRegistration: "123456", municipalityCode: "3543402" }, "2", credentials, "empty").xml;
    expect(verifyWholeDocumentSignature(cancel)).toMatchObject({ valid: true });
    externallyValid(cancel, null);
    expect(() => buildSubstituirNfse({ number: "42", providerCnpj: "11222333000181", municipalRegistration: "123456", municipalityCode: "3543402" }, "1", sampleRps(), options, credentials)).toThrow(/several signatures/);
  });

  it("ItemListaServico from the national service code", () => {
    expect(itemListaServicoOf("010101")).toBe("01.01");
    expect(itemListaServicoOf("171901")).toBe("17.19");
    expect(itemListaServicoOf("1701")).toBeNull();
  });
});
