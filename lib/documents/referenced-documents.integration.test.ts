import { describe, expect, it } from "vitest";
import { createDraft } from "@/lib/emission/testing/emission-fixtures";
import { createTestCompany, db } from "@/test/factories";
import { linkReferencedDocuments } from "./referenced-documents";

// Issue 54 item 7: the document page shows the NF-e a return references, linked when it is the company's own
// (issued or received); another company's document with the same key is never linked.
const key = (n: number) => `3526121122233300018155001${String(n).padStart(9, "0")}1${String(n).padStart(8, "0")}`.slice(0, 44);

async function receivedRow(companyId: string, accessKey: string, environment: "HOMOLOGATION" | "PRODUCTION" = "HOMOLOGATION") {
  return db.receivedDocument.create({
    data: { companyId, environment, accessKey, issuerDocument: "11222333000181", issuerName: "Fornecedor", issueDate: new Date(), totalValue: "10.00", operation: "SAIDA", authorityStatus: "AUTHORIZED", nsu: "000000000000001" },
  });
}

describe("linkReferencedDocuments", () => {
  it("links the company's issued and received documents by key, and leaves others' and unknown keys unlinked", async () => {
    const mine = await createTestCompany();
    const other = await createTestCompany();
    const stamp = Date.now() % 1_000_000;
    const [issuedKey, receivedKey, othersKey, unknownKey, productionKey] = [1, 2, 3, 4, 5].map((n) => key(stamp * 10 + n));
    const issued = await createDraft(mine.companyId);
    await db.fiscalDocument.update({ where: { id: issued.id }, data: { accessKey: issuedKey } });
    const received = await receivedRow(mine.companyId, receivedKey!);
    const othersDraft = await createDraft(other.companyId);
    await db.fiscalDocument.update({ where: { id: othersDraft.id }, data: { accessKey: othersKey } });
    await receivedRow(mine.companyId, productionKey!, "PRODUCTION");

    const links = await linkReferencedDocuments(mine.companyId, "HOMOLOGATION", [issuedKey!, receivedKey!, othersKey!, unknownKey!, productionKey!, issuedKey!]);
    expect(links).toEqual([
      { accessKey: issuedKey, issuedId: issued.id, receivedId: null },
      { accessKey: receivedKey, issuedId: null, receivedId: received.id },
      { accessKey: othersKey, issuedId: null, receivedId: null },
      { accessKey: unknownKey, issuedId: null, receivedId: null },
      { accessKey: productionKey, issuedId: null, receivedId: null },
    ]);
    expect(await linkReferencedDocuments(mine.companyId, "HOMOLOGATION", [])).toEqual([]);
  });
});
