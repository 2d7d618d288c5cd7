import { defineContract } from "@/lib/contracts/contract";
import { NfeKeyParams, NfeLookupResponse, TaxpayerLookupQuery, TaxpayerLookupResponse } from "./schemas";

const TAG = "Lookups";

export const taxpayerLookupContract = defineContract({
  method: "GET",
  path: "/v1/lookups/taxpayers",
  summary: "Look up a taxpayer's state registration (CadConsultaCadastro4, the CCC)",
  description:
    "The state's taxpayer registry for a CNPJ or CPF: each registration (IE) with its situation (ACTIVE/INACTIVE), name, trade name, regime, CNAE, dates and address. " +
    "registered false with the authority's 259/261/264 when the party is no ICMS contributor in the state. Answers are cached per state and document for TAXPAYER_LOOKUP_TTL_HOURS (24 h; cached true), refresh=true asks again. " +
    "400 validation_error for an invalid CNPJ/CPF or state; 422 taxpayer_lookup_unavailable for a state that offers no registry lookup (AL, AM, AP, CE, DF, MA, PA, PI, RJ, RO, RR, SE, TO); 422 certificate_missing without an A1; " +
    "422 authority_rejected (\"cStat - xMotivo\"); 429 rate_limited beyond TAXPAYER_LOOKUPS_PER_MINUTE calls to the states (20) per company; 503 authority_unavailable.",
  tag: TAG,
  scope: "documents:read",
  query: TaxpayerLookupQuery,
  response: TaxpayerLookupResponse,
  errorStatuses: [400, 422, 429, 503],
});

export const nfeLookupContract = defineContract({
  method: "GET",
  path: "/v1/lookups/nfe/{accessKey}",
  summary: "Look up any NF-e/NFC-e by its access key (NFeConsultaProtocolo4)",
  description:
    "Asks the authorizer of the key's state (or the SVC-AN/SVC-RS of a key with tpEmis 6/7) what it holds: AUTHORIZED, CANCELLED, DENIED or NOT_FOUND, with the protocol and the registered events. " +
    "The key need not be the company's (documentId is set when it is). 400 validation_error when the key's layout or check digit (cDV) is wrong (alphanumeric CNPJ keys included), before any call; " +
    "429 rate_limited beyond 60 lookups a minute per company or 10 an hour for one key; 422 authority_rejected; 503 authority_unavailable (also during the company's 656 pause for that authorizer).",
  tag: TAG,
  scope: "documents:read",
  params: NfeKeyParams,
  response: NfeLookupResponse,
  errorStatuses: [400, 422, 429, 503],
});

export const lookupContracts = [taxpayerLookupContract, nfeLookupContract];
