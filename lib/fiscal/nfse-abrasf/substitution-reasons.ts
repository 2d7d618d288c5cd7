// CodigoCancelamento of an NFS-e replaced through SubstituirNfse (tsCodigoCancelamentoNfse, ABRASF 2.04):
// "1" erro na emissão, "2" serviço não prestado; ABRASF has no "Outros". No imports: the dashboard's
// substitution dialog loads it as the API schema does.
export const SUBSTITUTION_REASON_CODES = ["1", "2"] as const;
export type SubstitutionReasonCode = (typeof SUBSTITUTION_REASON_CODES)[number];
