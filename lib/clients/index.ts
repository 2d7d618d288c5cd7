export { createClient, deleteClient, getClient, toClientResponse, updateClient } from "./client-service";
export { listClients } from "./list-clients";
export { resolveClientIdentity, type ClientIdentity } from "./client-identity";
export { findOrCreateInlineClient } from "./lookup";
export { clientContracts } from "./contracts";
export * from "./schemas";
