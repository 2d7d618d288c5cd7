import { validateXml } from "@/lib/fiscal/xml/schema-validation";
import { signXml, type SigningCredentials } from "@/lib/fiscal/xml/xml-signature";
import { buildNfe } from "./build-nfe";
import type { BuiltNfe, NfeInput } from "./types";

/**
 * Build, sign (infNFe) and validate against nfe_v4.00.xsd: what is sent to
 * NFeAutorizacao4. A schema failure throws 422 schema_validation_failed and
 * nothing is sent (issue 5, item 4).
 */
export function buildSignedNfe(input: NfeInput, credentials: SigningCredentials): BuiltNfe {
  const built = buildNfe(input, { privateKeyPem: credentials.privateKeyPem });
  const xml = signXml(built.xml, credentials, { tag: "infNFe" });
  validateXml(xml, "nfe/nfe_v4.00.xsd");
  return { ...built, xml };
}
