// Uso denegado as SEFAZ answers it (MOC 7.0, Anexo I; the texts as in SEFAZ's
// table, ../shared/fiscal/data/sefaz/cstat.json): a protNFe with one of these
// cStat and a protocol. The number is used for good; a re-send of the key is
// answered 205 and a consultation returns the denial.

export const DENIAL_REASONS = {
  "110": "Uso Denegado",
  "301": "Uso Denegado: Irregularidade fiscal do emitente",
  "302": "Uso Denegado: Irregularidade fiscal do destinatário",
  "303": "Uso Denegado: Destinatário não habilitado a operar na UF",
} as const;

export type DenialCStat = keyof typeof DENIAL_REASONS;
export const DENIAL_CSTATS = Object.keys(DENIAL_REASONS) as [DenialCStat, ...DenialCStat[]];

export const DENIED_IN_DATABASE = { cStat: "205", xMotivo: "Rejeição: NF-e está denegada na base de dados da SEFAZ" } as const;

export function denialReason(cStat: string): string {
  return DENIAL_REASONS[cStat as DenialCStat] ?? DENIAL_REASONS["110"];
}
