import { describe, expect, it } from "vitest";
import { PATCH as patchClient } from "@/app/v1/clients/[id]/route";
import { POST as emit } from "@/app/v1/fiscal-documents/[id]/emit/route";
import { GET as getDocument } from "@/app/v1/fiscal-documents/[id]/route";
import { updateClient } from "@/lib/clients";
import { HOMOLOGATION_RECIPIENT_NAME } from "@/lib/fiscal/nfe/build-parties";
import { getPool } from "@/lib/db/client";
import { db } from "@/test/factories";
import { call } from "@/test/http";
import { loadEmissionDocument } from "./load-emission-document";
import { createDraft, createEmittingCompany, emitAndDrain, draftBody } from "./testing/emission-fixtures";
import { simulatorFixture } from "./testing/simulator-company-fixture";
import { toNfeInput } from "./to-nfe-input";

// api.md, Fiscal document summary, client: "a snapshot taken at emission". Real
// PostgreSQL, real signing and schema validation, the simulator as the authority.

const fixture = simulatorFixture();

const load = (id: string) => db.fiscalDocument.findUniqueOrThrow({ where: { id }, include: { events: true } });
const snapshotOf = (document: { clientSnapshot: unknown }) => document.clientSnapshot as Record<string, unknown>;
const dest = (xml: string | null) => /<dest>[\s\S]*?<\/dest>/.exec(xml ?? "")?.[0] ?? "";

