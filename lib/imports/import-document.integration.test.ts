import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { POST as cancelRoute } from "@/app/v1/fiscal-documents/[id]/cancel/route";
import { POST as correctionRoute } from "@/app/v1/fiscal-documents/[id]/correction-letter/route";
import { POST as importRoute } from "@/app/v1/fiscal-documents/import/route";
import { GET as detailRoute } from "@/app/v1/fiscal-documents/[id]/route";
import { GET as xmlRoute } from "@/app/v1/fiscal-documents/[id]/xml/route";
import { createDraft, createEmittingCompany, emitAndDrain } from "@/lib/emission/testing/emission-fixtures";
import { ELSEWHERE_CANCEL_REASON, issuedElsewhere } from "./testing/issued-elsewhere";
import { simulatorFixture } from "@/lib/emission/testing/simulator-company-fixture";
import { SHARED_DIR } from "@/test/shared-dir";
import { db, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";

// Issue 56 item 3: NF-e issued "elsewhere" (lib/imports/testing/issued-elsewhere.ts) imported,
// then cancelled and corrected through our API.

const fixture = simulatorFixture({ authorityTimeoutMs: 5000 });

const importXml = (company: TestCompany, body: unknown) => call(importRoute, { method: "POST", path: "/v1/fiscal-documents/import", key: company.key, body });
const cancel = (company: TestCompany, id: string) =>
  call(cancelRoute, { method: "POST", path: `/v1/fiscal-documents/${id}/cancel`, key: company.key, body: { justification: ELSEWHERE_CANCEL_REASON }, params: { id } });

describe("POST /v1/fiscal-documents/import", () => {
  it("imports an authorized nfeProc of an alphanumeric-CNPJ company: AUTHORIZED, series moved past it, document.imported; then CC-e and cancel through our API", { timeout: 120_000 }, async () => {
    expect(fixture.simulator).toBeDefined();
    const company = await createEmittingCompany({ alphanumeric: true });
    const elsewhere = await issuedElsewhere(company, 7);

    const res = await importXml(company, { xml: elsewhere.xml });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ type: "NFE", status: "AUTHORIZED", series: 7, number: elsewhere.number, accessKey: elsewhere.accessKey, totalValue: expect.stringMatching(/^\d+\.\d{2}$/) });
    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: res.body.id }, include: { events: true, items: true } });
    expect(stored).toMatchObject({ companyId: company.companyId, protocolNumber: elsewhere.protocol, authorizedXml: elsewhere.xml });
    expect(stored.items.length).toBeGreaterThan(0);
    expect(stored.events.map((e) => e.kind)).toEqual(["AUTHORIZATION"]);
    const counter = await db.numberingSeries.findFirstOrThrow({ where: { companyId: company.companyId, model: 55, series: 7 } });
    expect(counter.nextNumber).toBe(elsewhere.number + 1);
    const outcomes = await db.domainEvent.findMany({ where: { documentId: stored.id } });
    expect(outcomes.map((o) => o.type)).toEqual(["document.imported"]);
    expect(outcomes[0]!.data).toMatchObject({ accessKey: elsewhere.accessKey, status: "AUTHORIZED", protocolNumber: elsewhere.protocol });

    // Read back like any document: the detail, and the XML download (the authorized XML as imported).
    const detail = await call(detailRoute, { path: `/v1/fiscal-documents/${stored.id}`, key: company.key, params: { id: stored.id } });
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body).toMatchObject({ status: "AUTHORIZED", protocolNumber: elsewhere.protocol, items: [expect.objectContaining({ cfop: expect.stringMatching(/^\d{4}$/) })] });
    const download = await call(xmlRoute, { path: `/v1/fiscal-documents/${stored.id}/xml`, key: company.key, params: { id: stored.id } });
    expect(download.status).toBe(200);
    expect(download.text).toContain(elsewhere.accessKey);

    // A second import of the key is refused.
    const again = await importXml(company, { xml: elsewhere.xml });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe("duplicate_access_key");

    const correction = await call(correctionRoute, {
      method: "POST", path: `/v1/fiscal-documents/${stored.id}/correction-letter`, key: company.key, body: { correction: "Corrige o endereco de entrega informado" }, params: { id: stored.id },
    });
    expect(correction.status, correction.text).toBe(200);
    const cancelled = await cancel(company, stored.id);
    expect(cancelled.status, cancelled.text).toBe(200);
    const after = await db.fiscalDocument.findUniqueOrThrow({ where: { id: stored.id } });
    expect(after.status).toBe("CANCELLED");
    expect(after.cancellationProtocol).toMatch(/^\d{15}$/);
    const atAuthority = await db.simulatorDocument.findFirstOrThrow({ where: { accessKey: elsewhere.accessKey } });
    expect(atAuthority.status).toBe("CANCELLED");
  });

  it("stores one document when the same nfeProc is imported twice at once", { timeout: 120_000 }, async () => {
    const company = await createEmittingCompany();
    const elsewhere = await issuedElsewhere(company, 6);
    const answers = await Promise.all([importXml(company, { xml: elsewhere.xml }), importXml(company, { xml: elsewhere.xml })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    expect(answers.find((a) => a.status === 422)!.body.code).toBe("duplicate_access_key");
    expect(await db.fiscalDocument.count({ where: { accessKey: elsewhere.accessKey } })).toBe(1);
    expect(await db.domainEvent.count({ where: { companyId: company.companyId, type: "document.imported" } })).toBe(1);
  });

  it("imports an NFC-e (procNFe of model 65) and moves its own series past it", { timeout: 120_000 }, async () => {
    const company = await createEmittingCompany();
    const elsewhere = await issuedElsewhere(company, 5, { type: "NFCE" });
    const res = await importXml(company, { xml: elsewhere.xml });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ type: "NFCE", status: "AUTHORIZED", series: 5, number: elsewhere.number });
    expect(await db.numberingSeries.findFirstOrThrow({ where: { companyId: company.companyId, model: 65, series: 5 } })).toMatchObject({ nextNumber: elsewhere.number + 1 });
    expect(await db.numberingSeries.findFirst({ where: { companyId: company.companyId, model: 55, series: 5 } })).toBeNull();
  });

  it("imports a cancelled NF-e as CANCELLED with its events (given or only listed by the authority)", { timeout: 120_000 }, async () => {
    const company = await createEmittingCompany();
    const given = await issuedElsewhere(company, 8, { cancel: true });
    const res = await importXml(company, { xml: given.xml, events: [given.cancellationXml] });
    expect(res.status, res.text).toBe(201);
    expect(res.body.status).toBe("CANCELLED");
    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: res.body.id }, include: { events: { orderBy: { occurredAt: "asc" } } } });
    expect(stored.cancellationReason).toBe(ELSEWHERE_CANCEL_REASON);
    expect(stored.events.map((e) => [e.kind, e.eventCode])).toEqual([["AUTHORIZATION", null], ["CANCELLATION", "110111"]]);
    expect(stored.events[1]!.responseXml).toBe(given.cancellationXml);

    const listed = await issuedElsewhere(company, 9, { cancel: true });
    const res2 = await importXml(company, { xml: listed.xml });
    expect(res2.status, res2.text).toBe(201);
    expect(res2.body.status).toBe("CANCELLED");
    // Only the authority's consultation listed it: its procEventoNFe, signature verified, gives the reason.
    expect(await db.fiscalDocument.findUniqueOrThrow({ where: { id: res2.body.id } })).toMatchObject({ cancellationReason: ELSEWHERE_CANCEL_REASON, cancellationProtocol: expect.stringMatching(/^\d{15}$/) });
    const again = await cancel(company, res2.body.id);
    expect(again.status).toBe(422);
    expect(again.body.code).toBe("invalid_status");
  });

  it("refuses another company's XML, a tampered one, a number we already used and a protocol the authority did not give", { timeout: 120_000 }, async () => {
    const company = await createEmittingCompany();
    const other = await createEmittingCompany();
    const elsewhere = await issuedElsewhere(company, 11);

    const foreign = await importXml(other, { xml: elsewhere.xml });
    expect(foreign.status).toBe(422);
    expect(foreign.body.code).toBe("import_other_company");
    expect(foreign.body.message).toContain(company.cnpj);

    const tampered = await importXml(company, { xml: elsewhere.xml.replace(/<xProd>([^<]+)<\/xProd>/, "<xProd>$1 X</xProd>") });
    expect(tampered.status).toBe(422);
    expect(tampered.body.code).toBe("import_invalid_document");
    expect(tampered.body.message).toContain("signature");

    const wrongProtocol = await importXml(company, { xml: elsewhere.xml.replace(/<nProt>(\d+)<\/nProt>/, (_, p: string) => `<nProt>${(BigInt(p) + 1n).toString().padStart(15, "0")}</nProt>`) });
    expect(wrongProtocol.status).toBe(422);
    expect(wrongProtocol.body.code).toBe("import_invalid_document");
    expect(wrongProtocol.body.message).toContain("protocol");

    const bare = await importXml(company, { xml: elsewhere.xml.replace(/^[\s\S]*?(<NFe[\s>][\s\S]*<\/NFe>)[\s\S]*$/, "$1") });
    expect(bare.status).toBe(422);
    expect(bare.body.message).toContain("nfeProc");

    // The forgotten counter restarts at 1: our next emission of series 11 takes the imported number.
    await db.company.update({ where: { id: company.companyId }, data: { nfeSeries: 11 } });
    const ours = await createDraft(company.companyId);
    await emitAndDrain(company.companyId, ours.id);
    await db.company.update({ where: { id: company.companyId }, data: { nfeSeries: 1 } });
    const held = await db.fiscalDocument.findUniqueOrThrow({ where: { id: ours.id } });
    expect(held.number).toBe(elsewhere.number);
    const clash = await importXml(company, { xml: elsewhere.xml });
    expect(clash.status).toBe(422);
    expect(clash.body.code).toBe("import_number_in_use");
  });

  it("refuses a public nfeProc whose signature no longer verifies (sped-nfe fixture, reformatted after signing) and a body without xml", async () => {
    // shared/fiscal/examples/nfe/nfeproc-55-authorized-hom.xml: nfephp-org/sped-nfe tests/fixtures/xml/nfe_layout4_com_prot.xml.
    const xml = fs.readFileSync(path.join(SHARED_DIR, "fiscal", "examples", "nfe", "nfeproc-55-authorized-hom.xml"), "utf8");
    const company = await createEmittingCompany();
    await db.company.update({ where: { id: company.companyId }, data: { cnpj: "06929383000163" } });
    const res = await importXml(company, { xml });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("import_invalid_document");
    expect(res.body.message).toMatch(/signature does not verify/);
    const empty = await importXml(company, {});
    expect(empty.status).toBe(400);
  });
});
