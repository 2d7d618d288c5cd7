import type { PaulistanaRpsInput } from "../types";

// Test-only: an RPS of a software house in São Paulo (CCM 12345678) to a company taker
// in Campinas, ISS due in São Paulo (T) at 5 %, city service code 02692.
export function samplePaulistanaRps(overrides: Partial<PaulistanaRpsInput> = {}): PaulistanaRpsInput {
  return {
    senderCnpj: "11222333000181",
    key: { ccm: "12345678", series: "A1", number: 17 },
    type: "RPS",
    issueDate: "2026-12-07",
    status: "N",
    taxation: "T",
    values: { services: "1750.00", deductions: "0.00" },
    serviceCode: "02692",
    issRate: "5",
    issRetained: false,
    taker: {
      cnpj: "06929383000163",
      name: "Cliente Serviços S/A",
      address: { street: "Rua das Flores", number: "10", neighborhood: "Centro", municipalityCode: "3509502", state: "SP", zipCode: "13010000" },
      email: "contas@cliente.example.com",
    },
    description: "Desenvolvimento de software sob encomenda",
    ...overrides,
  };
}
