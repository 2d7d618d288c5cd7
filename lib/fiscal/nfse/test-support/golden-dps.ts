import type { DpsInput } from "../types";

// Golden DPS inputs (issue 14, item 9): Simples Nacional, regular regime with
// and without ISS withholding, and with the IBSCBS group of layout 1.01.
// Provider in São Paulo (3550308), taker a company in Campinas (3509502).

const base: DpsInput = {
  environment: "HOMOLOGATION",
  issuedAt: "2026-11-23T10:00:00-03:00",
  competence: "2026-11-23",
  series: 1,
  number: 17,
  issuingMunicipality: "3550308",
  provider: { cnpj: "11222333000181", municipalRegistration: "12345678", email: "fiscal@example.com", opSimpNac: "1", regEspTrib: "0" },
  taker: {
    cnpj: "11444777000161",
    name: "Cliente Serviços Ltda",
    address: { municipalityCode: "3509502", zipCode: "13010000", street: "Rua Barão de Jaguara", number: "100", neighborhood: "Centro" },
    email: "contas@cliente.example.com",
  },
  service: { location: "3550308", nationalCode: "010101", municipalCode: "001", description: "Análise e desenvolvimento de sistemas & manutenção", nbsCode: "115022000" },
  values: {
    serviceValue: "1000.00",
    tribISSQN: "1",
    tpRetISSQN: "1",
    retentions: {},
    approximateTaxes: { federal: "135.00", state: "0.00", municipal: "50.00" },
  },
};

export function dpsSimples(): DpsInput {
  return {
    ...base,
    provider: { ...base.provider, opSimpNac: "3", regApTribSN: "1" },
    values: { ...base.values, approximateTaxes: { simplesPercent: "6.00" } },
  };
}

export function dpsRegular(): DpsInput {
  return { ...base };
}

export function dpsRegularWithRetention(): DpsInput {
  return {
    ...base,
    values: {
      ...base.values,
      // A não optante never sends pAliq (E0617): the municipality's parameters give the rate.
      tpRetISSQN: "2",
      retentions: { ir: "15.00", csll: "10.00", inss: "110.00" },
      pisCofins: { cst: "01", base: "1000.00", pisRate: "0.65", cofinsRate: "3.00", pis: "6.50", cofins: "30.00", retained: true },
    },
  };
}

/** ME/EPP paying ISS in the Simples, withheld by the taker: pAliq is mandatory (E0621). */
export function dpsSimplesWithRetention(): DpsInput {
  const simples = dpsSimples();
  return { ...simples, values: { ...simples.values, tpRetISSQN: "2", issRate: "2.5" } };
}

export function dpsWithIbsCbs(): DpsInput {
  return { ...base, service: { ...base.service, additionalInfo: "Contrato 2026/17 — parcela 3 de 12" }, ibsCbs: { finNFSe: "0", indFinal: "0", cIndOp: "100301", indDest: "0", cst: "000", cClassTrib: "000001" } };
}
