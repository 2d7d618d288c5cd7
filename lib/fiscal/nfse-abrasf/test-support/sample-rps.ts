import type { AbrasfRpsInput } from "../types";

// Test-only: an RPS of a software house in Ribeirão Preto (3543402, ISSNet
// ABRASF 2.04) to a company taker in Campinas, ISS due in the provider's city.
export function sampleRps(overrides: Partial<AbrasfRpsInput> = {}): AbrasfRpsInput {
  return {
    rps: { number: 17, series: "A1", type: "1" },
    issueDate: "2026-12-07",
    competence: "2026-12-07",
    provider: { cnpj: "11222333000181", municipalRegistration: "123456" },
    taker: {
      cnpj: "06929383000163",
      name: "Cliente Serviços S/A",
      address: { street: "Rua das Flores", number: "10", neighborhood: "Centro", municipalityCode: "3509502", state: "SP", zipCode: "13010000" },
      email: "contas@cliente.example.com",
    },
    service: { itemListaServico: "01.01", municipalTaxCode: "010101", description: "Desenvolvimento de software sob encomenda", municipalityCode: "3543402" },
    values: { serviceValue: "1750.00", issRate: "5", issValue: "87.50" },
    iss: { exigibilidade: "1", retained: false },
    simplesNacional: false,
    incentivoFiscal: false,
    ...overrides,
  };
}
