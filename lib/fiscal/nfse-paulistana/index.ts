// São Paulo's Nota Fiscal Paulistana (issue 57): requests, their signatures and schemas, and the answers.
export * from "./types";
export { buildPedidoEnvioRps, buildPedidoConsultaNfe, buildPedidoCancelamentoNfe, buildRpsElement, aliquotaFraction, chaveRps, chaveNfe } from "./build-messages";
export { rpsSignatureString, cancellationSignatureString, signAscii, verifyAscii } from "./signature-strings";
export { readPaulistanaAnswer, readPaulistanaNfe, type PaulistanaAnswer, type PaulistanaEvent, type PaulistanaNfeSummary } from "./read-answers";
export { PAULISTANA_SERVICE_CODES, paulistanaServiceCode } from "./service-codes";
export { checkPaulistanaSchema, paulistanaSchemasAvailable } from "./schemas";
export { PAULISTANA_LAYOUT_2_FROM, paulistanaLayoutOn } from "./layout";
