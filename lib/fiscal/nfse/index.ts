// NFS-e national standard XML (DPS 1.01, cancellation event, access key).
export type * from "./types";
export { buildDps, NFSE_NS, DPS_VERSION, APP_VERSION } from "./build-dps";
export { buildSignedDps } from "./build-signed-dps";
export { buildDpsId, parseDpsId, type DpsIdFields } from "./dps-id";
export { nfseAccessKey, isValidNfseAccessKey, nfseNumberOfKey } from "./access-key";
export { buildSignedCancellation, cancellationRequestId, CANCELLATION_EVENT, type CancellationInput, type CancellationReasonCode } from "./build-cancellation";
export { readNfse, type NfseSummary } from "./read-nfse";
export { nationalServiceDescription } from "./national-services";
