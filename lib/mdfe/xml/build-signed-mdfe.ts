import { validateXml } from "@/lib/fiscal/xml/schema-validation";
import { signXml, type SigningCredentials } from "@/lib/fiscal/xml/xml-signature";
import { buildMdfe, MDFE_NAMESPACE } from "./build-mdfe";
import type { BuiltMdfe, MdfeInput } from "./types";

/** The <rodo> inside infModal, as its own document for mdfeModalRodoviario_v3.00.xsd (infModal is xs:any, processContents skip). */
export function modalDocument(mdfeXml: string): string | null {
  const match = /<infModal\b[^>]*>(<rodo>[\s\S]*<\/rodo>)<\/infModal>/.exec(mdfeXml);
  return match?.[1] ? match[1].replace("<rodo>", `<rodo xmlns="${MDFE_NAMESPACE}">`) : null;
}

/** Validates an MDF-e and its modal (MOC MDF-e 3.00a: the modal is validated against its own schema). Throws 422 schema_validation_failed. */
export function validateMdfe(xml: string): void {
  validateXml(xml, "mdfe/PL_MDFe_300a/mdfe_v3.00.xsd");
  const rodo = modalDocument(xml);
  if (rodo) validateXml(rodo, "mdfe/PL_MDFe_300a/mdfeModalRodoviario_v3.00.xsd");
}

/** Build, sign infMDFe with the company's A1 (the NF-e XMLDSig profile) and validate: what MDFeRecepcaoSinc receives. */
export function buildSignedMdfe(input: MdfeInput, credentials: SigningCredentials): BuiltMdfe {
  const built = buildMdfe(input, { privateKeyPem: credentials.privateKeyPem });
  const xml = signXml(built.xml, credentials, { tag: "infMDFe" });
  validateMdfe(xml);
  return { ...built, xml };
}
