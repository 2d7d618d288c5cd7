// @fiscal-issuer/sdk: the generated client (one method per operation of the OpenAPI
// document) over the hand-written runtime, and webhook signature verification.
import { GeneratedClient } from "./generated/client";

export { API_VERSION } from "./generated/client";
export type { paths, operations, components } from "./generated/schema";
export { FiscalApiError, parseRetryAfter, type CallOptions, type ClientOptions, type ErrorObject, type RequestArgs, type SuccessBody } from "./runtime";
export { verifyWebhookSignature, constructWebhookEvent, WebhookSignatureError, type WebhookEnvelope, type VerifyOptions } from "./webhooks";

/** The API client: `new FiscalIssuer({ baseUrl, apiKey })`. */
export class FiscalIssuer extends GeneratedClient {}
