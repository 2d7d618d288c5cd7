// NFS-e national standard XML (DPS 1.01, cancellation event, access key).
export type * from "./types";
export { buildDps, NFSE_NS, DPS_VERSION, APP_VERSION } from "./build-dps";
export { buildSignedDps } from "./build-signed-dps";
export { buildDpsId, parseDpsId, type DpsIdFields } from "./dps-id";
export { nfseAccessKey, isValidNfseAccessKey, nfseNumberOfKey } from "./access-key";
export { buildSignedCancellation, cancellationRequestId, CANCELLATION_EVENT, type CancellationInput } from "./build-cancellation";
export { CANCELLATION_REASONS, CANCELLATION_REASON_CODES, DEFAULT_CANCELLATION_REASON, type CancellationReasonCode } from "./cancellation-reasons";
export { readCancellationEvent, type CancellationEventSummary } from "./read-event";
export { readNfse, type NfseSummary } from "./read-nfse";
export { nationalServiceDescription, isValidNbsCode } from "./national-services";
export { brokenIbsCbsRule, ibsCbsRulesApply, readDpsIbsCbs, IBSCBS_RULES, IBSCBS_RULES_FROM, type DpsIbsCbsView, type IbsCbsRule } from "./ibscbs-rules";
