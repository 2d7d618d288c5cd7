// Which cStat means what (MOC 4.0, Anexo I "Tabela de códigos de erros e
// descrições de mensagens de erros"). Everything that is neither a success nor
// a "try later" is a refusal: the document (or event) itself must change.

/** 100 "Autorizado o uso", 150 "Autorizado o uso, autorização concedida fora de prazo". */
export const DOCUMENT_AUTHORIZED = new Set(["100", "150"]);
/**
 * Uso denegado (MOC 7.0, Anexo I): 110 "Uso Denegado", 301 "Irregularidade
 * fiscal do emitente", 302 "Irregularidade fiscal do destinatário", 303
 * "Destinatário não habilitado a operar na UF". They come inside protNFe with
 * a protocol: the number is used for good and the denied XML must be kept.
 */
export const DOCUMENT_DENIED = new Set(["110", "301", "302", "303"]);
/** 205 "NF-e está denegada na base de dados da SEFAZ": a re-send of a denied key; the consultation returns its protNFe. */
export const DENIED_IN_DATABASE = "205";
/** 135 "Evento registrado e vinculado", 136 "… não vinculado", 155 "Cancelamento homologado fora de prazo". */
// 124 "EPEC Autorizado" (NT 2015.003 §8, the EPEC services' own code) counts as registered too.
export const EVENT_REGISTERED = new Set(["124", "135", "136", "155"]);
/** 102 "Inutilização de número homologado". */
export const INUTILIZATION_APPROVED = new Set(["102"]);
/** 107 "Serviço em operação". */
export const SERVICE_RUNNING = new Set(["107"]);

/**
 * Answers that say nothing about the document, so the same request may
 * succeed later: 108 "Serviço paralisado momentaneamente", 109 "Serviço
 * paralisado sem previsão", 656 "Consumo indevido" (the authority blocks the
 * sender for an hour), 999 "Erro não catalogado" (an internal error).
 */
export const TRY_LATER = new Set(["108", "109", "656", "999"]);

/** 103 "Lote recebido com sucesso" (asynchronous: poll NFeRetAutorizacao4), 105 "Lote em processamento". */
export const BATCH_RECEIVED = "103";
export const BATCH_IN_PROCESS = "105";
/** 104 "Lote processado" (authorization), 128 "Lote de evento processado". */
export const BATCH_PROCESSED = "104";
export const EVENT_BATCH_PROCESSED = "128";
/** 106 "Lote não localizado": another node of a load-balanced authorizer, or an expired receipt. */
export const BATCH_NOT_FOUND = "106";
/** 656 "Consumo indevido": the authorizer blocks the company's calls for an hour (NT 2018.002). */
export const MISUSE_BLOCKED = "656";
/** 217 "NF-e não consta na base de dados da SEFAZ" (NFeConsultaProtocolo4). */
export const NOT_IN_DATABASE = "217";

/**
 * Duplicates are refusals, not successes: 204 "Duplicidade de NF-e" (this key
 * is already authorized) and 539 "Duplicidade de NF-e com diferença na Chave
 * de Acesso" (another key with this number). The emission pipeline answers a
 * 204 by consulting the protocol (NFeConsultaProtocolo4) to recover protNFe.
 */
export const DUPLICATE = new Set(["204", "539"]);

export function isTryLater(cStat: string): boolean {
  return TRY_LATER.has(cStat);
}
