export { createClient, deleteClient, getClient, listClients, toClientResponse, updateClient } from "./client-service";
export { resolveClientIdentity, type ClientIdentity } from "./client-identity";
export { findCompanyClient, findOrCreateInlineClient } from "./lookup";
export { clientContracts } from "./contracts";
export * from "./schemas";
