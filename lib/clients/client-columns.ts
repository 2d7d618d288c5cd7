// A client row as the API answers it (ClientResponse), selected or returned in
// plain SQL (./list-clients.ts, ./create-client-sql.ts). Column order = the
// model's, so the JSON keys keep the order of toClientResponse. Timestamps are
// formatted by PostgreSQL exactly as toISOString (no Date per cell).
const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
export const CLIENT_COLUMNS = `"id", "name", "fantasyName", "document", "documentType"::text AS "documentType", "type"::text AS "type",
  "stateRegistration", "icmsTaxpayer"::text AS "icmsTaxpayer", "email", "phone", "zipCode", "street", "number", "complement",
  "neighborhood", "city", "state", "municipalityCode", "countryCode", "isActive",
  to_char("createdAt", ${ISO_UTC}) AS "createdAt", to_char("updatedAt", ${ISO_UTC}) AS "updatedAt"`;
