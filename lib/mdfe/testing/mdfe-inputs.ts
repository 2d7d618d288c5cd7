import { modulus11CheckDigit } from "@/lib/br";
import { buildAccessKey } from "@/lib/fiscal/nfe/access-key";
import type { MdfeInput } from "../xml/types";

// A carga própria MDF-e of an SP company carrying two of its own NF-e to Belo Horizonte (MG):
// the shape issue 55 asks the tests to cover. Values are plausible, not real registrations.

export const MDFE_ISSUER_CNPJ = "11222333000181";

/** A valid NF-e (model 55) key of the issuer, as the company's own documents have. */
export function ownNfeKey(number: number, cnpj = MDFE_ISSUER_CNPJ, uf = "35"): string {
  return buildAccessKey({ cUF: uf, yearMonth: "2612", issuerDocument: cnpj, model: "55", series: 1, number, tpEmis: "1", cNF: String(40_000_000 + number) });
}

export function mdfeInput(overrides: Partial<MdfeInput> = {}): MdfeInput {
  return {
    environment: "HOMOLOGATION",
    modal: "1",
    series: 1,
    number: 17,
    cMDF: "48151623",
    issuedAt: "2026-12-07T13:00:00Z",
    applicationVersion: "notas-mdfe 1.0",
    issuer: {
      cnpj: MDFE_ISSUER_CNPJ,
      stateRegistration: "110042490114",
      name: "Comércio & Indústria São João Ltda",
      tradeName: "São João",
      address: {
        street: "Avenida Paulista", number: "1000", complement: "Conj. 101", district: "Bela Vista",
        municipalityCode: "3550308", municipalityName: "São Paulo", uf: "SP", zipCode: "01310-100", phone: "(11) 3333-4444",
      },
    },
    startUf: "SP",
    endUf: "MG",
    loading: [{ code: "3550308", name: "São Paulo" }],
    route: [],
    unloading: [{ municipality: { code: "3106200", name: "Belo Horizonte" }, nfeKeys: [ownNfeKey(101), ownNfeKey(102)] }],
    rodo: {
      vehicle: { plate: "ABC1D23", renavam: "12345678901", tareKg: 7500, capacityKg: 14000, capacityM3: 60, wheelType: "01", bodyType: "02", uf: "SP" },
      drivers: [{ name: "José da Silva", cpf: "52998224725" }],
    },
    product: { cargoType: "05", description: "Peças de máquinas industriais", ncm: "84879000" },
    cargoUnit: "01",
    cargoQuantity: "3200.0000",
    cargoValue: "85400.00",
    ...overrides,
  };
}

/** A DF-e key of any model (a CT-e's is 57), check digit by mod 11 as every DF-e key's. */
export function dfeKey(parts: { cUF?: string; yearMonth: string; cnpj?: string; model: string; number: number }): string {
  const first43 = (parts.cUF ?? "35") + parts.yearMonth + (parts.cnpj ?? "11444777000161") + parts.model + "001" + String(parts.number).padStart(9, "0") + "1" + String(70_000_000 + parts.number);
  return first43 + String(modulus11CheckDigit(first43));
}

/**
 * A "carregamento posterior" manifest (indCarregaPosterior=1): within SP, one loading municipality
 * unloading in itself with no documents; the NF-e come later by 110115 (rules 703–707).
 */
export function loadingLaterInput(overrides: Partial<MdfeInput> = {}): MdfeInput {
  return mdfeInput({
    loadingLater: true,
    endUf: "SP",
    unloading: [{ municipality: { code: "3550308", name: "São Paulo" }, nfeKeys: [] }],
    cargoQuantity: "0.0000",
    cargoValue: "0.00",
    ...overrides,
  });
}

/** The traction vehicle owned by a TAC agregado (prop/tpProp 0), the only owner the payment event 110116 accepts (723). */
export const TAC_AGGREGATED_OWNER = { document: { type: "CPF" as const, value: "11144477735" }, rntrc: "87654321", name: "João Caminhoneiro", stateRegistration: "ISENTO", uf: "SP", ownerType: "0" as const };
