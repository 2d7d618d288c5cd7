import { db } from "@/lib/db/client";
import type { TestCompany } from "@/test/factories";
import { createEmittingCompany } from "../testing/emission-fixtures";

// Test-only: a company ready to issue NFS-e (IM, NFS-e settings, A1) and an
// NFSE create body whose taker is a company in Campinas. The company is in Campinas
// (3509502, on the Sefin Nacional): São Paulo, the factories' default city, issues
// through its own Nota Fiscal Paulistana (issue 57; paulistana-emission.integration.test.ts).

export async function createNfseCompany(options: { regime?: "NORMAL" | "SIMPLES_NACIONAL"; alphanumeric?: boolean } = {}): Promise<TestCompany> {
  const company = await createEmittingCompany(options);
  await db.company.update({
    where: { id: company.companyId },
    data: { municipalityCode: "3509502", city: "Campinas", zipCode: "13015000", municipalRegistration: "12345678", email: "fiscal@example.com", nfseServiceCode: "010101", nfseNbsCode: "115022000", nfseIssRate: "2", nfseRegApTribSN: options.regime === "SIMPLES_NACIONAL" ? 1 : null },
  });
  return company;
}

export function nfseBody(overrides: Record<string, unknown> = {}) {
  return {
    type: "NFSE",
    client: {
      name: "Cliente Serviços S/A",
      document: "06929383000163",
      street: "Rua das Flores",
      number: "10",
      neighborhood: "Centro",
      city: "Campinas",
      state: "SP",
      municipalityCode: "3509502",
      zipCode: "13010000",
      email: "contas@cliente.example.com",
    },
    items: [
      { code: "DEV", description: "Desenvolvimento de software sob encomenda", quantity: 10, unitValue: 150, nationalServiceCode: "010101" },
      { code: "DEV-EXTRA", description: "Horas extras de desenvolvimento", quantity: 2, unitValue: 125, nationalServiceCode: "010101" },
    ],
    ...overrides,
  };
}
