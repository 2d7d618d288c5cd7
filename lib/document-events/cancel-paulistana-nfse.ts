import type { PaulistanaProvider } from "@/lib/authority/nfse-providers";
import { getPaulistanaAuthority } from "@/lib/authority/paulistana-authority";
import type { PaulistanaAuthority } from "@/lib/authority/paulistana-types";
import { loadSigningCredentials } from "@/lib/certificates";
import { readPedidoEnvioRps } from "@/lib/emission/nfse/send-paulistana";
import { DomainError } from "@/lib/errors";
import { buildPedidoCancelamentoNfe, buildPedidoConsultaNfe } from "@/lib/fiscal/nfse-paulistana";
import type { CancellationReasonCode } from "@/lib/fiscal/nfse";
import { recordNfseCancellation, type NfseCancellationOutcome } from "./nfse-cancellation-record";
import { assertAuthorized } from "./rules";
import type { CancelDocumentResponse } from "./schemas";
import { recordAnswer, withDocumentEventCall } from "./with-document-event-call";

// Cancellation of a São Paulo NFS-e (LoteNFe CancelamentoNFe, synchronous; issue 57), under the
// document's authority-call claim like the ABRASF one (cancel-abrasf-nfse.ts). The city's request
// has no reason or text: nfseReasonCode (9, Outros, when absent) and the justification are kept on our event only. 1301
// ("NFS-e já cancelada") on a document still AUTHORIZED here is resolved by ConsultaNFe: an NFe
// with StatusNFe C means an earlier attempt's answer was lost, and it is adopted.

export const PAULISTANA_CANCELLATION_EVENT = "CancelamentoNFe";
const ALREADY_CANCELLED = "1301";

export async function cancelPaulistanaNfse(
  input: { companyId: string; documentId: string; justification: string; reasonCode?: CancellationReasonCode; now?: Date },
  provider: PaulistanaProvider,
  authorityFor: (environment: "PRODUCTION" | "HOMOLOGATION") => PaulistanaAuthority = getPaulistanaAuthority,
): Promise<CancelDocumentResponse> {
  const now = input.now ?? new Date();
  const outcome = await withDocumentEventCall(input.companyId, input.documentId, async ({ document, company }) => {
    assertAuthorized(document.status, "be cancelled");
    const rps = document.signedXml ? readPedidoEnvioRps(document.signedXml) : null;
    if (!document.nfseNumber || !rps) throw new DomainError(422, "invalid_status", "The document has no NFS-e number from the city");
    const credentials = await loadSigningCredentials(document.companyId);
    const certificate = { privateKeyPem: credentials.privateKeyPem, certificatePem: credentials.certificatePem, chainPem: credentials.chainPem };
    const key = { ccm: rps.key.ccm, number: document.nfseNumber };
    const request = buildPedidoCancelamentoNfe(company.cnpj, key, credentials);
    const authority = authorityFor(document.environment);
    const answer = await authority.cancelamentoNfe(provider, document.environment, request.xml, certificate);
    if (answer.kind === "communication_failure") throw unavailable(provider, answer.reason);
    let sent: NfseCancellationOutcome;
    if (answer.kind === "authorized") {
      sent = registered(answer.answerXml, now, request.xml, false);
    } else if (answer.code === ALREADY_CANCELLED) {
      const held = await authority.consultaNfe(provider, document.environment, buildPedidoConsultaNfe(company.cnpj, { nfe: key }, credentials), certificate);
      if (held.kind === "communication_failure") throw unavailable(provider, held.reason);
      sent = held.kind === "found" && held.nfe.status === "C"
        ? registered(held.nfeXml, new Date(held.nfe.cancelledAt ?? ""), request.xml, true)
        : { kind: "refused", code: answer.code, reason: answer.reason, requestXml: request.xml };
    } else {
      sent = { kind: "refused", code: answer.code, reason: answer.reason, requestXml: request.xml };
    }
    await recordAnswer((tx) => recordNfseCancellation(tx, document, sent, { justification: input.justification, reasonCode: input.reasonCode ?? "9", now }, PAULISTANA_CANCELLATION_EVENT));
    return sent;
  });
  if (outcome.kind === "refused") throw new DomainError(422, "authority_rejected", outcome.reason);
  if (outcome.recovered) return { success: true, message: `${provider.name} already held this NFS-e's cancellation; it is now CANCELLED here too` };
  return { success: true, message: `NFS-e cancelled by ${provider.name}` };

  function registered(eventXml: string, at: Date, requestXml: string, recovered: boolean): NfseCancellationOutcome {
    return { kind: "registered", eventXml, requestXml, registeredAt: Number.isNaN(at.getTime()) ? now : at, protocol: null, reasonCode: input.reasonCode ?? "9", justification: input.justification, recovered };
  }
}

function unavailable(provider: PaulistanaProvider, reason: string): DomainError {
  return new DomainError(503, "authority_unavailable", `${provider.name}'s NFS-e service could not be reached: ${reason}. The outcome is unknown; try again later`, { "retry-after": "30" });
}
