import { credentialsOf } from "@/lib/certificates";
import { firstBlockingFailure } from "@/lib/companies";
import type { Pool } from "pg";
import { sql, utc } from "@/lib/db/sql";
import { DomainError } from "@/lib/errors";
import { isAbrasf, isPaulistana, nfseProviderFor, type AbrasfProvider } from "@/lib/authority/nfse-providers";
import { buildPedidoEnvioRps, type PaulistanaRpsInput } from "@/lib/fiscal/nfse-paulistana";
import { brokenIbsCbsRule, buildSignedDps, readDpsIbsCbs, type DpsInput } from "@/lib/fiscal/nfse";
import { buildGerarNfse, type AbrasfRpsInput } from "@/lib/fiscal/nfse-abrasf";
import { signedSubstitution } from "./substitution-message";
import type { SigningCredentials } from "@/lib/fiscal/xml/xml-signature";
import { MAX_DOCUMENT_NUMBER } from "@/lib/numbering";
import type { EmissionDocument } from "../load-emission-document";
import type { EmissionRun, Superseded } from "../outcomes";
import { assignDocumentNumber } from "../number-document-sql";
import { recipientAtEmission } from "../recipient-at-emission";
import { settleRejected, type Settled } from "../settle-emission";
import type { StoredDocument } from "../to-nfe-input";
import type { NfseSendSource } from "./send-nfse";
import { toAbrasfInput } from "./to-abrasf-input";
import { toPaulistanaInput } from "./to-paulistana-input";
import { toDpsInput } from "./to-dps-input";
import { rememberValidNbsCode } from "../validated-nbs-codes";

/** GerarNfseEnvio signed as the city's row says; its RPS Id stands where a DPS's Id does (FiscalDocument.dpsId). */
function signedRps(input: AbrasfRpsInput, provider: AbrasfProvider, credentials: SigningCredentials): { id: string; xml: string } {
  const message = buildGerarNfse(input, { aliquotaFormat: provider.aliquotaFormat, referenceUri: provider.signature.referenceUri }, credentials);
  return { id: message.signedIds[0]!, xml: message.xml };
}

/** São Paulo's PedidoEnvioRPS (issue 57); its "Id" is the RPS key, CCM + series + number. */
function signedPaulistanaRps(input: PaulistanaRpsInput, credentials: SigningCredentials): { id: string; xml: string } {
  return { id: `RPS${input.key.ccm}${input.key.series}${input.key.number}`, xml: buildPedidoEnvioRps(input, credentials).xml };
}

export type PreparedNfse = { kind: "prepared_nfse"; dpsId: string; series: number; number: number; send: NfseSendSource };

/**
 * The first step of an NFS-e emission (issue 14, item 6), as prepareEmission
 * for NF-e: prerequisites for NFSE, the recipient snapshot, the DPS number
 * (once), then the DPS built from the stored document, signed, validated
 * against DPS_v1.01 and stored with its Id by the write that counts the send.
 * A replay after a crash reuses the number and rebuilds the same DPS (same Id,
 * so Sefin answers E0014 or /dps/{id} finds it: never a second NFS-e). In a city
 * with its own ABRASF 2.04 system the same step builds the signed GerarNfseEnvio
 * (the RPS carries the document's series and number: a replay is refused E10
 * and ConsultarNfsePorRps finds the NFS-e).
 */
