import { spawnSync } from "node:child_process";
import { createHash, createVerify } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SHARED_DIR } from "@/test/shared-dir";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { buildNfe } from "./build-nfe";
import { buildSignedNfe } from "./build-signed-nfe";
import { nfceQrCode, nfceQrEntry, nfceQrReferences, nfceQrStateRow, nfceUrlChave } from "./nfce-qr-code";
import { nfceCardAndPix } from "./test-support/golden-inputs";
import { issuedIn } from "./test-support/nfce-in-state";
import { testSigningCredentials } from "./test-support/test-credentials";
import { readExample, xmlsecVerify } from "./test-support/xmlsec";
import type { NfeInput } from "./types";

const credentials = testSigningCredentials("11222333000181");
const SEFAZ_DIR = `${SHARED_DIR}/fiscal/data/sefaz`;
const NFE_XSD = `${SHARED_DIR}/fiscal/schemas/nfe/PL_010_V1.30/nfe_v4.00.xsd`;
const UFS = (JSON.parse(fs.readFileSync(`${SHARED_DIR}/fiscal/data/uf-ibge.json`, "utf8")) as { ufs: Array<{ uf: string }> }).ufs.map((u) => u.uf);
const ENVIRONMENTS = ["PRODUCTION", "HOMOLOGATION"] as const;
const CSC = { id: "000001", secret: "0123456789ABCDEF0123456789ABCDEF" };
const OFFLINE = { tpEmis: "9" as const, contingency: { at: "2026-03-10T17:00:00Z", reason: "Sem conexao com a SEFAZ no momento da venda" } };

const qrOf = (xml: string) => /<qrCode>([^<]+)<\/qrCode>/.exec(xml)![1]!;
const pOf = (qr: string) => qr.slice(qr.indexOf("?p=") + 3);

