import type { DanfeData } from "@/lib/danfe/danfe-data";
import { parseAuthorizedXml } from "@/lib/danfe/parse-authorized-xml";
import { getPool } from "@/lib/db/client";
import { loadEmissionDocument, type EmissionDocument } from "@/lib/emission/load-emission-document";
import { recipientAtEmission } from "@/lib/emission/recipient-at-emission";
import { toNfeInput } from "@/lib/emission/to-nfe-input";
import { DomainError, notFound, type ErrorCode } from "@/lib/errors";
import { buildNfe, randomCnf } from "@/lib/fiscal/nfe";

/** The document as emission loads it, when a preview applies: DRAFT or REJECTED (read only, no lock). */
export async function loadPreviewDocument(companyId: string, documentId: string): Promise<EmissionDocument> {
  const loaded = await loadEmissionDocument(getPool(), { documentId, companyId });
  if (!loaded) throw notFound("Fiscal document");
  const { status } = loaded.document;
  if (status !== "DRAFT" && status !== "REJECTED") {
    throw new DomainError(422, "preview_not_applicable", `A preview is for DRAFT and REJECTED documents; this one is ${status} (download its DANFE without preview)`);
  }
  return loaded;
}

/**
 * What a DRAFT or REJECTED NF-e/NFC-e would print, built by the code emission
 * runs (the document as emission loads it, the recipient re-taken from the
 * client record, toNfeInput, buildNfe) and read back like an authorized XML.
 * Nothing is written: no number is taken (a placeholder builds the XML and is
 * not printed; a document numbered by an earlier attempt shows its number),
 * and key, protocol and QR code are left out. Whatever emission would refuse
 * (fiscal settings, CSC, a changed client) is answered 422 with its code.
 */
export function previewDanfeData(loaded: EmissionDocument): DanfeData {
  const { document } = loaded;
  const recipient = recipientAtEmission(document, loaded.client);
  if (recipient.kind === "refused") throw new DomainError(422, recipient.code as ErrorCode, recipient.reason);
  const numbered = document.number > 0;
  const series = document.series ?? (document.type === "NFCE" ? document.company.nfceSeries : document.company.nfeSeries);
  const number = numbered ? document.number : 1;
  const input = toNfeInput({
    ...document,
    ...(recipient.kind === "refreshed" ? { clientSnapshot: recipient.snapshot } : {}),
    series,
    number,
    cNF: randomCnf(number),
  });
  if ("kind" in input) throw new DomainError(422, input.code as ErrorCode, input.reason);
  const data = parseAuthorizedXml(buildNfe(input).xml);
  return { ...data, preview: true, accessKey: "", number: numbered ? data.number : "", protocol: undefined, qrCode: undefined, consultationUrl: undefined };
}
