import { describe, expect, it } from "vitest";
import { GET as getDetail } from "@/app/v1/fiscal-documents/[id]/route";
import { POST as substitute } from "@/app/v1/fiscal-documents/[id]/substitute/route";
import { POST as create } from "@/app/v1/fiscal-documents/route";
import { functions } from "@/inngest";
import { createNfseCompany, nfseBody } from "@/lib/emission/nfse/testing";
import { createEmittingCompany } from "@/lib/emission/testing/emission-fixtures";
import { GET as listReceived } from "@/app/v1/received-documents/route";
import { POST as syncReceived } from "@/app/v1/received-documents/sync/route";
import { ABRASF_SCHEMA } from "@/lib/fiscal/nfse-abrasf";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { verifyXmlSignature } from "@/lib/fiscal/xml/xml-signature";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { db, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { substitutionCity } from "./testing/substitution-city";

// Issue 57: an authorized NFS-e of an ABRASF 2.04 city replaced by a new one through the API
// (POST /v1/fiscal-documents/{id}/substitute), the background run, the real ABRASF client and
// the simulator's city over HTTP, PostgreSQL state. Every city of the table is ISSNet, whose
// one whole-document signature cannot sign SubstituirNfse; the tests give Ribeirão Preto's row
// the per-element profile (Reference #Id, the ABRASF manual's examples) while they run, and
// check that the ISSNet profile is refused.

const city = substitutionCity();

async function createNfse(company: TestCompany, emit: boolean, body = nfseBody()) {
  const created = await call(create, { method: "POST", path: "/v1/fiscal-documents", key: company.key, body: { ...body, emit } });
  expect(created.status).toBe(201);
  if (emit) await drainDueRuns(functions, { companyIds: [company.companyId] });
  return created.body.id as string;
}

const detail = async (company: TestCompany, id: string) => (await call(getDetail, { path: `/v1/fiscal-documents/${id}`, key: company.key, params: { id } })).body;
const substituteBy = (company: TestCompany, id: string, body: Record<string, unknown>) =>
  call(substitute, { method: "POST", path: `/v1/fiscal-documents/${id}/substitute`, key: company.key, params: { id }, body });

describe("POST /v1/fiscal-documents/{id}/substitute (ABRASF 2.04 SubstituirNfse)", () => {
  it("the replacement is AUTHORIZED naming the replaced NFS-e; the replaced one CANCELLED with its SubstituirNfse event and document.cancelled", { timeout: 120_000 }, async () => {
    const company = await city.company();
    // The taker is a company of the installation: it receives both NFS-e and the substitution through the ADN.
    const taker = await createEmittingCompany();
    const toTaker = (body: ReturnType<typeof nfseBody>) => ({ ...body, client: { ...body.client, document: taker.cnpj } });
    const originalId = await createNfse(company, true, toTaker(nfseBody()));
    const original = await detail(company, originalId);
    expect(original).toMatchObject({ status: "AUTHORIZED" });
    const replacementId = await createNfse(company, false, toTaker(nfseBody({ additionalInfo: "Substitui a NFS-e emitida com a descrição errada" })));

    const queued = await substituteBy(company, originalId, { replacementId, nfseReasonCode: "1" });
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({ documentId: replacementId, status: "PROCESSING" });
    // The link shows from both ends while the replacement is on its way.
    expect((await detail(company, originalId)).replacedByDocument).toEqual({ id: replacementId, status: "PROCESSING", nfseNumber: null, nfseReasonCode: "1" });
    expect((await detail(company, replacementId)).replacesDocument).toEqual({ id: originalId, status: "AUTHORIZED", nfseNumber: original.nfseNumber, nfseReasonCode: "1" });
    expect(original.replacesDocument).toBeNull();
    expect(original.replacedByDocument).toBeNull();
    await drainDueRuns(functions, { companyIds: [company.companyId] });

    const replacement = await detail(company, replacementId);
    expect(replacement).toMatchObject({ status: "AUTHORIZED", accessKey: null });
    expect(replacement.nfseNumber).not.toBe(original.nfseNumber);
    const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: replacementId }, select: { signedXml: true, authorizedXml: true, replacesDocumentId: true } });
    expect(stored.replacesDocumentId).toBe(originalId);
    // What was sent: SubstituirNfseEnvio, schema-valid, its three signatures verified.
    expect(stored.signedXml).toMatch(/<SubstituirNfseEnvio xmlns="http:\/\/www.abrasf.org.br\/nfse.xsd"><SubstituicaoNfse Id="SUBST\d+"><Pedido>/);
    expect(stored.signedXml).toContain(`<IdentificacaoNfse><Numero>${original.nfseNumber}</Numero>`);
    expect(checkXmlSchema(stored.signedXml!, ABRASF_SCHEMA)).toEqual({ valid: true });
    for (const tag of ["InfPedidoCancelamento", "InfDeclaracaoPrestacaoServico", "SubstituicaoNfse"] as const) {
      expect(verifyXmlSignature(stored.signedXml!, tag)).toMatchObject({ valid: true });
    }
    // The city's new NFS-e names the one it replaces.
    expect(stored.authorizedXml).toContain(`<NfseSubstituida>${original.nfseNumber}</NfseSubstituida>`);

    const replaced = await detail(company, originalId);
    expect(replaced).toMatchObject({ status: "CANCELLED", replacesDocument: null });
    expect(replaced.replacedByDocument).toEqual({ id: replacementId, status: "AUTHORIZED", nfseNumber: replacement.nfseNumber, nfseReasonCode: "1" });
    expect(replacement.replacesDocument).toEqual({ id: originalId, status: "CANCELLED", nfseNumber: original.nfseNumber, nfseReasonCode: "1" });
    expect(replacement.replacedByDocument).toBeNull();
    const event = await db.documentEvent.findFirstOrThrow({ where: { documentId: originalId, kind: "CANCELLATION" } });
    expect(event).toMatchObject({ outcome: "AUTHORIZED", eventCode: "SubstituirNfse" });
    expect(event.details).toMatchObject({ cMotivo: "1", replacementDocumentId: replacementId, replacementNfseNumber: replacement.nfseNumber });
    expect(event.responseXml).toMatch(/<NfseCancelamento versao="2.04">[\s\S]*<NfseSubstituicao versao="2.04"><SubstituicaoNfse Id="SUBST\d+"><NfseSubstituidora>/);
    const webhooks = await db.domainEvent.findMany({ where: { companyId: company.companyId }, select: { type: true, documentId: true } });
    expect(webhooks).toEqual(expect.arrayContaining([{ type: "document.cancelled", documentId: originalId }, { type: "document.authorized", documentId: replacementId }]));

    // The taker: the replacement AUTHORIZED, the replaced one CANCELLED by e105102 naming the replacement's key.
    expect((await call(syncReceived, { method: "POST", path: "/v1/received-documents/sync", key: taker.key })).body.nfse).toMatchObject({ status: "synced", created: 2 });
    const received = (await call(listReceived, { path: "/v1/received-documents?type=NFSE", key: taker.key })).body.data as Array<{ id: string; accessKey: string; authorityStatus: string }>;
    const statuses = received.map((r) => r.authorityStatus).sort();
    expect(statuses).toEqual(["AUTHORIZED", "CANCELLED"]);
    const replacedCopy = received.find((r) => r.authorityStatus === "CANCELLED")!;
    const replacementCopy = received.find((r) => r.authorityStatus === "AUTHORIZED")!;
    const substitution = await db.receivedDocumentEvent.findFirstOrThrow({ where: { receivedDocumentId: replacedCopy.id } });
    expect(substitution.eventType).toBe("105102");
    expect(substitution.xml).toContain(`<chSubstituta>${replacementCopy.accessKey}</chSubstituta>`);
    expect(checkXmlSchema(substitution.xml!, "nfse/v1.01/evento_v1.01.xsd")).toEqual({ valid: true });

    // Replaced once: the NFS-e is no longer AUTHORIZED.
    const another = await createNfse(company, false);
    const again = await substituteBy(company, originalId, { replacementId: another, nfseReasonCode: "2" });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: "invalid_status" });
  });

  it("refuses what cannot be a substitution: a replacement not DRAFT/REJECTED, a reason the city lacks, a national NFS-e, an ISSNet signature profile", { timeout: 120_000 }, async () => {
    const company = await city.company();
    const originalId = await createNfse(company, true);
    const authorized = await createNfse(company, true);
    const notDraft = await substituteBy(company, originalId, { replacementId: authorized, nfseReasonCode: "1" });
    expect(notDraft.status).toBe(422);
    expect(notDraft.body).toMatchObject({ code: "invalid_status" });
    const draft = await createNfse(company, false);
    expect((await substituteBy(company, originalId, { replacementId: draft, nfseReasonCode: "9" })).status).toBe(400);

    await city.underIssnet(async () => {
      const issnet = await substituteBy(company, originalId, { replacementId: draft, nfseReasonCode: "1" });
      expect(issnet.status).toBe(422);
      expect(issnet.body).toMatchObject({ code: "nfse_provider_unsupported" });
    });
    // Nothing was linked or queued by the refusals.
    expect(await db.fiscalDocument.findUniqueOrThrow({ where: { id: draft }, select: { status: true, replacesDocumentId: true } })).toEqual({ status: "DRAFT", replacesDocumentId: null });

    const national = await createNfseCompany();
    const nationalId = await createNfse(national, true);
    const nationalDraft = await createNfse(national, false);
    const refused = await substituteBy(national, nationalId, { replacementId: nationalDraft, nfseReasonCode: "1" });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: "nfse_provider_unsupported" });
    // Another company's draft is not found as a replacement.
    const foreign = await substituteBy(company, originalId, { replacementId: nationalDraft, nfseReasonCode: "1" });
    expect(foreign.status).toBe(422);
  });
});
