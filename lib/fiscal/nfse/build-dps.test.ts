import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { buildDps } from "./build-dps";
import { buildSignedDps } from "./build-signed-dps";
import { parseDpsId } from "./dps-id";
import { dpsRegular, dpsRegularWithRetention, dpsSimples, dpsSimplesWithRetention, dpsWithIbsCbs } from "./test-support/golden-dps";
import { SHARED_DIR } from "@/test/shared-dir";

const SHARED_XSD = fs.readdirSync(`${SHARED_DIR}/fiscal/schemas/nfse`).map((d) => path.join(`${SHARED_DIR}/fiscal/schemas/nfse`, d, "1.01-libxml2", "DPS_v1.01.xsd")).find((f) => fs.existsSync(f))!;

function withFile<T>(xml: string, run: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dps-"));
  const file = path.join(dir, "dps.xml");
  fs.writeFileSync(file, xml);
  try {
    return run(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const GOLDEN = { simples: dpsSimples, simplesRetention: dpsSimplesWithRetention, regular: dpsRegular, retention: dpsRegularWithRetention, ibscbs: dpsWithIbsCbs };
const credentials = testSigningCredentials("11222333000181");

describe("DPS 1.01 golden documents", () => {
  for (const [name, input] of Object.entries(GOLDEN)) {
    it(`${name}: signed, valid for libxml2, xmllint and xmlsec1`, () => {
      const { id, xml } = buildSignedDps(input(), credentials);
      expect(id).toHaveLength(45);
      expect(parseDpsId(id)).toEqual({ issuingMunicipality: "3550308", tpInsc: "2", inscription: "11222333000181", series: 1, number: 17 });
      expect(xml).not.toMatch(/>\s+</);
      expect(xml).not.toMatch(/<\w+:/);
      expect(xml).toContain('<Signature xmlns="http://www.w3.org/2000/09/xmldsig#">');
      expect(xml).toContain('<KeyInfo><X509Data><X509Certificate>');
      expect(checkXmlSchema(xml, "nfse/v1.01/DPS_v1.01.xsd")).toEqual({ valid: true });
      expect(verifyXmlSignature(xml)).toMatchObject({ valid: true, referenceId: id });
      withFile(xml, (file) => {
        const lint = spawnSync("xmllint", ["--noout", "--schema", SHARED_XSD, file], { encoding: "utf8" });
        expect(lint.stderr).toContain("validates");
        const sec = spawnSync("xmlsec1", ["--verify", "--insecure", "--id-attr:Id", "infDPS", file], { encoding: "utf8" });
        expect(`${sec.stdout}${sec.stderr}`).toMatch(/^OK$/m);
      });
    });
  }

  it("prints what each regime needs", () => {
    expect(buildDps(dpsSimples()).xml).toContain("<regTrib><opSimpNac>3</opSimpNac><regApTribSN>1</regApTribSN><regEspTrib>0</regEspTrib></regTrib>");
    expect(buildDps(dpsSimples()).xml).toContain("<totTrib><pTotTribSN>6.00</pTotTribSN></totTrib>");
    expect(buildDps(dpsRegular()).xml).toContain("<tribMun><tribISSQN>1</tribISSQN><tpRetISSQN>1</tpRetISSQN></tribMun>");
    const retained = buildDps(dpsRegularWithRetention()).xml;
    expect(retained).toContain("<tribMun><tribISSQN>1</tribISSQN><tpRetISSQN>2</tpRetISSQN></tribMun>");
    expect(buildDps(dpsSimplesWithRetention()).xml).toContain("<tpRetISSQN>2</tpRetISSQN><pAliq>2.50</pAliq>");
    expect(retained).toContain("<vRetCP>110.00</vRetCP><vRetIRRF>15.00</vRetIRRF><vRetCSLL>10.00</vRetCSLL>");
    expect(buildDps(dpsWithIbsCbs()).xml).toContain("</cServ><infoCompl><xInfComp>Contrato 2026/17 - parcela 3 de 12</xInfComp></infoCompl></serv>");
    expect(buildDps(dpsWithIbsCbs()).xml).toContain("<IBSCBS><finNFSe>0</finNFSe><indFinal>0</indFinal><cIndOp>100301</cIndOp><indDest>0</indDest><valores><trib><gIBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib></gIBSCBS></trib></valores></IBSCBS>");
  });

  it("a changed DPS no longer verifies", () => {
    const { xml } = buildSignedDps(dpsRegular(), credentials);
    expect(verifyXmlSignature(xml.replace("<vServ>1000.00</vServ>", "<vServ>1.00</vServ>")).valid).toBe(false);
  });

  it("refuses a DPS that breaks the schema with 422 schema_validation_failed quoting libxml2", () => {
    const bad = { ...dpsRegular(), service: { ...dpsRegular().service, nationalCode: "1234" } };
    expect(() => buildSignedDps(bad, credentials)).toThrow(/cTribNac/);
  });
});
