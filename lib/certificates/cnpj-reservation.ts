import type { Environment } from "@prisma/client";
import type { DbClient } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";

// Proof of ownership of a CNPJ (issue 49 item 5, docs/api-notes/companies.md "CNPJ reservation"):
// any tenant may create a company with any valid CNPJ, so creating one proves nothing and blocks
// no one. The CNPJ and environment are reserved (CnpjReservation, one row per pair) by the first
// company that installs a certificate of the CNPJ root; only that company emits, receives and is
// found by CNPJ. An operator resolves conflicts (`cnpj conflicts|release|transfer`).

/** The advisory lock every claim and every same-tenant uniqueness check of a pair takes. */
export async function lockCnpjPair(tx: DbClient, cnpj: string, environment: Environment): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`company:${cnpj}:${environment}`}))`;
}

/** Names neither the tenant nor the company holding it: only someone holding a certificate of the root reaches it. */
export function cnpjReserved(cnpj: string, environment: Environment): DomainError {
  return new DomainError(
    409,
    "cnpj_reserved",
    `CNPJ ${cnpj} is already reserved in ${environment} by another company that installed a certificate of its root. If this CNPJ is yours, contact the installation's support to have the reservation transferred.`,
  );
}

/**
 * In the caller's transaction, after the certificate of the company's CNPJ root was accepted: the
 * company takes the reservation of its CNPJ and environment (kept when it holds it already), or
 * 409 cnpj_reserved when another company holds it. A company that held another pair (its CNPJ or
 * environment changed since) gives that one up.
 */
export async function claimCnpjReservation(tx: DbClient, company: { id: string; cnpj: string; environment: Environment }): Promise<void> {
  await lockCnpjPair(tx, company.cnpj, company.environment);
  const holder = await tx.cnpjReservation.findUnique({ where: { cnpj_environment: { cnpj: company.cnpj, environment: company.environment } }, select: { companyId: true } });
  if (holder?.companyId === company.id) return;
  if (holder) throw cnpjReserved(company.cnpj, company.environment);
  await tx.cnpjReservation.deleteMany({ where: { companyId: company.id } });
  await tx.cnpjReservation.create({ data: { cnpj: company.cnpj, environment: company.environment, companyId: company.id } });
}

/**
 * After a company's CNPJ or environment changed: its reservation was of the old pair and is given
 * up; it takes the new pair when its active certificate has the new CNPJ's root and no other
 * company holds it. Never refuses (the change answers alike whether the pair is held or not; the
 * readiness checklist then says cnpj_reserved).
 */
export async function refreshCnpjReservation(tx: DbClient, company: { id: string; cnpj: string; environment: Environment }): Promise<void> {
  await tx.cnpjReservation.deleteMany({ where: { companyId: company.id, NOT: { cnpj: company.cnpj, environment: company.environment } } });
  const active = await tx.certificate.findFirst({ where: { companyId: company.id, isActive: true }, orderBy: { createdAt: "desc" }, select: { holderCnpj: true } });
  if (active?.holderCnpj.slice(0, 8) !== company.cnpj.slice(0, 8)) return;
  await lockCnpjPair(tx, company.cnpj, company.environment);
  await tx.cnpjReservation.createMany({ data: [{ cnpj: company.cnpj, environment: company.environment, companyId: company.id }], skipDuplicates: true });
}
