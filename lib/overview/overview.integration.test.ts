import { beforeAll, describe, expect, it } from "vitest";
import { GET as overviewRoute } from "@/app/api/dashboard/companies/[companyId]/overview/route";
import { createTestCertificate, installCertificate } from "@/lib/certificates";
import { db } from "@/lib/db/client";
import { createDocument } from "@/lib/documents";
import { createTestCompany, type TestCompany } from "@/test/factories";
import { call } from "@/test/http";
import { signedInCookie } from "@/test/session";
import { getCompanyOverview } from "./get-company-overview";

process.env.NEXTAUTH_SECRET = "overview-test-secret";

// 2026-03-11 09:00 in São Paulo (UTC-3).
const NOW = new Date("2026-03-11T12:00:00Z");
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);

const draftBody = {
  type: "NFE",
  client: { name: "Cliente Exemplo S/A", document: "06929383000163", street: "Rua das Flores", number: "10", neighborhood: "Centro", city: "Campinas", state: "SP", municipalityCode: "3509502", zipCode: "13010000" },
  items: [{ code: "SKU-1", description: "Café torrado 500 g", quantity: 2, unitValue: 50, ncm: "21011110", cfop: "5102", icmsOrigin: "0", icmsSituation: "102" }],
  payments: [{ method: "PIX", value: 100 }],
};

type Placed = { status: string; createdAt: Date; updatedAt?: Date; environment?: string; rejectionCode?: string; rejectionReason?: string; number?: number };

/** A document through lib/documents, then moved to the state a test needs (status and clocks). */
async function place(companyId: string, spec: Placed): Promise<string> {
  const draft = await createDocument({ companyId, body: draftBody as never });
  await db.$executeRaw`
    UPDATE "FiscalDocument" SET "status" = ${spec.status}::"DocumentStatus", "createdAt" = ${spec.createdAt}::timestamp, "updatedAt" = ${spec.updatedAt ?? spec.createdAt}::timestamp,
      "environment" = ${spec.environment ?? "HOMOLOGATION"}::"Environment", "rejectionCode" = ${spec.rejectionCode ?? null}, "rejectionReason" = ${spec.rejectionReason ?? null},
      "series" = 1, "number" = ${spec.number ?? 0}
    WHERE "id" = ${draft.id}`;
  return draft.id;
}

let company: TestCompany;
let rejectedId: string;
let stuckId: string;

beforeAll(async () => {
  company = await createTestCompany({ environment: "HOMOLOGATION", regime: "SIMPLES_NACIONAL" });
  const other = await createTestCompany({ regime: "SIMPLES_NACIONAL" });
  await Promise.all([
    // Today (local): 2 authorized, 1 draft.
    place(company.companyId, { status: "AUTHORIZED", createdAt: minutesAgo(30) }),
    place(company.companyId, { status: "AUTHORIZED", createdAt: new Date("2026-03-11T03:30:00Z") }),
    place(company.companyId, { status: "DRAFT", createdAt: minutesAgo(1) }),
    // 23:30 on the 10th in São Paulo, already the 11th in UTC: counts on the 10th.
    place(company.companyId, { status: "CANCELLED", createdAt: new Date("2026-03-11T02:30:00Z") }),
    // Older rejection, still inside the window.
    place(company.companyId, { status: "REJECTED", createdAt: new Date("2026-02-20T15:00:00Z"), rejectionCode: "225", rejectionReason: "Rejeição: Falha no Schema XML", number: 7 }),
    // A denial (uso denegado) counts under its own status.
    place(company.companyId, { status: "DENIED", createdAt: new Date("2026-02-25T15:00:00Z"), rejectionCode: "302", rejectionReason: "302 - Uso Denegado: Irregularidade fiscal do destinatário", number: 6 }),
    // Outside the 30 days, another environment, another company: never counted.
    place(company.companyId, { status: "AUTHORIZED", createdAt: new Date("2026-02-01T12:00:00Z") }),
    place(company.companyId, { status: "AUTHORIZED", createdAt: minutesAgo(10), environment: "PRODUCTION" }),
    place(other.companyId, { status: "REJECTED", createdAt: minutesAgo(10), rejectionReason: "other company" }),
    place(company.companyId, { status: "PROCESSING", createdAt: minutesAgo(2) }),
  ]);
  rejectedId = await place(company.companyId, { status: "REJECTED", createdAt: minutesAgo(60), updatedAt: minutesAgo(59), rejectionCode: "539", rejectionReason: "Rejeição: Duplicidade de NF-e", number: 8 });
  stuckId = await place(company.companyId, { status: "PROCESSING", createdAt: minutesAgo(20), updatedAt: minutesAgo(12), number: 9 });
});

