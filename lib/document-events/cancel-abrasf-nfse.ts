import { getAbrasfAuthority } from "@/lib/authority/abrasf-authority";
import type { AbrasfAuthority } from "@/lib/authority/abrasf-types";
import type { AbrasfProvider } from "@/lib/authority/nfse-providers";
import { loadSigningCredentials } from "@/lib/certificates";
import { readGerarNfse } from "@/lib/emission/nfse/send-abrasf";
import { DomainError } from "@/lib/errors";
import { buildCancelarNfse, buildConsultarNfseRps, type AbrasfCancellationCode } from "@/lib/fiscal/nfse-abrasf";
import type { CancellationReasonCode } from "@/lib/fiscal/nfse";
import { recordNfseCancellation, type NfseCancellationOutcome } from "./nfse-cancellation-record";
import { assertAuthorized } from "./rules";
import type { CancelDocumentResponse } from "./schemas";
import { recordAnswer, withDocumentEventCall } from "./with-document-event-call";

// Cancellation of a city's own NFS-e (ABRASF 2.04 CancelarNfse, synchronous; issue 57),
// under the document's authority-call claim like the national one (cancel-nfse.ts):
// no transaction or lock held during the call, the answer recorded in one short
// transaction (the CANCELLATION event with the request and the city's confirmation,
// the document CANCELLED, document.cancelled). E79 ("Essa NFS-e já está cancelada") on
// a document still AUTHORIZED here is resolved by ConsultarNfsePorRps: a CompNfse with
// its NfseCancelamento means an earlier attempt's answer was lost, and it is adopted.
// Deadlines are each city's and come back as its refusals.

export const ABRASF_CANCELLATION_EVENT = "CancelarNfse";
const ALREADY_CANCELLED = "E79";

/**
 * nfseReasonCode → CodigoCancelamento (tsCodigoCancelamentoNfse: 1 erro na emissão, 2 serviço não
 * prestado, 3 erro de assinatura, 4 duplicidade, 5 erro de processamento). The national 9 (Outros)
 * has no ABRASF code, and ABRASF 2.04 carries no free text: the reason must be 1 or 2.
 */
export function abrasfCancellationCode(reasonCode: CancellationReasonCode | undefined, provider: AbrasfProvider): AbrasfCancellationCode {
  if (reasonCode === "1" || reasonCode === "2") return reasonCode;
  throw new DomainError(
    422,
    "validation_error",
    `nfseReasonCode: ${provider.name} (ABRASF 2.04) cancels with CodigoCancelamento 1 (erro na emissão) or 2 (serviço não prestado); ${reasonCode === undefined ? "send one of them" : `${reasonCode} (Outros) has no ABRASF code`}. The justification is kept here but the city's request has no text field`,
  );
}

export async function cancelAbrasfNfse(
  input: { companyId: string; documentId: string; justification: string; reasonCode?: CancellationReasonCode; now?: Date },
  provider: AbrasfProvider,
  authorityFor: (environment: "PRODUCTION" | "HOMOLOGATION") => AbrasfAuthority = getAbrasfAuthority,
): Promise<CancelDocumentResponse> {
  const now = input.now ?? new Date();
  const code = abrasfCancellationCode(input.reasonCode, provider);
  const outcome = await withDocumentEventCall(input.companyId, input.documentId, async ({ document, company }) => {
    assertAuthorized(document.status, "be cancelled");
    const rps = document.signedXml ? readGerarNfse(document.signedXml) : null;
    if (!document.nfseNumber || !rps) throw new DomainError(422, "invalid_status", "The document has no NFS-e number from the city");
    const credentials = await loadSigningCredentials(document.companyId);
    const certificate = { privateKeyPem: credentials.privateKeyPem, certificatePem: credentials.certificatePem, chainPem: credentials.chainPem };
    const request = buildCancelarNfse(
      { number: document.nfseNumber, providerCnpj: company.cnpj, municipalRegistration: rps.provider.municipalRegistration, municipalityCode: provider.municipalityCode },
      code,
      credentials,
      provider.signature.referenceUri,
    );
    const authority = authorityFor(document.environment);
    const answer = await authority.cancelarNfse(provider, document.environment, request.xml, certificate);
    if (answer.kind === "communication_failure") throw unavailable(provider, answer.reason);
    let sent: NfseCancellationOutcome;
    if (answer.kind === "authorized") {
      sent = registered(answer.answerXml, answer.confirmedAt, request.xml, false);
    } else if (answer.code === ALREADY_CANCELLED) {
      const held = await authority.consultarNfsePorRps(provider, document.environment, buildConsultarNfseRps(rps.rps, rps.provider), certificate);
      if (held.kind === "communication_failure") throw unavailable(provider, held.reason);
      sent = held.kind === "authorized" && held.nfse.cancelled
        ? registered(held.compNfseXml, /<DataHora>([^<]+)<\/DataHora>/.exec(held.compNfseXml)?.[1] ?? "", request.xml, true)
        : { kind: "refused", code: answer.code, reason: answer.reason, requestXml: request.xml };
    } else {
      sent = { kind: "refused", code: answer.code, reason: answer.reason, requestXml: request.xml };
    }
    await recordAnswer((tx) => recordNfseCancellation(tx, document, sent, { justification: input.justification, reasonCode: code, now }, ABRASF_CANCELLATION_EVENT));
    return sent;
  });
  if (outcome.kind === "refused") throw new DomainError(422, "authority_rejected", `${outcome.code} - ${outcome.reason}`);
  if (outcome.recovered) return { success: true, message: `${provider.name} already held this NFS-e's cancellation; it is now CANCELLED here too` };
  return { success: true, message: `NFS-e cancelled by ${provider.name}` };

  function registered(eventXml: string, confirmedAt: string, requestXml: string, recovered: boolean): NfseCancellationOutcome {
    const at = new Date(confirmedAt);
    return { kind: "registered", eventXml, requestXml, registeredAt: Number.isNaN(at.getTime()) ? now : at, protocol: null, reasonCode: code, justification: input.justification, recovered };
  }
}

function unavailable(provider: AbrasfProvider, reason: string): DomainError {
  return new DomainError(503, "authority_unavailable", `${provider.name}'s NFS-e service could not be reached: ${reason}. The outcome is unknown; try again later`, { "retry-after": "30" });
}
