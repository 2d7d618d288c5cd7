// cMotivo of the NFS-e cancellation e101101 (Anexo II, leiaute pedRegEvento,
// item 22). No imports: the API schema that the dashboard forms also load uses it.

export const CANCELLATION_REASONS = { "1": "Erro na Emissão", "2": "Serviço não Prestado", "9": "Outros" } as const;
export type CancellationReasonCode = keyof typeof CANCELLATION_REASONS;
export const CANCELLATION_REASON_CODES = Object.keys(CANCELLATION_REASONS) as [CancellationReasonCode, ...CancellationReasonCode[]];
/** Sent when the caller gives no reason code: the justification says the rest. */
export const DEFAULT_CANCELLATION_REASON: CancellationReasonCode = "9";
