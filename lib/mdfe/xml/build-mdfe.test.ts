import { createPublicKey, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { xmlsecVerify } from "@/lib/fiscal/nfe/test-support/xmlsec";
import { loadingLaterInput, mdfeInput, ownNfeKey } from "../testing/mdfe-inputs";
import { parseDfeKey } from "./access-key";
import { buildMdfe } from "./build-mdfe";
import { buildSignedMdfe, modalDocument } from "./build-signed-mdfe";

const RODO = "mdfe/PL_MDFe_300a/mdfeModalRodoviario_v3.00.xsd";
const MDFE = "mdfe/PL_MDFe_300a/mdfe_v3.00.xsd";

describe("MDF-e 3.00 builder (modal rodoviário)", () => {
  it("builds a signed MDF-e that validates against the vendored schemas and verifies with xmlsec1", () => {
    const credentials = testSigningCredentials();
    const built = buildSignedMdfe(mdfeInput(), credentials);
    expect(checkXmlSchema(built.xml, MDFE)).toEqual({ valid: true });
    expect(checkXmlSchema(modalDocument(built.xml)!, RODO)).toEqual({ valid: true });
    expect(verifyXmlSignature(built.xml)).toMatchObject({ valid: true, referenceId: `MDFe${built.accessKey}` });
    const xmlsec = xmlsecVerify(built.xml, "infMDFe");
    expect(xmlsec.output).toMatch(/OK/);
    expect(xmlsec.ok).toBe(true);
  });

  it("writes the key, ide, vehicle, driver, unloading and totals the MOC asks for", () => {
    const built = buildMdfe(mdfeInput());
    const key = parseDfeKey(built.accessKey)!;
    expect(key).toMatchObject({ cUF: "35", yearMonth: "2612", cnpj: "11222333000181", model: "58", series: 1, number: 17, tpEmis: "1", cMDF: "48151623" });
    expect(built.xml).toContain("<tpEmit>2</tpEmit><mod>58</mod><serie>1</serie><nMDF>17</nMDF><cMDF>48151623</cMDF>");
    expect(built.xml).toContain("<modal>1</modal><dhEmi>2026-12-07T10:00:00-03:00</dhEmi><tpEmis>1</tpEmis><procEmi>0</procEmi>");
    expect(built.xml).toContain("<UFIni>SP</UFIni><UFFim>MG</UFFim>");
    expect(built.xml).toContain("<placa>ABC1D23</placa><RENAVAM>12345678901</RENAVAM><tara>7500</tara><capKG>14000</capKG><capM3>60</capM3>");
    expect(built.xml).toContain("<condutor><xNome>José da Silva</xNome><CPF>52998224725</CPF></condutor><tpRod>01</tpRod><tpCar>02</tpCar><UF>SP</UF>");
    expect(built.xml).toContain(`<cMunDescarga>3106200</cMunDescarga><xMunDescarga>Belo Horizonte</xMunDescarga><infNFe><chNFe>${ownNfeKey(101)}</chNFe></infNFe>`);
    expect(built.xml).toContain("<tot><qNFe>2</qNFe><vCarga>85400.00</vCarga><cUnid>01</cUnid><qCarga>3200.0000</qCarga></tot>");
    expect(built.qrCode).toBe(`https://dfe-portal.svrs.rs.gov.br/mdfe/qrCode?chMDFe=${built.accessKey}&tpAmb=2`);
  });

  it("writes indCarregaPosterior=1 last in ide for a manifest loaded later, with no documents and zero totals, through the schemas", () => {
    const credentials = testSigningCredentials();
    const built = buildSignedMdfe(loadingLaterInput(), credentials);
    expect(built.xml).toContain("<UFIni>SP</UFIni><UFFim>SP</UFFim><infMunCarrega><cMunCarrega>3550308</cMunCarrega><xMunCarrega>São Paulo</xMunCarrega></infMunCarrega><indCarregaPosterior>1</indCarregaPosterior></ide>");
    expect(built.xml).toContain("<infDoc><infMunDescarga><cMunDescarga>3550308</cMunDescarga><xMunDescarga>São Paulo</xMunDescarga></infMunDescarga></infDoc>");
    expect(built.xml).toContain("<tot><vCarga>0.00</vCarga><cUnid>01</cUnid><qCarga>0.0000</qCarga></tot>");
    expect(checkXmlSchema(built.xml, MDFE)).toEqual({ valid: true });
    expect(buildMdfe(mdfeInput()).xml).not.toContain("indCarregaPosterior");
  });

  it("carries route, trailers, owner, ANTT data, insurance, technical responsible and an alphanumeric CNPJ through the schemas", () => {
    const cnpj = "12ABC34501DE35";
    const credentials = testSigningCredentials(cnpj);
    const input = mdfeInput({
      issuer: { ...mdfeInput().issuer, cnpj },
      startUf: "RS",
      endUf: "MG",
      issuedAt: "2026-12-07T13:00:00Z",
      loading: [{ code: "4314902", name: "Porto Alegre" }],
      route: ["SC", "PR", "SP"],
      issuerType: "2",
      carrierType: "1",
      rodo: {
        antt: {
          rntrc: "12345678",
          ciot: [{ code: "123456789012", document: { type: "CNPJ", value: cnpj } }],
          tollVouchers: [{ supplierCnpj: "11222333000181", payerDocument: { type: "CNPJ", value: cnpj }, purchaseNumber: "998877", value: "120.50", type: "01" }],
          contractors: [{ name: "Cliente Mineiro Ltda", document: { type: "CNPJ", value: "11444777000161" } }],
          payments: [
            {
              name: "Cliente Mineiro Ltda", document: { type: "CNPJ", value: "11444777000161" },
              components: [{ type: "04", value: "3000.00" }], contractValue: "3000.00", paymentIndicator: "1",
              installments: [{ number: 1, dueDate: "2027-01-07", value: "3000.00" }], bank: { kind: "PIX", key: "financeiro@example.com" },
            },
          ],
        },
        vehicle: {
          plate: "XYZ-9876", tareKg: 8500, capacityKg: 0, wheelType: "03", bodyType: "00", uf: "RS",
          owner: { document: { type: "CPF", value: "52998224725" }, rntrc: "87654321", name: "Transportes Silva", stateRegistration: "ISENTO", uf: "RS", ownerType: "1" },
        },
        drivers: [{ name: "José da Silva", cpf: "52998224725" }, { name: "Maria Souza", cpf: "11144477735" }],
        trailers: [{ plate: "TRL1A11", tareKg: 6000, capacityKg: 30000, capacityM3: 90, bodyType: "03", uf: "RS" }],
        seals: ["L-0001"],
      },
      unloading: [{ municipality: { code: "3106200", name: "Belo Horizonte" }, nfeKeys: [ownNfeKey(7, cnpj, "43")] }],
      insurance: [{ responsible: "1", responsibleDocument: { type: "CNPJ", value: cnpj }, insurer: { name: "Seguradora Exemplo SA", cnpj: "33000167000101" }, policyNumber: "APOL-1", endorsements: ["AVERB-1"] }],
      product: { cargoType: "01", description: "Soja em grãos", ncm: "12019000", loadingZipCode: "90010-000", unloadingZipCode: "30110-000" },
      additionalInfo: { complementary: "Entrega no depósito 3" },
      authorizedXml: [{ type: "CPF", value: "52998224725" }],
      technicalResponsible: { cnpj: "11222333000181", contact: "Suporte", email: "suporte@example.com", phone: "1133334444", csrt: { id: "1", secret: "segredo" } },
    });
    const built = buildSignedMdfe(input, credentials);
    expect(built.accessKey.slice(6, 20)).toBe(cnpj);
    expect(built.xml).toContain("<infPercurso><UFPer>SC</UFPer></infPercurso><infPercurso><UFPer>PR</UFPer></infPercurso>");
    expect(built.xml).toContain("<prop><CPF>52998224725</CPF><RNTRC>87654321</RNTRC><xNome>Transportes Silva</xNome><IE></IE><UF>RS</UF><tpProp>1</tpProp></prop>");
    expect(checkXmlSchema(modalDocument(built.xml)!, RODO)).toEqual({ valid: true });
    expect(verifyXmlSignature(built.xml).valid).toBe(true);
  });

  it("signs the QR Code of a contingency (tpEmis 2) MDF-e with the issuer's key", () => {
    const credentials = testSigningCredentials();
    const built = buildSignedMdfe(mdfeInput({ tpEmis: "2" }), credentials);
    expect(built.accessKey[34]).toBe("2");
    const sign = /&sign=([^<&]+)/.exec(built.qrCode)?.[1];
    expect(sign).toBeTruthy();
    expect(verify("sha1", Buffer.from(built.accessKey), createPublicKey(credentials.certificatePem), Buffer.from(sign!, "base64"))).toBe(true);
  });

  it("refuses aéreo, aquaviário and ferroviário with a clear 422", () => {
    for (const modal of ["2", "3", "4"] as const) {
      expect(() => buildMdfe(mdfeInput({ modal }))).toThrow(DomainError);
      expect(() => buildMdfe(mdfeInput({ modal }))).toThrow(/only the modal rodoviário/);
    }
  });

  it("a document the schema refuses is a 422 schema_validation_failed naming the element", () => {
    const credentials = testSigningCredentials();
    const bad = mdfeInput({ rodo: { ...mdfeInput().rodo, vehicle: { ...mdfeInput().rodo.vehicle, plate: "AB" } } });
    expect(() => buildSignedMdfe(bad, credentials)).toThrow(/placa/);
  });
});
