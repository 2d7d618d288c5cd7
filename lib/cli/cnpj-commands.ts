import type { Environment } from "@prisma/client";
import { normalizeDocument } from "@/lib/br";
import { lockCnpjPair } from "@/lib/certificates";
import { db } from "@/lib/db/client";
import { withTransaction } from "@/lib/db/with-transaction";

// Operator commands for CNPJ reservations (issue 49 item 5, docs/operations.md "CNPJ conflicts"):
// companies of one CNPJ may coexist across tenants while unproven; the one that installed a
// certificate of the CNPJ root first holds the reservation. When the wrong one holds it (a
// homologation self-signed certificate, a company moved between accounts), the operator releases
// or transfers it here, after checking who owns the CNPJ outside the platform.

export type CnpjConflictRow = {
  companyId: string; tenantId: string; tenant: string; legalName: string; environment: Environment;
  createdAt: string; certificateOfRoot: boolean; reserved: boolean;
};

/** `cnpj conflicts --cnpj C`: every company of the CNPJ, in every tenant and environment, and which holds the reservation. */
export async function listCnpjConflicts(cnpjFlag: string): Promise<CnpjConflictRow[]> {
  const cnpj = normalizeDocument(cnpjFlag);
  const companies = await db.company.findMany({
    where: { cnpj },
    orderBy: [{ environment: "asc" }, { createdAt: "asc" }],
    select: {
      id: true, tenantId: true, legalName: true, environment: true, createdAt: true,
      tenant: { select: { name: true } },
      cnpjReservation: { select: { cnpj: true } },
      certificates: { where: { isActive: true }, select: { holderCnpj: true } },
    },
  });
  return companies.map((c) => ({
    companyId: c.id, tenantId: c.tenantId, tenant: c.tenant.name, legalName: c.legalName, environment: c.environment,
    createdAt: c.createdAt.toISOString(),
    certificateOfRoot: c.certificates.some((k) => k.holderCnpj.slice(0, 8) === cnpj.slice(0, 8)),
    reserved: c.cnpjReservation !== null,
  }));
}

/** `cnpj release --cnpj C --environment E`: nobody holds the pair; the next certificate of the root installed takes it. */
export async function releaseCnpjReservation(cnpjFlag: string, environment: Environment): Promise<{ cnpj: string; environment: Environment; releasedFrom: string }> {
  const cnpj = normalizeDocument(cnpjFlag);
  return withTransaction(db, async (tx) => {
    await lockCnpjPair(tx, cnpj, environment);
    const held = await tx.cnpjReservation.findUnique({ where: { cnpj_environment: { cnpj, environment } } });
    if (!held) throw new Error(`CNPJ ${cnpj} is not reserved in ${environment}`);
    await tx.cnpjReservation.delete({ where: { cnpj_environment: { cnpj, environment } } });
    return { cnpj, environment, releasedFrom: held.companyId };
  });
}

/**
 * `cnpj transfer --cnpj C --environment E --to COMPANY`: the reservation moves to a company of that
 * CNPJ and environment whose active certificate has the CNPJ root (the reservation is proof of
 * ownership; without a certificate it would prove nothing).
 */
export async function transferCnpjReservation(cnpjFlag: string, environment: Environment, toCompanyId: string): Promise<{ cnpj: string; environment: Environment; from: string | null; to: string }> {
  const cnpj = normalizeDocument(cnpjFlag);
  return withTransaction(db, async (tx) => {
    await lockCnpjPair(tx, cnpj, environment);
    const target = await tx.company.findFirst({
      where: { id: toCompanyId, cnpj, environment },
      select: { id: true, certificates: { where: { isActive: true }, select: { holderCnpj: true } } },
    });
    if (!target) throw new Error(`Company ${toCompanyId} is not a company of CNPJ ${cnpj} in ${environment}`);
    if (!target.certificates.some((k) => k.holderCnpj.slice(0, 8) === cnpj.slice(0, 8))) {
      throw new Error(`Company ${toCompanyId} has no active certificate of CNPJ root ${cnpj.slice(0, 8)}: it must install one first`);
    }
    const held = await tx.cnpjReservation.findUnique({ where: { cnpj_environment: { cnpj, environment } } });
    await tx.cnpjReservation.deleteMany({ where: { OR: [{ cnpj, environment }, { companyId: target.id }] } });
    await tx.cnpjReservation.create({ data: { cnpj, environment, companyId: target.id } });
    return { cnpj, environment, from: held?.companyId ?? null, to: target.id };
  });
}
