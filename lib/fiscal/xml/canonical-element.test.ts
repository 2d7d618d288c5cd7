import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EXAMPLES_DIR } from "@/lib/fiscal/nfe/test-support/xmlsec";
import { locateElement, locateElementAfter } from "./canonical-element";

function xmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? xmlFiles(path.join(dir, e.name)) : e.name.endsWith(".xml") ? [path.join(dir, e.name)] : []));
}

describe("locateElementAfter", () => {
  it("finds what locateElement finds, scanning only after the previous element", () => {
    let compared = 0;
    for (const file of xmlFiles(EXAMPLES_DIR)) {
      const xml = fs.readFileSync(file, "utf8");
      for (const tag of ["infNFe", "infEvento", "infInut", "infDPS", "infNFSe"]) {
        const previous = locateElement(xml, tag);
        if (!previous) continue;
        for (const from of [previous.end, xml.indexOf("<Signature", previous.end), previous.start]) {
          if (from < 0) continue;
          expect(locateElementAfter(xml, "SignedInfo", previous, from), `${file} ${tag} ${from}`).toEqual(locateElement(xml, "SignedInfo", from));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(5);
  });

  it("leaving the previous element's parent, it falls back to a whole scan (a second NF-e's signature in a batch)", () => {
    const nfe = (n: number, ns: string) =>
      `<NFe${ns}><infNFe Id="NFe${n}"><a>${n}</a></infNFe><Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo><x>${n}</x></SignedInfo></Signature></NFe>`;
    const batch = `<enviNFe xmlns="http://www.portalfiscal.inf.br/nfe" xmlns:p="urn:p"><idLote>1</idLote>${nfe(1, ' xmlns:q="urn:q"')}${nfe(2, "")}</enviNFe>`;
    const first = locateElement(batch, "infNFe")!;
    const secondSignature = batch.lastIndexOf("<Signature");
    const expected = locateElement(batch, "SignedInfo", secondSignature)!;
    expect(expected.inherited.has("q")).toBe(false);
    expect(locateElementAfter(batch, "SignedInfo", first, secondSignature)).toEqual(expected);
    expect(locateElementAfter(batch, "SignedInfo", first, first.end)?.inherited.get("q")).toBe("urn:q");
  });
});
