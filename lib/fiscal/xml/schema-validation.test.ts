import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { readExample } from "@/lib/fiscal/nfe/test-support/xmlsec";
import fs from "node:fs";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import { EXAMPLES_DIR } from "@/lib/fiscal/nfe/test-support/xmlsec";
import { checkXmlSchema, schemaForDocument, validateXml, type XmlSchema } from "./schema-validation";

describe("validateXml", () => {
  it.each<[string, XmlSchema]>([
    ["nfe/nfe-55-signed-hom.xml", "nfe/nfe_v4.00.xsd"],
    ["nfe/nfeproc-55-authorized-hom.xml", "nfe/procNFe_v4.00.xsd"],
    ["nfe/nfeproc-55-ibscbs-sample.xml", "nfe/procNFe_v4.00.xsd"],
    ["nfe/inutnfe-signed-hom.xml", "nfe/inutNFe_v4.00.xsd"],
    ["nfe/retenvinfe-sync-authorized.xml", "nfe/retEnviNFe_v4.00.xsd"],
    ["nfce/nfce-65-signed-qrcode-hom.xml", "nfe/nfe_v4.00.xsd"],
    ["nfce/nfeproc-65-authorized-hom.xml", "nfe/procNFe_v4.00.xsd"],
    ["events/envevento-110111-cancel-signed.xml", "nfe/envEventoCancNFe_v1.00.xsd"],
    ["events/envevento-110111-cancel-signed.xml", "nfe/envEvento_v1.00.xsd"],
    ["events/proceventonfe-110110-cce.xml", "nfe/procEventoNFe_v1.00.xsd"],
    ["events/proceventonfe-110110-cce.xml", "nfe/procCCeNFe_v1.00.xsd"],
    ["nfse/dps-1.01-ibscbs.xml", "nfse/v1.01/DPS_v1.01.xsd"],
  ])("accepts the example %s against %s", (file, schema) => {
    expect(checkXmlSchema(readExample(file), schema)).toEqual({ valid: true });
    expect(() => validateXml(readExample(file), schema)).not.toThrow();
  });

  it("parses every shared example, picks its schema by root element and re-validates it", () => {
    const parser = new XMLParser({ ignoreAttributes: false });
    let count = 0;
    for (const dir of ["nfe", "nfce", "events", "nfse"]) {
      for (const file of fs.readdirSync(path.join(EXAMPLES_DIR, dir))) {
        const xml = fs.readFileSync(path.join(EXAMPLES_DIR, dir, file), "utf8");
        const parsed = parser.parse(xml) as Record<string, unknown>;
        const root = Object.keys(parsed).find((k) => k !== "?xml");
        const schema = schemaForDocument(xml);
        expect(schema, `${dir}/${file} (${root})`).not.toBeNull();
        expect(checkXmlSchema(xml, schema!), `${dir}/${file}`).toEqual({ valid: true });
        count++;
      }
    }
    expect(count).toBe(10);
  });

  it("refuses a badly formatted amount with a 422 naming the element", () => {
    const bad = readExample("nfe/nfe-55-signed-hom.xml").replace(/<vBC>[^<]*<\/vBC>/, "<vBC>10.1</vBC>");
    let thrown: unknown;
    try {
      validateXml(bad, "nfe/nfe_v4.00.xsd");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    const error = thrown as DomainError;
    expect(error.status).toBe(422);
    expect(error.code).toBe("schema_validation_failed");
    expect(error.message).toContain("Element '{http://www.portalfiscal.inf.br/nfe}vBC'");
    expect(error.message).toContain("'10.1'");
  });

  it("refuses elements out of order and malformed XML", () => {
    const swapped = readExample("nfe/nfe-55-signed-hom.xml").replace(/(<cUF>43<\/cUF>)(\s*<cNF>00001030<\/cNF>)/, "$2$1");
    const result = checkXmlSchema(swapped, "nfe/nfe_v4.00.xsd");
    expect(result.valid).toBe(false);
    if (!result.valid) expect(result.errors[0]).toContain("cNF");
    const malformed = checkXmlSchema("<NFe><infNFe></NFe>", "nfe/nfe_v4.00.xsd");
    expect(malformed.valid).toBe(false);
    if (!malformed.valid) expect(malformed.errors[0]).toMatch(/^Malformed XML/);
  });
});
