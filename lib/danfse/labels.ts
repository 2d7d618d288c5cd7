// Codes of the DPS/NFS-e printed by their meaning (XSD 1.01 documentation).

export const TP_EMIT: Record<string, string> = { "1": "Prestador", "2": "Tomador", "3": "Intermediário" };
export const OP_SIMP_NAC: Record<string, string> = { "1": "Não optante", "2": "Optante - MEI", "3": "Optante - ME/EPP" };
export const REG_AP_TRIB_SN: Record<string, string> = {
  "1": "Tributos federais e municipal pelo SN",
  "2": "Federais pelo SN, ISSQN por fora",
  "3": "Federais e municipal por fora do SN",
};
export const REG_ESP_TRIB: Record<string, string> = {
  "0": "Nenhum", "1": "Ato cooperado", "2": "Estimativa", "3": "Microempresa municipal", "4": "Notário ou registrador",
  "5": "Profissional autônomo", "6": "Sociedade de profissionais", "9": "Outros",
};
export const TRIB_ISSQN: Record<string, string> = { "1": "Operação tributável", "2": "Imunidade", "3": "Exportação de serviço", "4": "Não incidência" };
export const TP_RET_ISSQN: Record<string, string> = { "1": "Não retido", "2": "Retido pelo tomador", "3": "Retido pelo intermediário" };
export const AMB_GER: Record<string, string> = { "1": "Sistema próprio do município", "2": "Sefin Nacional NFS-e" };
export const FIN_NFSE: Record<string, string> = { "0": "NFS-e regular" };
// NFS-e cStat (Anexo I, sheet LEIAUTE DPS_NFS-e, row 17).
export const C_STAT: Record<string, string> = { "100": "NFS-e Gerada", "102": "NFS-e de Decisão Judicial ou Administrativa", "103": "NFS-e Avulsa", "107": "NFS-e MEI" };
