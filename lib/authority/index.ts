// Everything that talks to the tax authority (BRIEF: through TaxAuthority only).
export type * from "./types";
export { getTaxAuthority, simulatorUrl, usesSimulator } from "./tax-authority";
export { resolveEndpoint, authorizerFor, contingencyFor, AUTHORITY_SERVICES, type AuthorityService, type Endpoint, type EndpointQuery, type Contingency } from "./endpoints";
export { SoapTaxAuthority, type SoapTaxAuthorityOptions } from "./soap-tax-authority";
export { DUPLICATE, TRY_LATER } from "./classify";
export { checkServiceStatus, checkCompanyServiceStatus, type ServiceStatusCheck, type ServiceStatusQuery } from "./service-status";
export type * from "./nfse-types";
export { getNfseAuthority } from "./nfse-authority";
export { SefinNacionalClient, SEFIN_BASE_URLS, gzipBase64, gunzipBase64, type SefinClientOptions } from "./sefin-client";
export { parseSefinErrors } from "./sefin-errors";
export type { RegistryEntry, RegistryResult, RegistryAddress } from "./taxpayer-registry-answer";
export type { RegistryQuery } from "./request-messages";
export { registryServiceOf, resolveRegistryEndpoint, TAXPAYER_REGISTRY_SERVICES, NoRegistryServiceError } from "./taxpayer-registry-endpoints";
export { AdnContribuintesClient, getAdnClient, readAdnDistribution, ADN_CONTRIBUINTES_BASE_URLS, ADN_PAGE_SIZE, type AdnDistribution, type AdnItem } from "./adn-client";
