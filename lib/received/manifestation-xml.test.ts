import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { distDFeInt } from "@/lib/authority/request-messages";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { SHARED_DIR } from "@/test/shared-dir";
import { buildSignedManifestation, MANIFESTATION_EVENT } from "./build-manifestation";
import { MANIFESTATION_TYPES } from "./manifestation-types";
import { ManifestationInput } from "./schemas";

// The requests of the received-documents domain against the official schemas
// with xmllint, and the manifestation's signature with xmlsec1.
const SCHEMAS = `${SHARED_DIR}/fiscal/schemas/nfe/PL_010_V1.30`;
const CNPJ = "11222333000181";
const KEY = "35261111222333000181550010000000011000000010";

function withFile<T>(content: string, run: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "manifestation-"));
  const file = path.join(dir, "doc.xml");
  fs.writeFileSync(file, content);
  try {
    return run(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const xmllint = (xml: string, schema: string) => withFile(xml, (file) => spawnSync("xmllint", ["--noout", "--schema", `${SCHEMAS}/${schema}`, file], { encoding: "utf8" }).stderr);

describe("manifestation events (leiauteConfRecebto 1.00)", () => {
  for (const type of MANIFESTATION_TYPES) {
    it(`${type}: signed evento valid for its own schema, verified by xmlsec1`, () => {
      const xml = buildSignedManifestation(
        { accessKey: KEY, environment: "HOMOLOGATION", authorCnpj: CNPJ, uf: "SP", type, justification: "Mercadoria recusada na portaria", occurredAt: new Date("2026-11-20T15:00:00Z") },
        testSigningCredentials(CNPJ),
      );
      const tpEvento = MANIFESTATION_EVENT[type].tpEvento;
      expect(xml).toContain(`<infEvento Id="ID${tpEvento}${KEY}01"><cOrgao>91</cOrgao><tpAmb>2</tpAmb><CNPJ>${CNPJ}</CNPJ>`);
      expect(xml.includes("<xJust>")).toBe(type === "NAO_REALIZADA");
      expect(xmllint(xml, "confRecebto_v1.00.xsd")).toContain("validates");
      // The event's own schema describes its detEvento.
      const detail = /<detEvento[\s\S]*<\/detEvento>/.exec(xml)![0].replace("<detEvento ", '<detEvento xmlns="http://www.portalfiscal.inf.br/nfe" ');
      expect(xmllint(detail, `e${tpEvento}_v1.00.xsd`)).toContain("validates");
      const verified = withFile(xml, (file) => spawnSync("xmlsec1", ["--verify", "--insecure", "--id-attr:Id", "infEvento", file], { encoding: "utf8" }));
      expect(`${verified.stdout}${verified.stderr}`).toMatch(/^OK$/m);
    });
  }

  it("NAO_REALIZADA needs a justification of 15 to 255 characters; the others take none", () => {
    expect(ManifestationInput.safeParse({ type: "NAO_REALIZADA" }).success).toBe(false);
    expect(ManifestationInput.safeParse({ type: "NAO_REALIZADA", justification: "curta" }).success).toBe(false);
    expect(ManifestationInput.safeParse({ type: "NAO_REALIZADA", justification: "x".repeat(256) }).success).toBe(false);
    expect(ManifestationInput.safeParse({ type: "NAO_REALIZADA", justification: "Mercadoria nao entregue" }).success).toBe(true);
    expect(ManifestationInput.safeParse({ type: "CIENCIA" }).success).toBe(true);
    expect(ManifestationInput.safeParse({ type: "RECUSA" }).success).toBe(false);
  });
});

describe("distDFeInt 1.01", () => {
  it("distNSU, consNSU and consChNFe for a CNPJ or a CPF are valid for the official schema", () => {
    for (const xml of [
      distDFeInt("HOMOLOGATION", "SP", CNPJ, { kind: "distNSU", lastNsu: "0" }),
      distDFeInt("PRODUCTION", "RJ", CNPJ, { kind: "consNSU", nsu: "123" }),
      distDFeInt("HOMOLOGATION", "SP", "52998224725", { kind: "consChNFe", accessKey: KEY }),
    ]) {
      expect(xmllint(xml, "distDFeInt_v1.01.xsd"), xml).toContain("validates");
    }
    expect(distDFeInt("HOMOLOGATION", "SP", CNPJ, { kind: "distNSU", lastNsu: "42" })).toContain("<cUFAutor>35</cUFAutor><CNPJ>11222333000181</CNPJ><distNSU><ultNSU>000000000000042</ultNSU></distNSU>");
  });
});
