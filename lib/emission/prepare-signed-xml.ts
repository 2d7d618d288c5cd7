import { loadSigningCredentials } from "@/lib/certificates";
import { db } from "@/lib/db/client";
import { checkXmlSchema, signXml } from "@/lib/fiscal/nfe";
import { buildUnsignedNfeXml } from "./build-unsigned-nfe";
import { lockRunDocument } from "./load-run-document";
import type { EmissionRefusal, EmissionRun, Superseded } from "./outcomes";

export type XmlPrepared = { kind: "prepared"; bytes: number };

/**
 * Builds the NFe from the stored document (no recomputation), signs infNFe
 * with the company's A1 and validates it against nfe_v4.00.xsd. A schema
 * failure is a refusal naming the element (never sent: the authority would
 * answer 225). The signed XML is stored on the document, for the send and
 * for GET …/xml?type=signed.
 */
export async function prepareSignedXml(run: EmissionRun): Promise<XmlPrepared | EmissionRefusal | Superseded> {
  const unsigned = await buildUnsignedNfeXml(run);
  if (unsigned.kind !== "built") return unsigned;
  const credentials = await loadSigningCredentials(run.companyId);
  const signedXml = signXml(unsigned.xml, credentials, { tag: "infNFe" });
  const check = checkXmlSchema(signedXml, "nfe/nfe_v4.00.xsd");
  if (!check.valid) {
    const shown = check.errors.slice(0, 3).join("; ");
    return { kind: "refused", code: "schema_validation_failed", reason: `XML does not match nfe_v4.00.xsd: ${shown}` };
  }
  return db.$transaction(async (tx) => {
    const document = await lockRunDocument(tx, run);
    if (!document) return { kind: "superseded", status: "not this run's" } satisfies Superseded;
    await tx.fiscalDocument.update({ where: { id: document.id }, data: { signedXml } });
    return { kind: "prepared", bytes: signedXml.length } satisfies XmlPrepared;
  });
}
