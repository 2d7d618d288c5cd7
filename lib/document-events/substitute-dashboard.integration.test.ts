import { describe, expect, it } from "vitest";
import { POST as dashboardSubstitute } from "@/app/api/dashboard/companies/[companyId]/documents/[documentId]/substitute/route";
import { POST as create } from "@/app/v1/fiscal-documents/route";
import { functions } from "@/inngest";
import { getDocument } from "@/lib/documents/get-document";
import { createNfseCompany, nfseBody } from "@/lib/emission/nfse/testing";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { db, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { substitutionCity } from "./testing/substitution-city";
import { signedInCookie } from "@/test/session";
import { substitutionOffer } from "./substitution-offer";

// Issue 57, the dashboard's "Substituir NFS-e": what the action offers on a document
// (substitution-offer.ts), the session route it posts to, and the link both ends show afterwards;
// the real run, the simulator's Ribeirão Preto over HTTP, PostgreSQL state. As in
// substitute-abrasf.integration.test.ts, Ribeirão Preto's row gets the per-element signature
// profile while the tests run (every city of the table is ISSNet, which cannot sign SubstituirNfse).

process.env.NEXTAUTH_SECRET = "nfse-substitution-dashboard-secret";

const city = substitutionCity();

async function createNfse(company: TestCompany, emit: boolean) {
  const created = await call(create, { method: "POST", path: "/v1/fiscal-documents", key: company.key, body: { ...nfseBody(), emit } });
  expect(created.status).toBe(201);
  if (emit) await drainDueRuns(functions, { companyIds: [company.companyId] });
  return created.body.id as string;
}

const substituteAs = async (company: TestCompany, role: "ADMIN" | "ACCOUNTANT" | "SUPPORT", documentId: string, body: Record<string, unknown>) =>
  call(dashboardSubstitute, {
    method: "POST",
    path: `/api/dashboard/companies/${company.companyId}/documents/${documentId}/substitute`,
    params: { companyId: company.companyId, documentId },
    body,
    headers: await signedInCookie(company.tenantId, role),
  });

describe("dashboard: Substituir NFS-e", () => {
  it("offers the company's draft NFS-e on an authorized one, substitutes through the session route, then shows the link both ways", { timeout: 120_000 }, async () => {
    const company = await city.company();
    const originalId = await createNfse(company, true);
    const otherAuthorized = await createNfse(company, true);
    const draftId = await createNfse(company, false);
    // Another company's draft is never offered.
    const stranger = await city.company();
    const strangerDraft = await createNfse(stranger, false);

    const offer = await substitutionOffer({ companyId: company.companyId, documentId: originalId });
    expect(offer).toMatchObject({ available: true, providerName: "Ribeirão Preto (ISSNet)" });
    const candidateIds = offer?.available ? offer.candidates.map((candidate) => candidate.id) : [];
    expect(candidateIds).toEqual([draftId]);
    expect(candidateIds).not.toContain(otherAuthorized);
    expect(candidateIds).not.toContain(strangerDraft);
    expect(offer?.available && offer.candidates[0]).toMatchObject({ status: "DRAFT", totalValue: "1750.00", clientName: "Cliente Serviços S/A" });
    // Not on a draft.
    expect(await substitutionOffer({ companyId: company.companyId, documentId: draftId })).toBeNull();

    // SUPPORT cannot send it; a bad reason is a 400 with the field.
    expect((await substituteAs(company, "SUPPORT", originalId, { replacementId: draftId, nfseReasonCode: "1" })).status).toBe(403);
    const badReason = await substituteAs(company, "ADMIN", originalId, { replacementId: draftId, nfseReasonCode: "9" });
    expect(badReason.status).toBe(400);

    const queued = await substituteAs(company, "ACCOUNTANT", originalId, { replacementId: draftId, nfseReasonCode: "2" });
    expect(queued.status, queued.text).toBe(202);
    expect(queued.body).toMatchObject({ documentId: draftId, status: "PROCESSING" });
    // While the replacement is on its way the action is not offered again.
    expect(await substitutionOffer({ companyId: company.companyId, documentId: originalId })).toEqual({ available: false, reason: "replacement_in_progress", providerName: "Ribeirão Preto (ISSNet)", replacementId: draftId });

    await drainDueRuns(functions, { companyIds: [company.companyId] });
    const replaced = await getDocument({ companyId: company.companyId, documentId: originalId });
    const replacement = await getDocument({ companyId: company.companyId, documentId: draftId });
    expect(replaced.status).toBe("CANCELLED");
    expect(replacement.status).toBe("AUTHORIZED");
    expect(replaced.replacedByDocument).toEqual({ id: draftId, status: "AUTHORIZED", nfseNumber: replacement.nfseNumber, nfseReasonCode: "2" });
    expect(replacement.replacesDocument).toEqual({ id: originalId, status: "CANCELLED", nfseNumber: replaced.nfseNumber, nfseReasonCode: "2" });
    // Cancelled, the NFS-e offers nothing more; the other company's view of these ids is nothing.
    expect(await substitutionOffer({ companyId: company.companyId, documentId: originalId })).toBeNull();
    expect(await substitutionOffer({ companyId: stranger.companyId, documentId: originalId })).toBeNull();
  });

  it("says why it is unavailable where the city signs the whole message (ISSNet), and offers nothing on a national or São Paulo NFS-e", { timeout: 120_000 }, async () => {
    const company = await city.company();
    const originalId = await createNfse(company, true);
    await city.underIssnet(async () => {
      expect(await substitutionOffer({ companyId: company.companyId, documentId: originalId })).toEqual({ available: false, reason: "whole_document_signature", providerName: "Ribeirão Preto (ISSNet)", replacementId: null });
    });
    const national = await createNfseCompany();
    const nationalId = await createNfse(national, true);
    expect((await getDocument({ companyId: national.companyId, documentId: nationalId })).status).toBe("AUTHORIZED");
    expect(await substitutionOffer({ companyId: national.companyId, documentId: nationalId })).toBeNull();
    const saoPaulo = await createNfseCompany({ regime: "SIMPLES_NACIONAL" });
    await db.company.update({ where: { id: saoPaulo.companyId }, data: { municipalityCode: "3550308", city: "São Paulo", zipCode: "01001000" } });
    const saoPauloId = await createNfse(saoPaulo, true);
    expect((await getDocument({ companyId: saoPaulo.companyId, documentId: saoPauloId })).status).toBe("AUTHORIZED");
    expect(await substitutionOffer({ companyId: saoPaulo.companyId, documentId: saoPauloId })).toBeNull();
  });
});