describe("the recipient snapshot at emission", () => {
  it("takes the client's name and street as they are at emission, and later edits change nothing on the issued document", async () => {
    const company = await createEmittingCompany();
    const draft = await createDraft(company.companyId);
    const clientId = (await load(draft.id)).clientId!;
    const edited = await call(patchClient, { method: "PATCH", path: `/v1/clients/${clientId}`, key: company.key, params: { id: clientId }, body: { name: "Nome Editado Ltda", street: "Rua Nova" } });
    expect(edited.status).toBe(200);
    expect(snapshotOf(await load(draft.id))).toMatchObject({ name: "Cliente Exemplo S/A", street: "Rua das Flores" });

    // What <dest> is built from, as the run reads it before numbering: xNome outside homologation.
    const before = await loadEmissionDocument(getPool(), { documentId: draft.id, companyId: company.companyId });
    expect(before?.client).toMatchObject({ id: clientId, name: "Nome Editado Ltda" });

    await emitAndDrain(company.companyId, draft.id);
    const authorized = await load(draft.id);
    expect(authorized.status, authorized.rejectionReason ?? "").toBe("AUTHORIZED");
    expect(snapshotOf(authorized)).toMatchObject({ id: clientId, name: "Nome Editado Ltda", street: "Rua Nova", neighborhood: "Centro" });
    const destXml = dest(authorized.authorizedXml);
    expect(destXml).toContain("<xLgr>Rua Nova</xLgr>");
    // Homologation replaces xNome by the SEFAZ's fixed text (NT 2011/002); production carries the snapshot's name.
    expect(destXml).toContain(`<xNome>${HOMOLOGATION_RECIPIENT_NAME}</xNome>`);
    const input = toNfeInput({ ...(await loadEmissionDocument(getPool(), { documentId: draft.id, companyId: company.companyId }))!.document, environment: "PRODUCTION" });
    expect("recipient" in input && input.recipient?.name).toBe("Nome Editado Ltda");
    const detail = await call(getDocument, { path: `/v1/fiscal-documents/${draft.id}`, key: company.key, params: { id: draft.id } });
    expect(detail.body.client).toMatchObject({ id: clientId, name: "Nome Editado Ltda" });

    await updateClient(company.companyId, clientId, { name: "Editado Depois", street: "Rua Posterior" });
    const after = await load(draft.id);
    expect(snapshotOf(after)).toEqual(snapshotOf(authorized));
    expect(after.authorizedXml).toBe(authorized.authorizedXml);
    expect((await call(getDocument, { path: `/v1/fiscal-documents/${draft.id}`, key: company.key, params: { id: draft.id } })).body.client.name).toBe("Nome Editado Ltda");
  });

  it("a numbered document keeps the snapshot of its first emission: the re-emission after a refusal rebuilds the same <dest>", async () => {
    const company = await createEmittingCompany();
    const draft = await createDraft(company.companyId);
    const clientId = (await load(draft.id)).clientId!;
    await updateClient(company.companyId, clientId, { street: "Rua da Primeira Emissao" });
    fixture.simulator.faults.add({ service: "NFeAutorizacao4", cnpj: company.cnpj, action: { kind: "reject", cStat: "778", reason: "Informado NCM inexistente" }, times: 1 });
    await emitAndDrain(company.companyId, draft.id);
    const rejected = await load(draft.id);
    expect(rejected).toMatchObject({ status: "REJECTED", number: 1 });
    expect(snapshotOf(rejected).street).toBe("Rua da Primeira Emissao");

    await updateClient(company.companyId, clientId, { street: "Rua Depois da Recusa" });
    await emitAndDrain(company.companyId, draft.id);
    const authorized = await load(draft.id);
    expect(authorized).toMatchObject({ status: "AUTHORIZED", number: 1, accessKey: rejected.accessKey });
    expect(snapshotOf(authorized).street).toBe("Rua da Primeira Emissao");
    expect(dest(authorized.authorizedXml)).toContain("<xLgr>Rua da Primeira Emissao</xLgr>");
  });

  it("a client moved to another state (INTERNAL → INTERSTATE) is refused before numbering: 422 client_changed on emit, REJECTED client_changed in a run", async () => {
    const company = await createEmittingCompany();
    const draft = await createDraft(company.companyId);
    const clientId = (await load(draft.id)).clientId!;
    await updateClient(company.companyId, clientId, { state: "RJ", city: "Rio de Janeiro", municipalityCode: "3304557" });

    const res = await call(emit, { method: "POST", path: `/v1/fiscal-documents/${draft.id}/emit`, key: company.key, params: { id: draft.id } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("client_changed");
    expect(res.body.message).toContain("destination INTERNAL → INTERSTATE");
    expect(await load(draft.id)).toMatchObject({ status: "DRAFT", number: 0, runId: null });

    // A run queued without the up-front check (as create with emit true queues one) refuses the same way.
    const runId = await emitAndDrain(company.companyId, draft.id);
    const refused = await load(draft.id);
    expect(refused).toMatchObject({ status: "REJECTED", number: 0, series: null, accessKey: null, signedXml: null, rejectionCode: "client_changed" });
    expect(refused.rejectionReason).toMatch(/^client_changed - Client .* changed since document .* was created \(destination INTERNAL → INTERSTATE, state SP → RJ/);
    expect(snapshotOf(refused)).toMatchObject({ state: "SP", city: "Campinas" });
    expect(refused.events.map((e) => [e.kind, e.cStat])).toEqual([["REJECTION", "client_changed"]]);
    expect((await db.domainEvent.findMany({ where: { documentId: draft.id } })).map((e) => e.type)).toEqual(["document.rejected"]);
    expect((await db.backgroundRun.findUniqueOrThrow({ where: { id: runId } })).status).toBe("SUCCEEDED");
    expect(await db.simulatorDocument.count({ where: { cnpj: company.cnpj } })).toBe(0);
    // No number was consumed: the series was never touched, and the next document takes number 1.
    expect(await db.numberingSeries.count({ where: { companyId: company.companyId } })).toBe(0);
    const next = await createDraft(company.companyId, { client: { ...draftBody().client, name: "Outro Cliente", document: "11222333000181" } });
    await emitAndDrain(company.companyId, next.id);
    expect(await load(next.id)).toMatchObject({ status: "AUTHORIZED", number: 1 });
  });

  it("a removed client leaves the stored snapshot, and the document still emits", async () => {
    const company = await createEmittingCompany();
    const kept = await createDraft(company.companyId);
    const refreshed = await createDraft(company.companyId);
    const clientId = (await load(kept.id)).clientId!;
    expect((await load(refreshed.id)).clientId).toBe(clientId);
    await updateClient(company.companyId, clientId, { name: "Nome Antes da Remocao", street: "Rua Editada" });
    await emitAndDrain(company.companyId, refreshed.id);
    expect(snapshotOf(await load(refreshed.id))).toMatchObject({ name: "Nome Antes da Remocao", street: "Rua Editada" });

    // Removed under the document (the foreign key sets clientId null; the API refuses while documents link to it).
    await db.client.delete({ where: { id: clientId } });
    const orphan = await load(kept.id);
    expect(orphan.clientId).toBeNull();

    await emitAndDrain(company.companyId, kept.id);
    const authorized = await load(kept.id);
    expect(authorized.status, authorized.rejectionReason ?? "").toBe("AUTHORIZED");
    expect(snapshotOf(authorized)).toEqual(snapshotOf(orphan));
    expect(snapshotOf(authorized)).toMatchObject({ id: clientId, name: "Cliente Exemplo S/A", street: "Rua das Flores" });
    expect(dest(authorized.authorizedXml)).toContain("<xLgr>Rua das Flores</xLgr>");
  });
});
