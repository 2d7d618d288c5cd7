import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUT as putCertificate } from "@/app/v1/companies/[id]/certificate/route";
import { GET as readiness } from "@/app/v1/companies/[id]/readiness/route";
import { POST as createCompany } from "@/app/v1/companies/route";
import { GET as getDocument } from "@/app/v1/fiscal-documents/[id]/route";
import { POST as createDocument } from "@/app/v1/fiscal-documents/route";
import { functions } from "@/inngest";
import type { SimulatorServer } from "@/lib/authority/simulator";
import { createAccountApiKey } from "@/lib/auth/account-api-keys";
import { ACCOUNT_SCOPES } from "@/lib/contracts/scopes";
import { completeCnpj, randomAlphanumericCnpj, randomCnpj } from "@/lib/br";
import { createTestCertificate } from "@/lib/certificates";
import { commands } from "@/lib/cli/commands";
import { draftBody, startTestSimulator } from "@/lib/emission/testing/emission-fixtures";
import { drainDueRuns } from "@/lib/jobs/local-worker";
import { queueReceivedSyncRuns } from "@/lib/received/schedule";
import { syncReceivedDocuments } from "@/lib/received/sync";
import { getPool } from "@/lib/db/client";
import { db } from "@/test/factories";
import { call } from "@/test/http";

// Issue 49 item 5: a CNPJ is reserved by proof of ownership (a certificate of its root), not by the
// tenant that creates the company first; a creation tells no tenant whether a CNPJ is a client here.

let simulator: SimulatorServer;
beforeAll(async () => {
  simulator = await startTestSimulator();
});
afterAll(async () => {
  await simulator?.close();
});

const at = (id: string, tail = "") => ({ path: `/v1/companies/${id}${tail}`, params: { id } });

async function newAccount(name: string) {
  const tenant = await db.tenant.create({ data: { name } });
  const account = await createAccountApiKey({ tenantId: tenant.id, name: "ERP", scopes: [...ACCOUNT_SCOPES] });
  const as = (handler: Parameters<typeof call>[0], options: Parameters<typeof call>[1]) => call(handler, { ...options, key: account.key });
  return { tenantId: tenant.id, key: account.key, call: as };
}

function companyBody(cnpj: string) {
  return {
    legalName: `Padaria ${cnpj.slice(0, 6)} Ltda`, cnpj, stateRegistration: "110042490114", taxRegime: "NORMAL", environment: "HOMOLOGATION",
    zipCode: "01310-100", street: "Avenida Paulista", streetNumber: "1000", neighborhood: "Bela Vista", city: "São Paulo", state: "SP", municipalityCode: "3550308",
  };
}

type Account = Awaited<ReturnType<typeof newAccount>>;
const create = (account: Account, cnpj: string) => account.call(createCompany, { method: "POST", path: "/v1/companies", body: companyBody(cnpj) });
function install(account: Account, companyId: string, cnpj: string) {
  const { pfx, password } = createTestCertificate({ cnpj, legalName: "Titular" });
  return account.call(putCertificate, { method: "PUT", ...at(companyId, "/certificate"), body: { pfxBase64: pfx.toString("base64"), password } });
}
/** An NF-e created with emit: true: "AUTHORIZED", or the code it was refused with (at creation, or by the run before numbering). */
async function issue(account: Account, companyId: string): Promise<string> {
  const headers = { "x-company-id": companyId };
  const created = await call(createDocument, { method: "POST", path: "/v1/fiscal-documents", key: account.key, headers, body: draftBody({ emit: true }) });
  if (created.status !== 201) return created.body.code;
  await drainDueRuns(functions, { companyIds: [companyId] });
  const detail = await call(getDocument, { path: `/v1/fiscal-documents/${created.body.id}`, params: { id: created.body.id }, key: account.key, headers });
  if (detail.body.status === "AUTHORIZED") return "AUTHORIZED";
  const stored = await db.fiscalDocument.findUniqueOrThrow({ where: { id: created.body.id }, select: { status: true, rejectionCode: true, number: true } });
  expect(stored).toMatchObject({ status: "REJECTED", number: 0 });
  return stored.rejectionCode ?? "none";
}
const reservationOf = (cnpj: string) => db.cnpjReservation.findUnique({ where: { cnpj_environment: { cnpj, environment: "HOMOLOGATION" } } });

