import { createPrivateKey, sign } from "node:crypto";

// qrCodMDFe (MOC MDF-e 3.00a, DAMDFE QR Code; infMDFeSupl since layout 3.00): the SVRS query page
// with the key and the environment; an MDF-e issued in contingency (tpEmis 2) adds
// sign = base64 of the RSA-SHA1 signature of the key by the issuer's certificate, so the
// inspector can check it before the MDF-e reaches the authority. The schema's pattern
// (infMDFeSupl/qrCodMDFe) is "https?://…?chMDFe=<key>&tpAmb=[1-2](&sign=…)?".

export const MDFE_QR_CODE_URL = "https://dfe-portal.svrs.rs.gov.br/mdfe/qrCode";

export function mdfeQrCode(input: { accessKey: string; environment: "PRODUCTION" | "HOMOLOGATION"; tpEmis: "1" | "2"; privateKeyPem?: string }): string {
  const tpAmb = input.environment === "PRODUCTION" ? "1" : "2";
  const base = `${MDFE_QR_CODE_URL}?chMDFe=${input.accessKey}&tpAmb=${tpAmb}`;
  if (input.tpEmis !== "2") return base;
  if (!input.privateKeyPem) throw new Error("mdfeQrCode: a contingency MDF-e needs the issuer's private key to sign its QR Code");
  const signature = sign("sha1", Buffer.from(input.accessKey, "utf8"), createPrivateKey(input.privateKeyPem)).toString("base64");
  return `${base}&sign=${signature}`;
}
