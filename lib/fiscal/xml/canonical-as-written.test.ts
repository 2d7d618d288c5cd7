import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildNfe } from "@/lib/fiscal/nfe/build-nfe";
import { transportAndInstallments } from "@/lib/fiscal/nfe/test-support/golden-inputs";
import { EXAMPLES_DIR } from "@/lib/fiscal/nfe/test-support/xmlsec";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { buildNfseXml } from "@/lib/authority/sefin-simulator/build-nfse-xml";
import { computeNfseValues } from "@/lib/authority/sefin-simulator/compute-values";
import { readDps } from "@/lib/authority/sefin-simulator/read-dps";
import { buildSignedDps, nfseAccessKey } from "@/lib/fiscal/nfse";
import { dpsRegularWithRetention } from "@/lib/fiscal/nfse/test-support/golden-dps";
import { canonicalAsWritten } from "./canonical-as-written";
import { canonicalElementByLibxml2, locateElement } from "./canonical-element";
import { signXml } from "./xml-signature";

// The shortcut must never answer anything but what libxml2 answers: for every
// element of every fixture and of mutated documents, it either declines (null)
// or gives libxml2's bytes.

function libxml2(xml: string, tag: string, from = 0): string | Error {
  try {
    const location = locateElement(xml, tag, from);
    if (!location) return new Error("not located");
    return canonicalElementByLibxml2(xml, location).toString("utf8");
  } catch (error) {
    return error as Error;
  }
}

function shortcut(xml: string, tag: string, from = 0): string | null {
  const location = locateElement(xml, tag, from);
  return location ? canonicalAsWritten(xml, location.start, location.end, location.inherited) : null;
}

/** Compares both on `tag`; true when the shortcut answered. */
function agrees(xml: string, tag: string, from = 0): boolean {
  let fast: string | null;
  try {
    fast = shortcut(xml, tag, from);
  } catch {
    return false; // locateElement refuses (xml:* on ancestors): no shortcut either
  }
  if (fast === null) return false;
  const slow = libxml2(xml, tag, from);
  expect(slow, `libxml2 refused what the shortcut accepted for <${tag}>`).not.toBeInstanceOf(Error);
  expect(fast, `<${tag}>`).toBe(slow);
  return true;
}

const signedSample = () => signXml(buildNfe(transportAndInstallments()).xml, testSigningCredentials("06929383000163"), { tag: "infNFe" });

/** An NFS-e as the simulator returns it: the signed DPS, with its own xmlns on DPS and Signature, inside infNFSe. */
function simulatorNfse(): string {
  const dps = dpsRegularWithRetention();
  const signed = buildSignedDps(dps, testSigningCredentials(dps.provider.cnpj));
  const received = readDps(signed.xml);
  const accessKey = nfseAccessKey({ municipality: "3550308", ambGer: "2", tpInsc: "2", inscription: dps.provider.cnpj, nNFSe: 42, yearMonth: "2611", cNum: "123456789" });
  return buildNfseXml({ accessKey, nNFSe: 42, dhProc: "2026-11-23T10:00:05-03:00", dps: received, dpsXml: signed.xml, values: computeNfseValues(received), emitName: "EMPRESA TESTE LTDA" });
}

function xmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? xmlFiles(path.join(dir, e.name)) : e.name.endsWith(".xml") ? [path.join(dir, e.name)] : []));
}

