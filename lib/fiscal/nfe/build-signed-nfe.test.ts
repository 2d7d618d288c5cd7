import { describe, expect, it } from "vitest";
import { buildSignedNfe } from "./build-signed-nfe";
import { findRuleViolations } from "./rules/business-rules";
import * as golden from "./test-support/golden-inputs";
import { testSigningCredentials } from "./test-support/test-credentials";
import type { NfeInput } from "./types";

// Emission runs the business rules on unsignedXml (prepare-emission.ts): it must be the sent NFe without
// its Signature, and the rules must find exactly what they find in the signed text.
describe("buildSignedNfe's unsignedXml", () => {
  const credentials = testSigningCredentials();
  const cases: Array<[string, () => NfeInput]> = [
    ["an NF-e", golden.simpleNfe],
    ["an NFC-e (infNFeSupl before the Signature)", golden.nfceCardAndPix],
    ["an NF-e with transport and installments", golden.transportAndInstallments],
  ];

  it.each(cases)("is the signed XML of %s without its Signature", (_, input) => {
    const built = buildSignedNfe(input(), credentials);
    const signature = /<Signature xmlns="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#">[\s\S]*<\/Signature>/.exec(built.xml);
    expect(signature).not.toBeNull();
    expect(built.xml.replace(signature![0], "")).toBe(built.unsignedXml);
  });

  it.each(cases)("gives the rules what the signed XML of %s gives them, violations included", (_, input) => {
    const base = input();
    // Totals and payments that disagree with the lines: several rules fail.
    const broken: NfeInput = { ...base, totals: { ...base.totals, icmsTot: { ...base.totals.icmsTot, vNF: "1.00", vProd: "1.00" } } };
    for (const document of [base, broken]) {
      const built = buildSignedNfe(document, credentials);
      const context = { csc: document.csc ?? null };
      const onUnsigned = findRuleViolations(built.unsignedXml, context);
      expect(onUnsigned.map((v) => [v.cStat, v.nItem, v.detail])).toEqual(findRuleViolations(built.xml, context).map((v) => [v.cStat, v.nItem, v.detail]));
      if (document === broken) expect(onUnsigned.length).toBeGreaterThan(0);
      else expect(onUnsigned).toEqual([]);
    }
  });
});
