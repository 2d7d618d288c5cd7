import { writeFileSync } from "node:fs";
import { isValidCnpj, normalizeDocument } from "@/lib/br";
import { db, type DbClient } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import type { CertificateSummary } from "./certificate-summary";
import { createTestCertificate } from "./create-test-certificate";
import { installCertificate } from "./install-certificate";

const DAY_MS = 86_400_000;

/**
 * `certificate create-test`: a self-signed A1 for the company's CNPJ, installed as
 * its active certificate. With `outFile` the PFX is also written there and the
 * password returned, so the same file can be uploaded in the dashboard.
 */
export async function installTestCertificate(
  input: { companyId: string; validDays?: number; outFile?: string },
  client: DbClient = db,
): Promise<CertificateSummary & { pfxFile?: string; password?: string }> {
  const company = await client.company.findFirst({ where: { id: input.companyId }, select: { cnpj: true, legalName: true } });
  if (!company) throw notFound("Company");
  const notBefore = new Date(Date.now() - DAY_MS);
  const notAfter = new Date(notBefore.getTime() + (input.validDays ?? 365) * DAY_MS);
  const { pfx, password } = createTestCertificate({ cnpj: company.cnpj, legalName: company.legalName, notBefore, notAfter });
  const summary = await installCertificate({ companyId: input.companyId, pfx, password }, client);
  if (!input.outFile) return summary;
  writeFileSync(input.outFile, pfx, { mode: 0o600 });
  return { ...summary, pfxFile: input.outFile, password };
}

/**
 * `certificate create-test --cnpj … --out …`: a self-signed A1 for a CNPJ that need not be a
 * company yet, written to a file and not installed, so the onboarding by API (PUT
 * /v1/companies/{id}/certificate) can be tried in homologation before the company exists.
 */
export function writeTestCertificate(input: { cnpj: string; legalName?: string; validDays?: number; outFile: string }): { cnpj: string; notAfter: string; pfxFile: string; password: string } {
  const cnpj = normalizeDocument(input.cnpj);
  if (!isValidCnpj(cnpj)) throw new Error(`--cnpj ${input.cnpj} is not a valid CNPJ (check digits)`);
  const notBefore = new Date(Date.now() - DAY_MS);
  const notAfter = new Date(notBefore.getTime() + (input.validDays ?? 365) * DAY_MS);
  const { pfx, password } = createTestCertificate({ cnpj, legalName: input.legalName ?? "EMPRESA DE TESTE", notBefore, notAfter });
  writeFileSync(input.outFile, pfx, { mode: 0o600 });
  return { cnpj, notAfter: notAfter.toISOString(), pfxFile: input.outFile, password };
}