export async function prepareNfseEmission(pool: Pool, run: EmissionRun, loaded: EmissionDocument): Promise<PreparedNfse | Settled | Superseded> {
  const { document, certificate } = loaded;
  const blocked = firstBlockingFailure(document.company, certificate, "NFSE");
  if (blocked || !certificate) {
    return settleRejected(pool, run, document, { kind: "refused", code: blocked?.code ?? "certificate_missing", reason: blocked?.message ?? "No active certificate" });
  }
  rememberValidNbsCode(run.companyId, document.company.nfseNbsCode);
  // As for an NF-e (prepare-emission.ts): a DPS the load numbered is still unnumbered for the recipient's
  // snapshot, which is then written with the DPS; otherwise with the number.
  const recipient = recipientAtEmission({ ...document, number: loaded.numbered ? 0 : document.number }, loaded.client);
  if (recipient.kind === "refused") return settleRejected(pool, run, document, recipient);
  let current: StoredDocument = recipient.kind === "refreshed" ? { ...document, clientSnapshot: recipient.snapshot } : document;
  if (!(document.number > 0 && document.series !== null)) {
    const numbered = await assignDocumentNumber(pool, run, recipient.kind === "refreshed" ? recipient.snapshot : null);
    if (numbered.kind === "superseded") return { kind: "superseded", status: "not this run's" };
    if (numbered.kind === "exhausted") {
      return settleRejected(pool, run, document, { kind: "refused", code: "fiscal_settings_incomplete", reason: `DPS series ${numbered.series} reached the last number (${MAX_DOCUMENT_NUMBER}); configure a new DPS series` });
    }
    current = { ...current, number: numbered.number, series: numbered.series };
  }
  const snapshotToStore = loaded.numbered && recipient.kind === "refreshed" ? JSON.stringify(recipient.snapshot) : null;

  // The company's city picks the system (issue 57): its own ABRASF 2.04 service or the Sefin Nacional.
  const provider = nfseProviderFor(document.company.municipalityCode, document.issueDateTime);
  const input = isAbrasf(provider) ? toAbrasfInput(current, provider) : isPaulistana(provider) ? toPaulistanaInput(current, provider) : toDpsInput(current);
  if ("kind" in input) return settleRejected(pool, run, document, input);
  let built: { id: string; xml: string };
  try {
    const credentials = await credentialsOf({ id: certificate.id, companyId: run.companyId }, pool);
    // A draft linked as the replacement of an AUTHORIZED NFS-e (POST …/substitute) goes as SubstituirNfseEnvio.
    const substitution = isAbrasf(provider) && document.replacesDocumentId ? await signedSubstitution(pool, document, input as AbrasfRpsInput, provider, credentials) : null;
    if (substitution?.kind === "refused") return settleRejected(pool, run, document, substitution);
    built = substitution
      ? substitution
      : isAbrasf(provider)
      ? signedRps(input as AbrasfRpsInput, provider, credentials)
      : isPaulistana(provider) ? signedPaulistanaRps(input as PaulistanaRpsInput, credentials) : buildSignedDps(input as DpsInput, credentials);
  } catch (error) {
    if (error instanceof DomainError) return settleRejected(pool, run, document, { kind: "refused", code: error.code, reason: error.message });
    throw error;
  }
  // The Sefin's IBS/CBS rules in force on the DPS's date (lib/fiscal/nfse/ibscbs-rules.ts): refused here, with their code, before sending.
  const broken = isAbrasf(provider) ? null : brokenIbsCbsRule(readDpsIbsCbs(built.xml));
  if (broken) return settleRejected(pool, run, document, { kind: "refused", code: broken.code, reason: `${broken.message} (Anexo I v1.01, RN DPS_NFS-e row ${broken.row}; found before sending)` });
  const stored = await sql<{ emissionAttempts: number }>(
    pool,
    `UPDATE "FiscalDocument" SET "dpsId" = $4, "signedXml" = $5, "updatedAt" = $6::timestamp, "emissionAttempts" = "emissionAttempts" + 1,
       "clientSnapshot" = coalesce($7::jsonb, "clientSnapshot")
     WHERE "id" = $1 AND "companyId" = $2 AND "runId" = $3 AND "status" = 'PROCESSING' RETURNING "emissionAttempts"`,
    [document.id, run.companyId, run.runId, built.id, built.xml, utc(new Date()), snapshotToStore],
  );
  if (stored.length === 0) return { kind: "superseded", status: "not this run's" };
  const send: NfseSendSource = { ...current, dpsId: built.id, signedXml: built.xml, emissionAttempts: stored[0]!.emissionAttempts, certificateId: certificate.id };
  return { kind: "prepared_nfse", dpsId: built.id, series: current.series!, number: current.number, send };
}
