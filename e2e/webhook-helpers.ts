import type { FiscalDocument } from "@prisma/client";
import { db } from "@/lib/db/client";
import { createDocument } from "@/lib/documents";
import { recordDocumentOutcome, type DocumentOutcomeType } from "@/lib/events/record-outcome";

// E2E-only: a document with an outcome recorded the way settlement records it
// (status change and DomainEvent in one transaction), without importing the
// background functions into the Playwright process.

const STATUS = { "document.authorized": "AUTHORIZED", "document.rejected": "REJECTED", "document.cancelled": "CANCELLED", "document.denied": "DENIED", "document.contingency": "CONTINGENCY" } as const;

export async function documentWithOutcome(companyId: string, type: DocumentOutcomeType): Promise<FiscalDocument> {
  const draft = await createDocument({
    companyId,
    body: {
      type: "NFE",
      client: { name: "Cliente Exemplo S/A", document: "06929383000163", street: "Rua das Flores", number: "10", neighborhood: "Centro", city: "Campinas", state: "SP", municipalityCode: "3509502", zipCode: "13010000" },
      items: [{ code: "SKU-1", description: "Café torrado 500 g", quantity: 2, unitValue: 50, ncm: "21011110", cfop: "5102", icmsOrigin: "0", icmsSituation: "102" }],
      payments: [{ method: "PIX", value: 100 }],
    } as never,
  });
  return db.$transaction(async (tx) => {
    const document = await tx.fiscalDocument.update({
      where: { id: draft.id },
      data: { status: STATUS[type], ...(type === "document.rejected" && { rejectionReason: "539 - Duplicidade de NF-e (e2e)" }), ...(type === "document.cancelled" && { cancellationReason: "Cancelado no teste e2e de webhooks" }) },
    });
    await recordDocumentOutcome(tx, type, document);
    return document;
  });
}
