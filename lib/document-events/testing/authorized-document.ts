import { functions } from "@/inngest";
import { db } from "@/lib/db/client";
import { queueEmission } from "@/lib/emission/queue-emission";
import { createDraft } from "@/lib/emission/testing/emission-fixtures";
import { drainDueRuns } from "@/lib/jobs/local-worker";

// Test-only: an AUTHORIZED document obtained through the real emission
// pipeline (create → emit → local driver → simulator), as integrators get them.

export async function authorizedDocument(companyId: string, options: { type?: "NFE" | "NFCE"; overrides?: Record<string, unknown> } = {}) {
  const type = options.type ?? "NFE";
  if (type === "NFCE") {
    await db.company.update({ where: { id: companyId }, data: { cscId: "000001", cscToken: "A1B2C3D4E5F6G7H8I9J0" } });
  }
  const draft = await createDraft(companyId, { type, ...options.overrides });
  await queueEmission({ companyId, documentId: draft.id });
  // Only this company's runs: test files share one database and drive their own queues.
  await drainDueRuns(functions, { companyIds: [companyId] });
  const document = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id } });
  if (document.status !== "AUTHORIZED") throw new Error(`Test document not authorized: ${document.status} ${document.rejectionReason ?? ""}`);
  return document;
}
