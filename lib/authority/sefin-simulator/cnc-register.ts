// Sefin Nacional fills the NFS-e's <emit> from the CNC (Cadastro Nacional de
// Contribuintes), not from the DPS (which carries no provider address when the
// provider issues it). The simulator's CNC is this installation's register of
// companies: the company with the provider's CNPJ in homologation (the
// simulator only issues in produção restrita), as its fiscal settings have it. Companies of one
// CNPJ may coexist while unproven (issue 49 item 5): the one holding the CNPJ's reservation
// (a certificate of its root installed) is the contributor, never another tenant's squatter; while
// none holds it (no certificate installed yet, so none can emit), the oldest company.

export type CncContributor = {
  tradeName: string | null;
  street: string | null;
  streetNumber: string | null;
  complement: string | null;
  neighborhood: string | null;
  municipalityCode: string;
  state: string;
  zipCode: string | null;
  phone: string | null;
  email: string | null;
};

/**
 * The provider as the CNC has it ($1: its CNPJ; no row for a CPF provider or a CNPJ no company of
 * this installation has), read by the statement that reads the DPS's state (nfse-store.ts).
 */
export const FIND_CONTRIBUTOR = `
  SELECT "tradeName", "street", "streetNumber", "complement", "neighborhood", "municipalityCode", "state", "zipCode", "phone", "email"
  FROM "Company" c WHERE "cnpj" = $1 AND "environment" = 'HOMOLOGATION'
  ORDER BY EXISTS (SELECT 1 FROM "CnpjReservation" v WHERE v."companyId" = c."id") DESC, "createdAt", "id"
  LIMIT 1`;
