// ABRASF 2.04 municipal NFS-e XML (issue 57): requests, their signatures and schema, and the answers.
export * from "./types";
export { buildGerarNfse, buildConsultarNfseRps, buildCancelarNfse, buildSubstituirNfse, buildRps, formatAliquota, rpsElementId, cancellationElementId, buildEnviarLoteRps, buildConsultarLoteRps, signedRpsOf, lotElementId } from "./build-messages";
export { readAbrasfMessages, readAbrasfNfse, readAbrasfCancellation, compNfseOf, compNfsesOf, readAbrasfLotReceipt, readAbrasfLotSituation, type AbrasfLotSituation, type AbrasfMessage, type AbrasfNfseSummary } from "./read-answers";
export { itemListaServicoOf } from "./service-item";