describe("company overview", () => {
  it("counts documents by status for today and per local day of the last 30, in the company's environment only", async () => {
    const overview = await getCompanyOverview({ companyId: company.companyId, now: NOW });
    expect(overview.timeZone).toBe("America/Sao_Paulo");
    expect(overview.today.date).toBe("2026-03-11");
    expect(overview.today.counts).toEqual({ DRAFT: 1, PROCESSING: 2, AUTHORIZED: 2, REJECTED: 1, CANCELLED: 0, DENIED: 0, INUTILIZED: 0, CONTINGENCY: 0 });
    expect(overview.today.total).toBe(6);
    expect(overview.last30Days.days).toHaveLength(30);
    expect(overview.last30Days.from).toBe("2026-02-10");
    expect(overview.last30Days.days.find((d) => d.date === "2026-03-10")?.counts.CANCELLED).toBe(1);
    expect(overview.last30Days.days.find((d) => d.date === "2026-02-20")?.counts.REJECTED).toBe(1);
    expect(overview.last30Days.counts).toEqual({ DRAFT: 1, PROCESSING: 2, AUTHORIZED: 2, REJECTED: 2, CANCELLED: 1, DENIED: 1, INUTILIZED: 0, CONTINGENCY: 0 });
    expect(overview.last30Days.total).toBe(9);
  });

  it("lists rejections with their reasons, newest first, and emissions processing for more than 5 minutes", async () => {
    const overview = await getCompanyOverview({ companyId: company.companyId, now: NOW });
    expect(overview.rejected.total).toBe(2);
    expect(overview.rejected.latest[0]).toMatchObject({ id: rejectedId, rejectionCode: "539", rejectionReason: "Rejeição: Duplicidade de NF-e", number: 8, clientName: "Cliente Exemplo S/A", totalValue: "100.00" });
    expect(overview.rejected.latest[1]?.rejectionCode).toBe("225");
    expect(overview.stuckProcessing).toMatchObject({ thresholdMinutes: 5, total: 1 });
    expect(overview.stuckProcessing.oldest).toEqual([expect.objectContaining({ id: stuckId, minutes: 12 })]);
  });

  it("reports the certificate's days left with a warning under 30 days", async () => {
    expect((await getCompanyOverview({ companyId: company.companyId })).certificate).toBeNull();
    const now = new Date();
    const certificate = createTestCertificate({ cnpj: company.cnpj, legalName: "Overview Test", notBefore: new Date(now.getTime() - 86_400_000), notAfter: new Date(now.getTime() + 20.5 * 86_400_000) });
    await installCertificate({ companyId: company.companyId, pfx: certificate.pfx, password: certificate.password });
    expect((await getCompanyOverview({ companyId: company.companyId })).certificate).toMatchObject({ daysLeft: 20, expired: false, warning: true });
    const longer = createTestCertificate({ cnpj: company.cnpj, legalName: "Overview Test", notAfter: new Date(now.getTime() + 200 * 86_400_000) });
    await installCertificate({ companyId: company.companyId, pfx: longer.pfx, password: longer.password });
    expect((await getCompanyOverview({ companyId: company.companyId })).certificate).toMatchObject({ daysLeft: 199, warning: false });
  });

  it("is served to every role through the session route, and another tenant's company is 404", async () => {
    const support = await signedInCookie(company.tenantId, "SUPPORT");
    const res = await call(overviewRoute, { path: `/api/dashboard/companies/${company.companyId}/overview`, params: { companyId: company.companyId }, headers: support });
    expect(res.status).toBe(200);
    // The route counts from the real clock: the fixtures (March 2026) are outside its 30 days, both PROCESSING ones are stuck by now.
    expect(res.body.last30Days.days).toHaveLength(30);
    expect(res.body.stuckProcessing.oldest.map((d: { id: string }) => d.id)).toContain(stuckId);
    const stranger = await createTestCompany();
    const foreign = await call(overviewRoute, { path: `/api/dashboard/companies/${stranger.companyId}/overview`, params: { companyId: stranger.companyId }, headers: support });
    expect(foreign.status).toBe(404);
  });
});
