import type { Pool } from "pg";
import type { AbrasfProvider } from "@/lib/authority/nfse-providers";
import { sql } from "@/lib/db/sql";
import { buildSubstituirNfse, type AbrasfCancellationCode, type AbrasfRpsInput } from "@/lib/fiscal/nfse-abrasf";
import type { SigningCredentials } from "@/lib/fiscal/xml/xml-signature";
import { readGerarNfse } from "./send-abrasf";

// The send of a replacement (ABRASF 2.04 SubstituirNfse, issue 57): the Pedido that cancels the
// replaced NFS-e (its city number, CodigoCancelamento) and the new RPS, each signed, then
// SubstituicaoNfse signed. Its RPS Id stands where a GerarNfse's does (dpsId), so a lost
// answer is found by ConsultarNfsePorRps like any RPS.

export type SignedSubstitution = { kind: "built"; id: string; xml: string } | { kind: "refused"; code: string; reason: string };

export async function signedSubstitution(
  pool: Pool,
  document: { companyId: string; replacesDocumentId: string | null; substitutionReasonCode: string | null; company: { cnpj: string; municipalRegistration: string | null } },
  input: AbrasfRpsInput,
  provider: AbrasfProvider,
  credentials: SigningCredentials,
): Promise<SignedSubstitution> {
  const [replaced] = await sql<{ status: string; nfseNumber: string | null; signedXml: string | null }>(
    pool,
    `SELECT "status", "nfseNumber", "signedXml" FROM "FiscalDocument" WHERE "id" = $1 AND "companyId" = $2`,
    [document.replacesDocumentId, document.companyId],
  );
  if (!replaced || replaced.status !== "AUTHORIZED" || !replaced.nfseNumber) {
    return { kind: "refused", code: "invalid_status", reason: `The NFS-e this document replaces (${document.replacesDocumentId}) is not AUTHORIZED by ${provider.name} any more; emit it as a new NFS-e or link it again` };
  }
  const code = (document.substitutionReasonCode === "2" ? "2" : "1") satisfies AbrasfCancellationCode;
  // The replaced NFS-e is identified as its RPS declared it (the Inscrição Municipal of that day).
  const municipalRegistration = (replaced.signedXml ? readGerarNfse(replaced.signedXml)?.provider.municipalRegistration : null) || document.company.municipalRegistration || "";
  const message = buildSubstituirNfse(
    { number: replaced.nfseNumber, providerCnpj: document.company.cnpj, municipalRegistration, municipalityCode: provider.municipalityCode },
    code,
    input,
    { aliquotaFormat: provider.aliquotaFormat, referenceUri: provider.signature.referenceUri },
    credentials,
  );
  return { kind: "built", id: message.signedIds[1]!, xml: message.xml };
}
