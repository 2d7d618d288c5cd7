import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseAuthorizedXml } from "./parse-authorized-xml";
import { SHARED_DIR } from "@/test/shared-dir";

const nfe = readFileSync(path.join(`${SHARED_DIR}/fiscal/examples`, "nfe/nfeproc-55-authorized-hom.xml"), "utf8");
const signature = /<Signature[\s>][\s\S]*?<\/Signature>/.exec(nfe)![0];

describe("parseAuthorizedXml", () => {
  it("reads the same data whether or not the signatures are there", () => {
    expect(parseAuthorizedXml(nfe.replace(signature, ""))).toEqual(parseAuthorizedXml(nfe));
  });

  it("cuts each signature alone: a signed protNFe keeps its protocol, the items and totals stay", () => {
    // Some authorizers sign protNFe as well: two Signature elements with the
    // document's data between and after them.
    const signedProtocol = nfe.replace(/(<infProt[\s\S]*?<\/infProt>)/, `$1${signature}`);
    expect(signedProtocol.match(/<Signature[\s>]/g)).toHaveLength(2);
    const data = parseAuthorizedXml(signedProtocol);
    expect(data.protocol).toEqual({ number: "143180006932433", receivedAt: expect.stringMatching(/^2018-09-25T16:21:05/) });
    expect(data.items).toHaveLength(1);
    expect(data.totals.totalValue).toBe("500.00");
    expect(data).toEqual(parseAuthorizedXml(nfe));
  });
});

describe("an NF-e issued through an SVC", () => {
  it("prints the contingency notice (SVC, entry time, justification) first in informações complementares", () => {
    const svc = nfe.replace("<tpEmis>1</tpEmis>", "<tpEmis>6</tpEmis>").replace("</verProc>", "</verProc><dhCont>2026-03-10T14:00:00-03:00</dhCont><xJust>SEFAZ-SP indisponivel (teste)</xJust>");
    const data = parseAuthorizedXml(svc);
    expect(data.contingency).toEqual({ tpEmis: "6", at: "2026-03-10T14:00:00-03:00", reason: "SEFAZ-SP indisponivel (teste)" });
    expect(data.additionalInfo).toMatch(/^EMITIDA EM CONTINGÊNCIA \(SVC-AN\) – Entrada em contingência: 10\/03\/2026 14:00(:00)? – Justificativa: SEFAZ-SP indisponivel \(teste\)/);
    expect(parseAuthorizedXml(nfe).contingency).toBeUndefined();
  });
});

describe("a return naming the note it returns", () => {
  it("prints the referenced NF-e's key first in informações complementares", () => {
    const returned = "35261011222333000181550010000000421000000420";
    const refs = `<NFref><refNFe>${returned}</refNFe></NFref><NFref><refNFe>${returned.replace("42", "43")}</refNFe></NFref>`;
    const devolucao = nfe.replace("</idDest>", `</idDest>${refs}`);
    const data = parseAuthorizedXml(devolucao);
    expect(data.additionalInfo).toMatch(/^NF-e referenciadas: 3526 1011 2223 3300 0181 5500 1000 0000 4210 0000 0420, 3526 1011 2223 3300 0181 5500 1000 0000 4310 0000 0420( – |$)/);
    expect(parseAuthorizedXml(nfe).additionalInfo ?? "").not.toContain("referenciada");
  });
});
