import { validateXml } from "@/lib/fiscal/xml/schema-validation";
import { signXml, type SigningCredentials } from "@/lib/fiscal/xml/xml-signature";
import { buildDps } from "./build-dps";
import type { BuiltDps, DpsInput } from "./types";

/**
 * Build, sign infDPS (enveloped, C14N, RSA-SHA1, X509Certificate only, no
 * prefixes: MAN-INT §6.1.4) and validate against DPS_v1.01.xsd with libxml2:
 * what is sent to Sefin Nacional. A schema failure throws 422
 * schema_validation_failed quoting libxml2 and nothing is sent.
 */
export function buildSignedDps(input: DpsInput, credentials: SigningCredentials): BuiltDps {
  const built = buildDps(input);
  const xml = signXml(built.xml, credentials, { tag: "infDPS" });
  validateXml(xml, "nfse/v1.01/DPS_v1.01.xsd");
  return { id: built.id, xml };
}
