import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseAuthorizedXml } from "./parse-authorized-xml";
import { SHARED_DIR } from "@/test/shared-dir";

// The DANFE of an NF-e issued in EPEC (tpEmis 4): MOC 7.0 (Modalidades de Emissão, item 2.1.4) asks
// for "DANFE impresso em contingência - EPEC regularmente recebida pela Receita Federal do Brasil" in
// its body; while the NF-e waits for its authorization the EPEC's protocol is printed with it.

const nfe = readFileSync(path.join(`${SHARED_DIR}/fiscal/examples`, "nfe/nfeproc-55-authorized-hom.xml"), "utf8");
const epecNfe = nfe.replace("<tpEmis>1</tpEmis>", "<tpEmis>4</tpEmis>").replace("</verProc>", "</verProc><dhCont>2026-03-10T14:00:00-03:00</dhCont><xJust>SEFAZ-SP indisponivel e SVC-AN desabilitada</xJust>");

describe("the DANFE of an NF-e issued in EPEC", () => {
  it("prints the EPEC expression, its protocol and the contingency first in informações complementares", () => {
    const data = parseAuthorizedXml(epecNfe, { epec: { protocol: "891260000000123", registeredAt: "2026-03-10T14:01:02-03:00" } });
    expect(data.additionalInfo).toMatch(
      /^DANFE EM CONTINGÊNCIA EPEC – DANFE impresso em contingência - EPEC regularmente recebida pela Receita Federal do Brasil – Protocolo do EPEC: 891260000000123 de 10\/03\/2026 14:01(:02)? – Entrada em contingência: 10\/03\/2026 14:00(:00)? – Justificativa: SEFAZ-SP indisponivel e SVC-AN desabilitada/,
    );
    expect(data.contingency).toMatchObject({ tpEmis: "4" });
  });

  it("keeps the EPEC expression without a protocol (after authorization, or an EPEC answered 573)", () => {
    const data = parseAuthorizedXml(epecNfe);
    expect(data.additionalInfo).toMatch(/^DANFE EM CONTINGÊNCIA EPEC – DANFE impresso em contingência - EPEC regularmente recebida pela Receita Federal do Brasil – Entrada em contingência/);
    expect(data.additionalInfo).not.toContain("Protocolo do EPEC");
  });
});
