import { createVerify } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { buildSignedNfe } from "./build-signed-nfe";
import { nfceQrEntry, nfceUrlChave } from "./nfce-qr-code";
import { nfceCardAndPix } from "./test-support/golden-inputs";
import { testSigningCredentials } from "./test-support/test-credentials";

const credentials = testSigningCredentials("11222333000181");

describe("NFC-e QR code tables", () => {
  it("reads the QR version and URLs per state and environment from the SEFAZ tables", () => {
    expect(nfceQrEntry("SP", "HOMOLOGATION")).toEqual({ url: "https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode", version: 3 });
    expect(nfceQrEntry("SP", "PRODUCTION")).toEqual({ url: "https://www.nfce.fazenda.sp.gov.br/qrcode", version: 2 });
    expect(nfceQrEntry("AM", "PRODUCTION").url).toBe("https://sistemas.sefaz.am.gov.br/nfceweb/consultarNFCe.jsp");
    expect(nfceUrlChave("AM", "PRODUCTION")).toBe("www.sefaz.am.gov.br/nfce/consulta");
    expect(nfceUrlChave("SP", "HOMOLOGATION")).toBe("https://www.homologacao.nfce.fazenda.sp.gov.br/NFCeConsultaPublica");
  });
});

describe("offline NFC-e (tpEmis 9) with QR code version 3", () => {
  it("signs the QR fields with the A1 and passes the schema's v3 offline pattern", () => {
    const input = { ...nfceCardAndPix(), tpEmis: "9" as const, contingency: { at: "2026-03-10T17:00:00Z", reason: "Sem conexao com a SEFAZ no momento da venda" } };
    const built = buildSignedNfe(input, credentials);
    expect(built.accessKey.charAt(34)).toBe("9");
    expect(built.xml).toContain("<tpEmis>9</tpEmis>");
    expect(built.xml).toContain("<dhCont>2026-03-10T14:00:00-03:00</dhCont><xJust>Sem conexao com a SEFAZ no momento da venda</xJust>");
    const qr = /<qrCode>([^<]+)<\/qrCode>/.exec(built.xml)![1]!;
    const fields = `${built.accessKey}|3|2|10|23.66|2|12345678909`;
    expect(qr.startsWith(`https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode?p=${fields}|`)).toBe(true);
    const signature = qr.slice(qr.lastIndexOf("|") + 1);
    expect(createVerify("RSA-SHA1").update(fields).verify(credentials.certificatePem, signature, "base64")).toBe(true);
    expect(checkXmlSchema(built.xml, "nfe/nfe_v4.00.xsd")).toEqual({ valid: true });
  });

  it("refuses the offline v2 QR code, which needs the digest of a signature not yet made", () => {
    const input = { ...nfceCardAndPix(), environment: "PRODUCTION" as const, tpEmis: "9" as const, contingency: { at: "2026-03-10T17:00:00Z", reason: "Sem conexao com a SEFAZ no momento da venda" } };
    expect(() => buildSignedNfe(input, credentials)).toThrow(/version 2 is not supported/);
  });
});
