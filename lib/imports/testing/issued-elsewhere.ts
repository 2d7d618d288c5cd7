import { cancelDocument } from "@/lib/document-events/cancel-document";
import { createDraft, emitAndDrain } from "@/lib/emission/testing/emission-fixtures";
import { db, type TestCompany } from "@/test/factories";

// Test-only: an NF-e "issued elsewhere" is a real authorization of the simulator that our
// database does not hold: emitted through our pipeline in a series of its own (and cancelled
// there when asked), then forgotten (document, outcomes and the series' counter deleted), as a
// company switching from another provider brings its history.

export const ELSEWHERE_CANCEL_REASON = "Pedido cancelado pelo cliente apos importacao";

export async function issuedElsewhere(company: TestCompany, series: number, options: { cancel?: boolean; type?: "NFE" | "NFCE" } = {}) {
  const type = options.type ?? "NFE";
  const column = type === "NFCE" ? "nfceSeries" : "nfeSeries";
  const previous = await db.company.findUniqueOrThrow({ where: { id: company.companyId }, select: { nfeSeries: true, nfceSeries: true } });
  await db.company.update({ where: { id: company.companyId }, data: { [column]: series, ...(type === "NFCE" ? { cscId: "000001", cscToken: "A1B2C3D4E5F6G7H8I9J0" } : {}) } });
  const draft = await createDraft(company.companyId, type === "NFCE" ? { type } : {});
  await emitAndDrain(company.companyId, draft.id);
  await db.company.update({ where: { id: company.companyId }, data: { [column]: previous[column] } });
  let document = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
  if (document.status !== "AUTHORIZED") throw new Error(`issuedElsewhere: ${document.status} ${document.rejectionReason ?? ""}`);
  let cancellationXml: string | null = null;
  if (options.cancel) {
    await cancelDocument({ companyId: company.companyId, documentId: document.id, body: { justification: ELSEWHERE_CANCEL_REASON } });
    const event = await db.documentEvent.findFirstOrThrow({ where: { documentId: document.id, kind: "CANCELLATION" } });
    cancellationXml = event.responseXml;
    document = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
  }
  await db.domainEvent.deleteMany({ where: { documentId: document.id } });
  await db.fiscalDocument.delete({ where: { id: document.id } });
  await db.numberingSeries.deleteMany({ where: { companyId: company.companyId, model: type === "NFCE" ? 65 : 55, series } });
  return { xml: document.authorizedXml!, number: document.number, accessKey: document.accessKey!, protocol: document.protocolNumber!, cancellationXml };
}