describe("a CNPJ taken first by a squatter tenant", () => {
  it("does not block the owner, who proves it with a certificate and issues; the squatter can neither install one of that root nor issue", { timeout: 60_000 }, async () => {
    const cnpj = randomCnpj();
    const squatter = await newAccount("Squatter");
    const owner = await newAccount("Owner");

    const squatted = await create(squatter, cnpj);
    expect(squatted.status).toBe(201);
    const owned = await create(owner, cnpj);
    expect(owned.status).toBe(201);
    expect(await reservationOf(cnpj)).toBeNull();

    expect((await install(owner, owned.body.id, cnpj)).status).toBe(200);
    expect(await reservationOf(cnpj)).toMatchObject({ companyId: owned.body.id });
    expect(await issue(owner, owned.body.id)).toBe("AUTHORIZED");

    // The same CNPJ or a branch of its root: refused, naming neither the owner's tenant nor its company.
    const branch = completeCnpj(`${cnpj.slice(0, 8)}0002`);
    for (const holder of [cnpj, branch]) {
      const refused = await install(squatter, squatted.body.id, holder);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe("cnpj_reserved");
      expect(refused.text).not.toContain(owner.tenantId);
      expect(refused.text).not.toContain(owned.body.id);
    }
    expect(await db.certificate.count({ where: { companyId: squatted.body.id } })).toBe(0);
    expect(await reservationOf(cnpj)).toMatchObject({ companyId: owned.body.id });

    expect(await issue(squatter, squatted.body.id)).toBe("certificate_missing");

    // A squatter holding a certificate of the root from before reservations existed (a legacy duplicate):
    // readiness says why, emission is refused, and the owner's received documents are not read for it.
    const { pfx, password } = createTestCertificate({ cnpj, legalName: "Legado" });
    const { encrypt } = await import("@/lib/crypto");
    await db.certificate.create({
      data: {
        companyId: squatted.body.id, subject: "CN=Legado", issuer: "CN=Legado", serialNumber: "01", holderCnpj: cnpj,
        notBefore: new Date(Date.now() - 86_400_000), notAfter: new Date(Date.now() + 86_400_000 * 30),
        encryptedPfx: new Uint8Array(encrypt(pfx)), encryptedPassword: new Uint8Array(encrypt(password)),
      },
    });
    const checklist = await squatter.call(readiness, at(squatted.body.id, "/readiness"));
    expect(checklist.body.data.find((r: { type: string }) => r.type === "NFE")).toMatchObject({ ready: false, checks: expect.arrayContaining([expect.objectContaining({ id: "certificate", ok: false, code: "cnpj_reserved" })]) });
    expect(await issue(squatter, squatted.body.id)).toBe("cnpj_reserved");
    await expect(syncReceivedDocuments(squatted.body.id)).rejects.toMatchObject({ status: 422, code: "cnpj_reserved" });
    // Nor is a distribution run queued for it, while the owner's is.
    expect(await queueReceivedSyncRuns(new Date(), [squatted.body.id])).toBe(0);
    expect(await queueReceivedSyncRuns(new Date(), [owned.body.id])).toBe(1);
    expect(await db.fiscalDocument.count({ where: { companyId: squatted.body.id, number: { gt: 0 } } })).toBe(0);
  });
});

describe("creating a company gives other tenants no existence oracle", () => {
  it("answers a CNPJ held (and reserved) by another tenant exactly as a free one; the tenant's own duplicate stays 409", async () => {
    const owner = await newAccount("Owner");
    const prober = await newAccount("Prober");
    const taken = randomCnpj();
    const owned = await create(owner, taken);
    expect((await install(owner, owned.body.id, taken)).status).toBe(200);

    const onTaken = await create(prober, taken);
    const onFree = await create(prober, randomCnpj());
    expect(onTaken.status).toBe(201);
    expect(onFree.status).toBe(onTaken.status);
    expect(Object.keys(onTaken.body).sort()).toEqual(Object.keys(onFree.body).sort());
    expect(onTaken.body).toMatchObject({ tenantId: prober.tenantId, cnpj: taken });
    expect(onTaken.text).not.toContain(owner.tenantId);

    // Within one tenant a duplicate is refused, as before: the tenant sees its own companies anyway.
    const again = await create(prober, taken);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("company_exists");
  });
});

