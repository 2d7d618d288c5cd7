import { loadSigningCredentials } from "@/lib/certificates";
import { db } from "@/lib/db/client";
import { isRecordNotFound } from "@/lib/db/is-record-not-found";
import { DomainError } from "@/lib/errors";
import { buildSignedNfe } from "@/lib/fiscal/nfe";
import type { EmissionRefusal, EmissionRun, Superseded } from "./outcomes";
import { toNfeInput } from "./to-nfe-input";

export type XmlPrepared = { kind: "prepared"; bytes: number };

/**
 * Builds the NFe from the stored document (no recomputation), signs infNFe
 * with the company's A1 and validates it against nfe_v4.00.xsd
 * (lib/fiscal/nfe buildSignedNfe). A schema failure is a refusal whose reason
 * names the element; nothing is sent. The signed XML is stored on the
 * document for the send and for GET …/xml?type=signed.
 */
export async function prepareSignedXml(run: EmissionRun): Promise<XmlPrepared | EmissionRefusal | Superseded> {
  const document = await db.fiscalDocument.findFirst({
    where: { id: run.documentId, companyId: run.companyId },
    include: { company: true, items: true, payments: true, duplicates: true, transport: true },
  });
  if (!document || document.runId !== run.runId || document.status !== "PROCESSING") return { kind: "superseded", status: document?.status ?? "missing" };
  const input = toNfeInput(document);
  if ("kind" in input) return input;
  let signedXml: string;
  try {
    const credentials = await loadSigningCredentials(run.companyId);
    const built = buildSignedNfe(input, credentials);
    if (built.accessKey !== document.accessKey) {
      return { kind: "refused", code: "access_key_mismatch", reason: `The built access key ${built.accessKey} differs from the document's ${document.accessKey}; the issue date must stay in the month of the key` };
    }
    signedXml = built.xml;
  } catch (error) {
    if (error instanceof DomainError) return { kind: "refused", code: error.code, reason: error.message };
    throw error;
  }
  // One guarded UPDATE instead of lock + read + update: PostgreSQL re-checks the
  // WHERE under the row lock, so a run that lost the document writes nothing.
  // (update, not updateMany: Prisma wraps a standalone updateMany in BEGIN/COMMIT.)
  try {
    await db.fiscalDocument.update({
      where: { id: document.id, companyId: run.companyId, runId: run.runId, status: "PROCESSING" },
      data: { signedXml },
      select: { id: true },
    });
  } catch (error) {
    if (isRecordNotFound(error)) return { kind: "superseded", status: "not this run's" } satisfies Superseded;
    throw error;
  }
  return { kind: "prepared", bytes: signedXml.length } satisfies XmlPrepared;
}
