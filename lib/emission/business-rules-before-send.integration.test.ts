import { describe, expect, it } from "vitest";
import { db } from "@/test/factories";
import { createDraft, createEmittingCompany, emitAndDrain } from "./testing/emission-fixtures";
import { simulatorFixture } from "./testing/simulator-company-fixture";

// Issue 15, item 3: a built XML that breaks a SEFAZ business rule ends the
// run REJECTED before anything is sent, naming the cStat, the rule and the line.

simulatorFixture();

describe("business rules before sending", () => {
  it("a line whose stored value breaks vProd = qCom × vUnCom is REJECTED 629 naming rule and line; nothing reaches the authority", async () => {
    const company = await createEmittingCompany();
    const draft = await createDraft(company.companyId);
    const [item] = await db.fiscalDocumentItem.findMany({ where: { documentId: draft.id }, orderBy: { position: "asc" } });
    await db.fiscalDocumentItem.update({ where: { id: item!.id }, data: { unitValue: (Number(item!.unitValue) + 1).toString() } });
    await emitAndDrain(company.companyId, draft.id);
    const document = await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft.id }, include: { events: true } });
    expect(document.status).toBe("REJECTED");
    expect(document.rejectionCode).toBe("629");
    expect(document.rejectionReason).toMatch(/^629 - Rejeição: Valor do Produto difere do produto Valor Unitário de Comercialização e Quantidade Comercial \(rule I11-10 vprod-equals-qcom-times-vuncom, item 1: /);
    expect(document.events.map((e) => [e.kind, e.cStat])).toEqual([["REJECTION", "629"]]);
    expect(await db.simulatorDocument.count({ where: { cnpj: company.cnpj } })).toBe(0);
    expect((await db.domainEvent.findMany({ where: { documentId: draft.id } })).map((e) => e.type)).toEqual(["document.rejected"]);
  });
});