/** xmllint (Debian libxml2-utils) against the official nfe_v4.00.xsd, as ../shared/fiscal/README.md validates. */
function xmllint(xml: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nfce-qr-"));
  const file = path.join(dir, "nfce.xml");
  fs.writeFileSync(file, xml);
  try {
    const run = spawnSync("xmllint", ["--noout", "--nonet", "--schema", NFE_XSD, file], { encoding: "utf8", timeout: 30_000 });
    return `${run.stderr}`.trim();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The official tables in ../shared: NfeConsultaQR of wsnfe_4.00_mod65.xml and uri_consulta_nfce.json. */
function sharedTables() {
  const xml = fs.readFileSync(`${SEFAZ_DIR}/wsnfe_4.00_mod65.xml`, "utf8");
  const uri = JSON.parse(fs.readFileSync(`${SEFAZ_DIR}/uri_consulta_nfce.json`, "utf8")) as Record<"1" | "2", Record<string, string>>;
  const qr = new Map<string, string>();
  for (const uf of xml.matchAll(/<UF>\s*<sigla>([A-Z]{2})<\/sigla>([\s\S]*?)<\/UF>/g)) {
    for (const env of uf[2]!.matchAll(/<(homologacao|producao)>([\s\S]*?)<\/\1>/g)) {
      const url = /<NfeConsultaQR[^>]*>([^<]+)<\/NfeConsultaQR>/.exec(env[2]!)?.[1];
      if (url) qr.set(`${uf[1]}:${env[1] === "producao" ? "PRODUCTION" : "HOMOLOGATION"}`, url.trim());
    }
  }
  return { qr, urlChave: (uf: string, environment: string) => uri[environment === "PRODUCTION" ? "1" : "2"][uf] };
}

/** The 27 UFs of ../shared/fiscal/data/uf-ibge.json. */
const stateCodes = () => UFS;

describe("the NFC-e QR state table (data/nfce-qr-states.json)", () => {
  it("has every state in both environments, each value with a source that names where it comes from", () => {
    const ufs = stateCodes();
    expect(ufs).toHaveLength(27);
    for (const uf of ufs) {
      for (const environment of ENVIRONMENTS) {
        const row = nfceQrStateRow(uf, environment);
        expect(row.qrCodeUrl, `${uf} ${environment}`).toMatch(/^https?:\/\/[a-z0-9.:-]+\//i);
        expect(row.urlChave.length, `${uf} ${environment} urlChave within the schema's 21..85`).toBeGreaterThanOrEqual(21);
        expect(row.urlChave.length).toBeLessThanOrEqual(85);
        for (const key of Object.values(row.source)) expect(nfceQrReferences[key], `${uf} ${environment} source ${key}`).toMatch(/\S{20,}/);
      }
    }
  });

  it("follows the official tables in ../shared, and every value that differs cites its own source", () => {
    const shared = sharedTables();
    const divergent: string[] = [];
    for (const uf of stateCodes()) {
      for (const environment of ENVIRONMENTS) {
        const row = nfceQrStateRow(uf, environment);
        if (row.qrCodeUrl !== shared.qr.get(`${uf}:${environment}`)) {
          divergent.push(`${uf} ${environment} qrCode`);
          expect(row.source.qrCodeUrl, `${uf} ${environment}`).not.toBe("shared-wsnfe-mod65");
        }
        if (row.urlChave !== shared.urlChave(uf, environment)) {
          divergent.push(`${uf} ${environment} urlChave`);
          expect(row.source.urlChave).not.toBe("shared-uri-consulta-nfce");
        }
      }
    }
    // RR production: /nfce/servlet/qrcode; DF and RJ homologation: the production hosts (docs/api-notes/nfce-qr-code.md).
    expect(divergent.sort()).toEqual(["DF HOMOLOGATION qrCode", "RJ HOMOLOGATION qrCode", "RR PRODUCTION qrCode"]);
  });

  it("puts QR-Code v3 in every state (NT 2025.001, production from 01/09/2025) except PR, which keeps the CSC (v2)", () => {
    for (const uf of stateCodes()) {
      for (const environment of ENVIRONMENTS) {
        expect(nfceQrEntry(uf, environment).version, `${uf} ${environment}`).toBe(uf === "PR" ? 2 : 3);
        expect(nfceQrStateRow(uf, environment).source.version).toBe(uf === "PR" ? "pr-keeps-csc" : "nt-2025-001");
      }
    }
  });

  it("has the checked URLs of RR, SE, PE, DF and RJ for both environments", () => {
    const rows = Object.fromEntries(
      ["RR", "SE", "PE", "DF", "RJ"].flatMap((uf) => ENVIRONMENTS.map((env) => [`${uf} ${env}`, [nfceQrEntry(uf, env).url, nfceUrlChave(uf, env)]])),
    );
    expect(rows).toEqual({
      "RR PRODUCTION": ["https://www.sefaz.rr.gov.br/nfce/servlet/qrcode", "www.sefaz.rr.gov.br/nfce/consulta"],
      "RR HOMOLOGATION": ["http://200.174.88.103:8080/nfce/servlet/qrcode", "www.sefaz.rr.gov.br/nfce/consulta"],
      "SE PRODUCTION": ["http://www.nfce.se.gov.br/nfce/qrcode", "http://www.nfce.se.gov.br/nfce/consulta"],
      "SE HOMOLOGATION": ["http://www.hom.nfe.se.gov.br/nfce/qrcode", "http://www.hom.nfe.se.gov.br/nfce/consulta"],
      "PE PRODUCTION": ["http://nfce.sefaz.pe.gov.br/nfce/consulta", "nfce.sefaz.pe.gov.br/nfce/consulta"],
      "PE HOMOLOGATION": ["http://nfcehomolog.sefaz.pe.gov.br/nfce/consulta", "nfce.sefaz.pe.gov.br/nfce/consulta"],
      "DF PRODUCTION": ["http://www.fazenda.df.gov.br/nfce/qrcode", "www.fazenda.df.gov.br/nfce/consulta"],
      "DF HOMOLOGATION": ["http://www.fazenda.df.gov.br/nfce/qrcode", "www.fazenda.df.gov.br/nfce/consulta"],
      "RJ PRODUCTION": ["https://consultadfe.fazenda.rj.gov.br/consultaNFCe/QRCode", "www.fazenda.rj.gov.br/nfce/consulta"],
      "RJ HOMOLOGATION": ["https://consultadfe.fazenda.rj.gov.br/consultaNFCe/QRCode", "www.fazenda.rj.gov.br/nfce/consulta"],
    });
  });
});

describe("QR-Code content per version against public worked examples", () => {
  it("online v2: reproduces the QR of ../shared/fiscal/examples/nfce/nfeproc-65-authorized-hom.xml (asseinfo/br_danfe fixture, Manual v5.00 example key) with CSC id 1 and CSC 0123456789", () => {
    const fixture = pOf(qrOf(readExample("nfce/nfeproc-65-authorized-hom.xml").replace(/<!\[CDATA\[|\]\]>/g, "")));
    expect(fixture).toBe("13130901144012000152651231234567891123456786|2|2|1|A604FD51E40ED8465B787B3E9CF8C1D90E61DB13");
    const qr = nfceQrCode({ accessKey: "13130901144012000152651231234567891123456786", uf: "AM", environment: "HOMOLOGATION", version: 2, csc: { id: "000001", secret: "0123456789" } });
    expect(qr).toBe(`https://sistemas.sefaz.am.gov.br/nfceweb-hom/consultarNFCe.jsp?p=${fixture}`);
  });

  it("offline v2: writes the fields of nfephp-org/sped-nfe's fixture nfce_com_qrcode.xml (../shared/fiscal/examples/nfce/nfce-65-signed-qrcode-hom.xml), digVal as the hex of the DigestValue's text", () => {
    const fixtureXml = readExample("nfce/nfce-65-signed-qrcode-hom.xml");
    const fixture = pOf(qrOf(fixtureXml));
    const accessKey = /Id="NFe(\d{44})"/.exec(fixtureXml)![1]!;
    const digestValue = /<DigestValue>([^<]+)<\/DigestValue>/.exec(fixtureXml)![1]!;
    const qr = nfceQrCode({
      accessKey, uf: "BA", environment: "HOMOLOGATION", version: 2, csc: CSC,
      offline: { issuedAt: "2018-10-01T07:28:14-04:00", vNF: "150.00", digestValue },
    });
    const fields = fixture.slice(0, fixture.lastIndexOf("|"));
    expect(fields).toBe("29181033657677000156650010001654399001654399|2|2|01|150.00|6d395a7251544b4d7876374131426c6e662f6e6d4e4756582b4e383d|1");
    // The fixture's CSC is not published: the hash is checked with ours.
    expect(pOf(qr)).toBe(`${fields}|${createHash("sha1").update(fields + CSC.secret).digest("hex").toUpperCase()}`);
  });

  it("online v3: chave|3|tpAmb and nothing else, no CSC (NT 2025.001; sped-nfe QRCode::get300)", () => {
    const key = "35260311222333000181650010000005011908172630";
    expect(nfceQrCode({ accessKey: key, uf: "SP", environment: "PRODUCTION", csc: null })).toBe(`https://www.nfce.fazenda.sp.gov.br/qrcode?p=${key}|3|1`);
    expect(nfceQrCode({ accessKey: key, uf: "RJ", environment: "HOMOLOGATION" })).toBe(`https://consultadfe.fazenda.rj.gov.br/consultaNFCe/QRCode?p=${key}|3|2`);
  });

  it("offline v3: chave|3|tpAmb|dd|vNF|tpIdDest|idDest|signature; a foreign recipient is 3 with an empty id (Manual do DANFE NFC-e v6.00, p. 30), none leaves both empty", () => {
    const key = "35260311222333000181650010000005019908172637";
    const cases = [
      [{ type: "CPF", value: "12345678909" }, "2|12345678909"],
      [{ type: "CNPJ", value: "60746948000112" }, "1|60746948000112"],
      [{ type: "FOREIGN", value: "AB123456" }, "3|"],
      [null, "|"],
    ] as const;
    for (const [recipient, tail] of cases) {
      const qr = nfceQrCode({ accessKey: key, uf: "SP", environment: "PRODUCTION", offline: { issuedAt: "2026-03-09T14:00:00-03:00", vNF: "23.66", recipient, privateKeyPem: credentials.privateKeyPem } });
      const fields = `${key}|3|1|09|23.66|${tail}`;
      expect(qr.startsWith(`https://www.nfce.fazenda.sp.gov.br/qrcode?p=${fields}|`)).toBe(true);
      const signature = qr.slice(qr.lastIndexOf("|") + 1);
      expect(createVerify("RSA-SHA1").update(fields).verify(credentials.certificatePem, signature, "base64")).toBe(true);
    }
  });
});

describe("the emitted NFC-e (infNFeSupl) against the official schema, with xmllint", () => {
  const offline = (input: NfeInput): NfeInput => ({ ...input, ...OFFLINE });
  const foreign = (input: NfeInput): NfeInput => ({ ...input, recipient: { document: { type: "FOREIGN", value: "P1234567" }, name: "John Smith" } });
  const cases: Array<[string, () => NfeInput, RegExp]> = [
    ["v3 state (SP) online", () => ({ ...nfceCardAndPix(), environment: "PRODUCTION" }), /\?p=\d{44}\|3\|1$/],
    ["v3 state (SP) offline, foreign recipient", () => foreign(offline({ ...nfceCardAndPix(), environment: "PRODUCTION" })), /\?p=\d{44}\|3\|1\|10\|23\.66\|3\|\|[A-Za-z0-9+/]+=*$/],
    ["v2 state (PR) online", () => ({ ...issuedIn(nfceCardAndPix(), "PR"), environment: "PRODUCTION" }), /\?p=\d{44}\|2\|1\|1\|[0-9A-F]{40}$/],
    ["v2 state (PR) offline", () => offline({ ...issuedIn(nfceCardAndPix(), "PR"), environment: "PRODUCTION" }), /\?p=\d{44}\|2\|1\|10\|23\.66\|[0-9a-f]{56}\|1\|[0-9A-F]{40}$/],
  ];

  for (const [name, input, content] of cases) {
    it(`${name}: signed, QR and urlChave as the table says, valid for libxml2 and xmllint, signature verified by xmlsec1`, () => {
      const built = buildSignedNfe(input(), credentials);
      const qr = qrOf(built.xml);
      expect(qr).toMatch(content);
      expect(qr).toContain(built.accessKey);
      const uf = input().issuer.address.uf;
      expect(qr.startsWith(`${nfceQrEntry(uf, "PRODUCTION").url}?p=`)).toBe(true);
      expect(built.xml).toContain(`<urlChave>${nfceUrlChave(uf, "PRODUCTION")}</urlChave>`);
      expect(checkXmlSchema(built.xml, "nfe/nfe_v4.00.xsd")).toEqual({ valid: true });
      expect(xmllint(built.xml)).toMatch(/validates$/);
      expect(xmlsecVerify(built.xml, "infNFe").ok).toBe(true);
    });
  }

  it("offline v2: the QR's digVal is the DigestValue the signature carries", () => {
    const built = buildSignedNfe(offline({ ...issuedIn(nfceCardAndPix(), "PR"), environment: "PRODUCTION" }), credentials);
    const digestValue = /<DigestValue>([^<]+)<\/DigestValue>/.exec(built.xml)![1]!;
    expect(pOf(qrOf(built.xml)).split("|")[5]).toBe(Buffer.from(digestValue, "latin1").toString("hex"));
    expect(buildNfe(offline({ ...issuedIn(nfceCardAndPix(), "PR"), environment: "PRODUCTION" })).xml).toContain(qrOf(built.xml));
  });

  it("the offline v3 QR without the certificate, and v2 without the CSC, are refused before anything is sent", () => {
    expect(() => buildNfe(offline({ ...nfceCardAndPix(), environment: "PRODUCTION" }))).toThrow(/signed with the company's certificate/);
    expect(() => buildNfe({ ...issuedIn(nfceCardAndPix(), "PR"), environment: "PRODUCTION", csc: null })).toThrow(/CSC/);
  });
});
