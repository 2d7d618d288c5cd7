import fs from "node:fs";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { buildSignedNfe } from "@/lib/fiscal/nfe/build-signed-nfe";
import * as golden from "@/lib/fiscal/nfe/test-support/golden-inputs";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { EXAMPLES_DIR } from "@/lib/fiscal/nfe/test-support/xmlsec";
import { readXmlObject } from "./xml-object";

// readXmlObject must answer exactly what fast-xml-parser answers with the options it stands in for,
// or null (the caller then uses fast-xml-parser).
const LISTS = new Set(["det", "detPag", "dup", "NFref", "vol"]);
const reference = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@_", removeNSPrefix: true, parseTagValue: false, parseAttributeValue: false, trimValues: true, isArray: (name) => LISTS.has(name) });
const withoutDeclaration = (parsed: Record<string, unknown>) => Object.fromEntries(Object.entries(parsed).filter(([key]) => key !== "?xml"));
const credentials = testSigningCredentials();

const built: Array<[string, string]> = [
  ["simple NF-e", buildSignedNfe(golden.simpleNfe(), credentials).xml],
  ["NFC-e with card and PIX", buildSignedNfe(golden.nfceCardAndPix(), credentials).xml],
  ["transport and installments", buildSignedNfe(golden.transportAndInstallments(), credentials).xml],
  ["interstate B2C with DIFAL", buildSignedNfe(golden.interstateConsumerWithDifal(), credentials).xml],
  ["Simples Nacional with ST", buildSignedNfe(golden.simplesWithStNfe(), credentials).xml],
];
const examples: Array<[string, string]> = fs
  .readdirSync(path.join(EXAMPLES_DIR, "nfe"))
  .filter((name) => name.endsWith(".xml"))
  .map((name) => [name, fs.readFileSync(path.join(EXAMPLES_DIR, "nfe", name), "utf8")]);

describe("readXmlObject", () => {
  it.each([...built, ...examples])("reads %s as fast-xml-parser does", (_name, xml) => {
    const read = readXmlObject(xml, (name) => LISTS.has(name));
    if (read === null) return; // unsupported content: the caller falls back
    expect(read).toEqual(withoutDeclaration(reference.parse(xml)));
  });

  it("reads the documents built here without falling back", () => {
    for (const [, xml] of built) expect(readXmlObject(xml, (name) => LISTS.has(name))).not.toBeNull();
  });

  it("handles attributes, entities, empty and repeated elements, prefixes and mixed text like fast-xml-parser", () => {
    const xml = `<?xml version="1.0"?><ns:a xmlns:ns="urn:x" xmlns="urn:y" ns:k='v&amp;w'><b>1</b><b> 2 </b><c/><d x="1"/><e x="&lt;&gt;">t &amp; &quot;u&apos;</e><f></f><g>x<h>y</h></g><det>only</det><i a="1>2">z</i></ns:a>`;
    expect(readXmlObject(xml, (name) => LISTS.has(name))).toEqual(withoutDeclaration(reference.parse(xml)));
  });

  it("answers null for what it does not read (the caller falls back)", () => {
    expect(readXmlObject("<a><!-- c --></a>")).toBeNull();
    expect(readXmlObject("<a><![CDATA[x]]></a>")).toBeNull();
    expect(readXmlObject("<a>&#233;</a>")).toBeNull();
    expect(readXmlObject("<a><b></a>")).toBeNull();
    expect(readXmlObject("<a>")).toBeNull();
  });
});