describe("operator: cnpj conflicts, release and transfer", () => {
  it("lists the companies of a CNPJ, releases the reservation (the next certificate takes it) and transfers it back", { timeout: 60_000 }, async () => {
    const cnpj = randomAlphanumericCnpj();
    const first = await newAccount("First");
    const second = await newAccount("Second");
    const a = await create(first, cnpj);
    const b = await create(second, cnpj);
    expect((await install(first, a.body.id, cnpj)).status).toBe(200);
    expect((await install(second, b.body.id, cnpj)).status).toBe(409);

    const conflicts = (await commands.cnpj!.conflicts!({ cnpj })) as { companyId: string; reserved: boolean; certificateOfRoot: boolean; tenantId: string }[];
    expect(conflicts.map(({ companyId, reserved, certificateOfRoot, tenantId }) => ({ companyId, reserved, certificateOfRoot, tenantId }))).toEqual([
      { companyId: a.body.id, reserved: true, certificateOfRoot: true, tenantId: first.tenantId },
      { companyId: b.body.id, reserved: false, certificateOfRoot: false, tenantId: second.tenantId },
    ]);

    await expect(commands.cnpj!.release!({ cnpj, environment: "HOMOLOGATION" })).resolves.toMatchObject({ releasedFrom: a.body.id });
    expect(await reservationOf(cnpj)).toBeNull();
    await expect(commands.cnpj!.release!({ cnpj, environment: "HOMOLOGATION" })).rejects.toThrow(/not reserved/);

    // Released: the second tenant's certificate now takes it, and the first company can no longer issue.
    expect((await install(second, b.body.id, cnpj)).status).toBe(200);
    expect(await reservationOf(cnpj)).toMatchObject({ companyId: b.body.id });
    expect(await issue(first, a.body.id)).toBe("cnpj_reserved");

    // Transfer back to a company with a certificate of the root; one without is refused.
    const c = await create(await newAccount("Third"), cnpj);
    await expect(commands.cnpj!.transfer!({ cnpj, environment: "HOMOLOGATION", to: c.body.id })).rejects.toThrow(/no active certificate/);
    await expect(commands.cnpj!.transfer!({ cnpj, environment: "HOMOLOGATION", to: a.body.id })).resolves.toMatchObject({ from: b.body.id, to: a.body.id });
    expect(await reservationOf(cnpj)).toMatchObject({ companyId: a.body.id });
    expect(await issue(first, a.body.id)).toBe("AUTHORIZED");
  });
});

describe("the migration 20261207153400_cnpj_reservation", () => {
  const MIGRATION = readFileSync(path.join(process.cwd(), "prisma/migrations/20261207153400_cnpj_reservation/migration.sql"), "utf8");

  it("reserves, per CNPJ and environment, the oldest company with an active certificate of the root, and no company without one", async () => {
    const client = await getPool().connect();
    try {
      await client.query("BEGIN");
      await client.query(`DROP TABLE "CnpjReservation"; DROP INDEX "Company_cnpj_environment_idx"`);
      const cnpj = randomCnpj();
      await client.query(`INSERT INTO "Tenant" ("id", "name", "updatedAt") VALUES ('mig-a', 'A', now()), ('mig-b', 'B', now()), ('mig-c', 'C', now())`);
      await client.query(
        `INSERT INTO "Company" ("id", "tenantId", "cnpj", "legalName", "municipalityCode", "state", "taxRegime", "environment", "createdAt", "updatedAt")
         VALUES ('mig-unproven', 'mig-a', $1, 'A', '3550308', 'SP', 'NORMAL', 'HOMOLOGATION', now() - interval '3 days', now()),
                ('mig-proven', 'mig-b', $1, 'B', '3550308', 'SP', 'NORMAL', 'HOMOLOGATION', now() - interval '2 days', now()),
                ('mig-later', 'mig-c', $1, 'C', '3550308', 'SP', 'NORMAL', 'HOMOLOGATION', now() - interval '1 day', now())`,
        [cnpj],
      );
      await client.query(
        `INSERT INTO "Certificate" ("id", "companyId", "subject", "issuer", "serialNumber", "holderCnpj", "notBefore", "notAfter", "encryptedPfx", "encryptedPassword")
         VALUES ('mig-k1', 'mig-proven', 'CN=B', 'CN=B', '1', $1, now(), now() + interval '1 year', '\\x00', '\\x00'),
                ('mig-k2', 'mig-later', 'CN=C', 'CN=C', '2', $1, now(), now() + interval '1 year', '\\x00', '\\x00')`,
        [cnpj],
      );
      await client.query(MIGRATION);
      const rows = await client.query(`SELECT "companyId" FROM "CnpjReservation" WHERE "cnpj" = $1`, [cnpj]);
      expect(rows.rows).toEqual([{ companyId: "mig-proven" }]);
      expect((await client.query(`SELECT 1 FROM pg_indexes WHERE indexname = 'Company_cnpj_environment_key'`)).rowCount).toBe(0);
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
  });
});
