import { describe, expect, it } from "vitest";
import { createTestCertificate, installCertificate } from "@/lib/certificates";
import { getPool } from "@/lib/db/client";
import { db } from "@/lib/db/client";
import { createTestCompany } from "@/test/factories";
import { createDraft, createEmittingCompany, emitAndDrain } from "./testing/emission-fixtures";
import { simulatorFixture } from "./testing/simulator-company-fixture";
import { FOREIGN_KEY_REDACTED, withoutForeignKeys } from "./redact-foreign-keys";

// Issue 34 problem 9: two companies that issue with one CNPJ collide at the authority, which
// refuses the second with 539 naming the first one's key and protocol, as SEFAZ does. The second
// tenant must not be shown them. Since issue 49 item 5 only the company holding the CNPJ's
// reservation issues, so this needs the reservation to change hands (an operator's `cnpj release`
// or `cnpj transfer`) after the first one issued.
simulatorFixture();

describe("a 539 refusal naming another company's document", () => {
  it("keeps the refusal and drops the other tenant's access key and protocol from the reason and the stored answer", async () => {
    const first = await createEmittingCompany();
    const firstDraft = await createDraft(first.companyId);
    await emitAndDrain(first.companyId, firstDraft.id);
    const authorized = await db.fiscalDocument.findUniqueOrThrow({ where: { id: firstDraft.id } });
    expect(authorized.status).toBe("AUTHORIZED");
    const foreignKey = authorized.accessKey!;
    const foreignProtocol = authorized.protocolNumber!;

    const second = await createEmittingCompany();
    const rejected = await (async () => {
      // The second company (another tenant) has the first one's CNPJ, and the operator released the reservation.
      await db.company.update({ where: { id: second.companyId }, data: { cnpj: first.cnpj } });
      await db.cnpjReservation.deleteMany({ where: { companyId: { in: [first.companyId, second.companyId] } } });
      try {
        const { pfx, password } = createTestCertificate({ cnpj: first.cnpj, legalName: "Segunda com o mesmo CNPJ" });
        await installCertificate({ companyId: second.companyId, pfx, password });
        const draft = await createDraft(second.companyId);
        await emitAndDrain(second.companyId, draft.id);
        return db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id }, include: { events: true } });
      } finally {
        await db.company.update({ where: { id: second.companyId }, data: { cnpj: second.cnpj } });
        await db.cnpjReservation.deleteMany({ where: { companyId: second.companyId } });
      }
    })();

    expect(rejected.status).toBe("REJECTED");
    expect(rejected.rejectionCode).toBe("539");
    expect(rejected.rejectionReason).toMatch(/^539 - Duplicidade de NF-e com diferença na Chave de Acesso/);
    expect(rejected.rejectionReason).toContain(FOREIGN_KEY_REDACTED);
    const stored = JSON.stringify(rejected);
    expect(stored).not.toContain(foreignKey);
    expect(stored).not.toContain(foreignProtocol);
    const webhookData = await db.domainEvent.findFirstOrThrow({ where: { documentId: rejected.id, type: "document.rejected" } });
    expect(JSON.stringify(webhookData.data)).not.toContain(foreignKey);
  });

  it("a key of the company itself, or one unknown here, stays in the reason", async () => {
    const company = await createTestCompany();
    const ownKey = "35" + "0".repeat(42);
    const refusal = { kind: "refused" as const, code: "539", reason: `Duplicidade de NF-e com diferença na Chave de Acesso [chNFe:${ownKey}][nProt:135000000000001]` };
    expect(await withoutForeignKeys(getPool(), company.companyId, refusal)).toEqual(refusal);
    const other = { ...refusal, code: "225" };
    expect(await withoutForeignKeys(getPool(), company.companyId, other)).toBe(other);
  });
});