describe("canonicalAsWritten", () => {
  it("answers for what we build and sign: infNFe and SignedInfo", () => {
    const signed = signedSample();
    expect(agrees(signed, "infNFe")).toBe(true);
    expect(agrees(signed, "SignedInfo")).toBe(true);
    // Inside enviNFe, where the namespace is inherited from two levels up.
    const batch = `<enviNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><idLote>1</idLote><indSinc>1</indSinc>${signed}</enviNFe>`;
    expect(agrees(batch, "infNFe")).toBe(true);
    expect(agrees(batch, "SignedInfo")).toBe(true);
  });

  it("answers for an NFS-e, whose embedded DPS and signatures redeclare their namespaces", () => {
    const nfse = simulatorNfse();
    expect(nfse).toContain('<DPS xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.01">');
    expect(agrees(nfse, "infNFSe")).toBe(true);
    expect(agrees(nfse, "infDPS")).toBe(true);
  });

  it("agrees with libxml2 on every element of every example document", () => {
    const files = [...xmlFiles(EXAMPLES_DIR), ...xmlFiles(path.join(process.cwd(), "test", "fixtures"))];
    expect(files.length).toBeGreaterThan(5);
    let answered = 0;
    for (const file of files) {
      const xml = fs.readFileSync(file, "utf8");
      const names = new Set([...xml.matchAll(/<([A-Za-z_][\w.:-]*)[\s>]/g)].map((m) => m[1]!));
      for (const name of names) if (agrees(xml, name)) answered++;
    }
    expect(answered).toBeGreaterThan(500);
  });

  it("declines what C14N would rewrite, and agrees wherever it answers", () => {
    const signed = signedSample();
    const apex = '<infNFe Id="NFe';
    const mutations: Array<[string, (xml: string) => string, boolean]> = [
      ["comment", (x) => x.replace("<ide>", "<ide><!-- c -->"), false],
      ["CDATA", (x) => x.replace("<natOp>", "<natOp><![CDATA[a]]>"), false],
      ["processing instruction", (x) => x.replace("<ide>", "<ide><?pi x?>"), false],
      ["character reference", (x) => x.replace("<natOp>", "<natOp>&#65;"), false],
      ["&quot; in text", (x) => x.replace("<natOp>", "<natOp>&quot;"), false],
      ["&apos; in text", (x) => x.replace("<natOp>", "<natOp>&apos;"), false],
      ["raw > in text", (x) => x.replace("<natOp>", "<natOp>a>b"), false],
      ["CR LF in text", (x) => x.replace("<natOp>", "<natOp>a\r\nb"), false],
      ["tab in an attribute", (x) => x.replace('nItem="1"', 'nItem="1\t"'), false],
      ["&gt; in an attribute", (x) => x.replace('nItem="1"', 'nItem="1&gt;"'), false],
      ["empty-element tag", (x) => x.replace("<ide>", "<ide><x/>"), false],
      ["space before >", (x) => x.replace("<ide>", "<ide >"), false],
      ["space in an end tag", (x) => x.replace("</ide>", "</ide >"), false],
      ["two spaces between attributes", (x) => x.replace('<det nItem="1">', '<det  nItem="1">'), false],
      ["single-quoted attribute", (x) => x.replace('nItem="1"', "nItem='1'"), false],
      ["unsorted attributes", (x) => x.replace('<det nItem="1">', '<det nItem="1" a="2">'), false],
      ["repeated attribute", (x) => x.replace('<det nItem="1">', '<det nItem="1" nItem="1">'), false],
      ["prefixed attribute", (x) => x.replace("<ide>", '<ide xml:lang="pt">'), false],
      ["superfluous namespace below the apex", (x) => x.replace("<ide>", '<ide xmlns="http://www.portalfiscal.inf.br/nfe">'), true],
      ["superfluous namespace after an attribute", (x) => x.replace('<det nItem="1">', '<det nItem="1" xmlns="http://www.portalfiscal.inf.br/nfe">'), true],
      ["another namespace below the apex", (x) => x.replace("<ide>", '<ide xmlns="http://example.com/x">'), true],
      ["another namespace before an attribute", (x) => x.replace('<det nItem="1">', '<det xmlns="http://example.com/x" nItem="1">'), true],
      [
        "another namespace whose child redeclares the original",
        (x) => x.replace("<ide><cUF>", '<ide xmlns="http://example.com/x"><cUF xmlns="http://www.portalfiscal.inf.br/nfe">'),
        true,
      ],
      ["empty namespace below the apex", (x) => x.replace("<ide>", '<ide xmlns="">'), false],
      ["another namespace after an attribute", (x) => x.replace('<det nItem="1">', '<det nItem="1" xmlns="http://example.com/x">'), false],
      ["relative namespace URI below the apex", (x) => x.replace("<ide>", '<ide xmlns="nfe">'), false],
      ["prefixed namespace below the apex", (x) => x.replace("<ide>", '<ide xmlns:p="http://example.com/p">'), false],
      ["repeated namespace below the apex", (x) => x.replace("<ide>", '<ide xmlns="http://example.com/x" xmlns="http://example.com/x">'), false],
      ["undeclared prefix", (x) => x.replace("<ide>", "<p:x></p:x><ide>"), false],
      ["mismatched end tag", (x) => x.replace("</natOp>", "</natOpX>"), false],
      ["control character", (x) => x.replace("<natOp>", "<natOp>\u0001"), false],
      ["relative namespace URI on the apex", (x) => x.replace(apex, `<infNFe xmlns="nfe" Id="NFe`), false],
      ["apex attributes written loosely and out of order", (x) => x.replace(/<infNFe Id="(NFe\d+)" versao="4.00">/, '<infNFe\n versao = "4.00"  Id=\'$1\' >'), true],
      ["apex declaring its own namespace", (x) => x.replace(apex, `<infNFe xmlns="http://www.portalfiscal.inf.br/nfe" Id="NFe`), true],
      ["apex declaring an unused prefix", (x) => x.replace(apex, `<infNFe xmlns:z="http://example.com/z" Id="NFe`), true],
      ["prefixed elements inside", (x) => x.replace(apex, `<infNFe xmlns:z="http://example.com/z" Id="NFe`).replace("<ide>", "<z:a>1</z:a><ide>"), true],
      ["escapes C14N keeps", (x) => x.replace("<natOp>", "<natOp>&amp;&lt;&gt;\t\u00e9 '\"").replace('nItem="1"', 'nItem="&amp;&lt;&quot;>\'"'), true],
      ["whitespace text", (x) => x.replace("<ide>", "<ide>\n  "), true],
    ];
    for (const [name, mutate, answers] of mutations) {
      const xml = mutate(signed);
      expect(xml, name).not.toBe(signed);
      expect(agrees(xml, "infNFe"), name).toBe(answers);
    }
  });

  it("agrees with libxml2 on randomly damaged documents", () => {
    const signed = signedSample();
    const snippets = ["<!--x-->", "&amp;", "&lt;", "&gt;", "&quot;", "&#x41;", ">", "\r", "\t", "\n", " ", "<a/>", "<a></a>", '<a b="1" a="2"></a>', '<a a="1" b="2"></a>', "<a a='1'></a>", '<a xmlns=""></a>', '<a xmlns="http://example.com/x"></a>', '<a xmlns="http://www.portalfiscal.inf.br/nfe"></a>', "<?p?>", "]]>", "\u00e7", "'", '"', "/", "=", "<", "</ide>", "<ide>"];
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const start = signed.indexOf("<infNFe");
    const end = signed.indexOf("</infNFe>");
    let answered = 0;
    for (let round = 0; round < 400; round++) {
      let xml = signed;
      for (let k = 1 + random(2); k > 0; k--) {
        const at = start + 1 + random(end - start - 1);
        xml = xml.slice(0, at) + snippets[random(snippets.length)] + xml.slice(at);
      }
      if (agrees(xml, "infNFe")) answered++;
    }
    expect(answered).toBeGreaterThan(20);
  });
});
