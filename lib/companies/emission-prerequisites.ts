import { db, type DbClient } from "@/lib/db/client";
import { pendingGapsOf } from "@/lib/numbering";
import { DomainError, notFound, type ErrorCode } from "@/lib/errors";
import { EMISSION_DOCUMENT_TYPES, evaluateReadiness, type CertificateState, type EmissionDocumentType, type ReadinessCheck } from "./readiness-rules";

export type DocumentReadiness = { type: EmissionDocumentType; ready: boolean; checks: ReadinessCheck[] };

async function loadState(companyId: string, client: DbClient) {
  const company = await client.company.findFirst({ where: { id: companyId } });
  if (!company) throw notFound("Company");
  const active = await client.certificate.findFirst({
    where: { companyId, isActive: true },
    orderBy: { createdAt: "desc" },
    select: { holderCnpj: true, notAfter: true, subject: true, issuer: true },
  });
  const holder = active && (await client.cnpjReservation.findUnique({ where: { cnpj_environment: { cnpj: company.cnpj, environment: company.environment } }, select: { companyId: true } }));
  const heldElsewhere = Boolean(holder && holder.companyId !== company.id);
  const certificate: CertificateState = active && { holderCnpj: active.holderCnpj, notAfter: active.notAfter, selfSigned: active.subject === active.issuer, heldElsewhere };
  return { company, certificate };
}

/**
 * Called by emit before anything is queued or numbered: throws 422 with
 * certificate_missing, certificate_expired, certificate_cnpj_mismatch, cnpj_reserved,
 * fiscal_settings_incomplete (the message lists the fields) or csc_missing (NFC-e).
 */
export async function assertEmissionPrerequisites(
  input: { companyId: string; type: EmissionDocumentType; now?: Date },
  client: DbClient = db,
): Promise<void> {
  const { company, certificate } = await loadState(input.companyId, client);
  const failed = firstBlockingFailure(company, certificate, input.type, input.now);
  if (failed) throw new DomainError(422, failed.code, failed.message);
}

/** The first prerequisite that blocks emission, for callers that already hold the company and its active certificate. */
export function firstBlockingFailure(company: Parameters<typeof evaluateReadiness>[0], certificate: CertificateState, type: EmissionDocumentType, now?: Date): { code: ErrorCode; message: string } | null {
  const failed = evaluateReadiness(company, certificate, type, now).find((check) => check.blocking && !check.ok);
  return failed?.code ? { code: failed.code, message: failed.message } : null;
}

/** The dashboard checklist: the same rules, for NF-e, NFC-e and NFS-e. */
export async function readinessChecklist(companyId: string, client: DbClient = db, now: Date = new Date()): Promise<DocumentReadiness[]> {
  const { company, certificate } = await loadState(companyId, client);
  const [manifestsIssued, registeredVehicles, gaps] = await Promise.all([
    client.transportManifest.count({ where: { companyId, status: { in: ["AUTHORIZED", "CLOSED", "CANCELLED"] } } }),
    client.vehicle.count({ where: { carrier: { companyId } } }),
    // From the 5th: earlier months' numbers still to inutilize by the 10th (the webhook numbering.gaps_pending says the same).
    pendingGapsOf(companyId, company, now),
  ]);
  return EMISSION_DOCUMENT_TYPES.map((type) => {
    const checks = evaluateReadiness(company, certificate, type, now, { manifestsIssued, registeredVehicles }, gaps);
    return { type, ready: checks.every((c) => !c.blocking || c.ok), checks };
  });
}
