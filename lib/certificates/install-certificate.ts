import type { Environment } from "@prisma/client";
import { withTransaction } from "@/lib/db/with-transaction";
import { db, type DbClient } from "@/lib/db/client";
import { encrypt } from "@/lib/crypto";
import { DomainError, notFound } from "@/lib/errors";
import { toCertificateSummary, type CertificateSummary } from "./certificate-summary";
import { claimCnpjReservation } from "./cnpj-reservation";
import { chainToIcpBrasil } from "./icp-brasil-chain";
import { parsePkcs12OffThread } from "./parse-pkcs12";

export type InstallCertificateInput = {
  companyId: string;
  pfx: Buffer;
  password: string;
  now?: Date;
  /** The ICP-Brasil roots and intermediates to check against (tests give their own); default the shipped store plus AUTHORITY_EXTRA_CA_FILE. */
  trustStore?: Parameters<typeof chainToIcpBrasil>[2];
};

/** Something the installer should know although the certificate was accepted. */
export type CertificateWarning = { code: "certificate_not_icp_brasil"; message: string };
export type InstalledCertificate = CertificateSummary & { warnings: CertificateWarning[] };

const cnpjMismatch = (holderCnpj: string, companyCnpj: string) =>
  new DomainError(422, "certificate_cnpj_mismatch", `The certificate belongs to CNPJ ${holderCnpj}, whose root differs from the company's CNPJ ${companyCnpj}`);

/**
 * Validates an A1 certificate against the company and makes it the active one.
 * Every refusal happens before anything is written; the previous certificate is
 * kept (inactive) for the audit trail, and documents already issued keep their signature.
 */
export async function installCertificate(input: InstallCertificateInput, client: DbClient = db): Promise<InstalledCertificate> {
  const now = input.now ?? new Date();
  const company = await client.company.findFirst({ where: { id: input.companyId }, select: { id: true, cnpj: true, environment: true, tenantId: true } });
  if (!company) throw notFound("Company");

  // Bounded per tenant: one account's burst cannot queue every other's uploads (pkcs12-worker-run.ts).
  const parsed = await parsePkcs12OffThread(input.pfx, input.password, { owner: `tenant:${company.tenantId}` });
  if (parsed.notAfter.getTime() <= now.getTime()) {
    throw new DomainError(422, "certificate_expired", `The certificate expired on ${parsed.notAfter.toISOString().slice(0, 10)}; upload a valid one`);
  }
  if (parsed.notBefore.getTime() > now.getTime()) {
    throw new DomainError(422, "certificate_invalid", `The certificate is valid only from ${parsed.notBefore.toISOString().slice(0, 10)}`);
  }
  if (!parsed.holderCnpj) {
    throw new DomainError(422, "certificate_invalid", "The certificate does not carry a CNPJ (ICP-Brasil otherName 2.16.76.1.3.3 or CN suffix); an e-CNPJ A1 is required");
  }
  // A branch may sign with the head office's certificate: the root (first 8 characters) must match.
  if (parsed.holderCnpj.slice(0, 8) !== company.cnpj.slice(0, 8)) {
    throw cnpjMismatch(parsed.holderCnpj, company.cnpj);
  }

  const warnings: CertificateWarning[] = [];
  const icpBrasil = chainToIcpBrasil(parsed.certificatePem, parsed.otherCertificatePems, input.trustStore, now);
  if (!icpBrasil.ok) {
    // Never "not an ICP-Brasil CA": ITI creates CAs between our releases, so all we know is that the
    // issuer is missing from the trust store (the shipped files and AUTHORITY_EXTRA_CA_FILE).
    const why = `The certificate does not chain to an ICP-Brasil root of the trust store: its issuer "${icpBrasil.missingIssuer}" is not in the trust store (chain: ${icpBrasil.chain.join(" ← ")})`;
    // SEFAZ refuses a certificate outside ICP-Brasil in production (cStat 280-283); homologation test certificates are self-signed.
    if (company.environment === "PRODUCTION") {
      throw new DomainError(
        422,
        "certificate_invalid",
        `${why}. A PRODUCTION company needs an e-CNPJ A1 issued under ICP-Brasil; if "${icpBrasil.missingIssuer}" is an ICP-Brasil CA, the operator adds its certificate (ITI repository) to AUTHORITY_EXTRA_CA_FILE`,
      );
    }
    warnings.push({ code: "certificate_not_icp_brasil", message: `${why}. Accepted for HOMOLOGATION only; SEFAZ refuses it in PRODUCTION` });
  }

  const encryptedPfx = encrypt(input.pfx);
  const encryptedPassword = encrypt(input.password);
  const write = async (tx: DbClient) => {
    // Row lock: two uploads at once still leave exactly one active certificate.
    const [locked] = await tx.$queryRaw<{ cnpj: string; environment: Environment }[]>`SELECT "cnpj", "environment" FROM "Company" WHERE id = ${company.id} FOR UPDATE`;
    if (!locked) throw notFound("Company");
    // Proof of ownership: the company takes its CNPJ's reservation (as it is now, under the lock), or
    // 409 cnpj_reserved when another company proved it first (nothing written then). Issue 49 item 5.
    if (locked.cnpj.slice(0, 8) !== parsed.holderCnpj!.slice(0, 8)) {
      throw cnpjMismatch(parsed.holderCnpj!, locked.cnpj);
    }
    await claimCnpjReservation(tx, { id: company.id, ...locked });
    await tx.certificate.updateMany({
      where: { companyId: company.id, isActive: true },
      data: { isActive: false, replacedAt: now },
    });
    return tx.certificate.create({
      data: {
        companyId: company.id,
        subject: parsed.subject,
        issuer: parsed.issuer,
        serialNumber: parsed.serialNumber,
        holderCnpj: parsed.holderCnpj!,
        notBefore: parsed.notBefore,
        notAfter: parsed.notAfter,
        encryptedPfx: new Uint8Array(encryptedPfx),
        encryptedPassword: new Uint8Array(encryptedPassword),
      },
    });
  };
  const record = await withTransaction(client, write);
  return { ...toCertificateSummary(record, now), warnings };
}
