import { writeFileSync } from "node:fs";
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
