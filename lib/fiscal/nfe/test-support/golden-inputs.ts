import type { IbsCbsTaxes, IbsCbsTotals, IcmsTaxes, IcmsTotals, PisCofinsTaxes } from "@/lib/tax/tax-shapes";
import type { NfeInput, NfeIssuer, NfeItem } from "../types";

// Golden documents (issue 5, item 9). Amounts are hand-computed and coherent
// (line taxes sum to the totals) because the builder prints, never recomputes.

export const ISSUER_NORMAL: NfeIssuer = {
  cnpj: "11222333000181",
  name: "Comércio & Indústria São João Ltda",
  tradeName: "São João <Matriz>",
  stateRegistration: "110042490114",
  crt: "3",
  address: {
    street: "Avenida Paulista", number: "1000", complement: "Conj. 101", district: "Bela Vista",
    municipalityCode: "3550308", municipalityName: "São Paulo", uf: "SP", zipCode: "01310-100", phone: "(11) 3333-4444",
  },
};

export const ISSUER_SIMPLES: NfeIssuer = { ...ISSUER_NORMAL, name: "Padaria Pão Quente ME", tradeName: null, crt: "1" };

const icmsNone = { modBc: null, baseReduction: null, base: null, rate: null, amount: null, benefitCode: null, st: null, simplesCredit: null };
const pis = (base: string, amount: string): PisCofinsTaxes => ({ cst: "01", base, rate: "1.6500", amount });
const cofins = (base: string, amount: string): PisCofinsTaxes => ({ cst: "01", base, rate: "7.6000", amount });
const noDeclared = { adjustment: null, creditReversal: null, zfmPresumedCredit: null, referencedItem: null };

/** IBS/CBS 2026 test rates: CBS 0.9 %, state IBS 0.1 %, municipal IBS 0 %. */
export function ibsCbs(base: string, ibsState: string, cbs: string): IbsCbsTaxes {
  return {
    cst: "000", cClassTrib: "000001",
    amounts: {
      base, ibsStateRate: "0.1000", ibsStateAmount: ibsState, ibsMunicipalRate: "0.0000", ibsMunicipalAmount: "0.00",
      ibsAmount: ibsState, cbsRate: "0.9000", cbsAmount: cbs,
    },
    ...noDeclared,
  };
}

export function ibsCbsTot(base: string, ibs: string, cbs: string): IbsCbsTotals {
  return {
    vBCIBSCBS: base,
    gIBS: {
      gIBSUF: { vDif: "0.00", vDevTrib: "0.00", vIBSUF: ibs },
      gIBSMun: { vDif: "0.00", vDevTrib: "0.00", vIBSMun: "0.00" },
      vIBS: ibs, vCredPres: "0.00", vCredPresCondSus: "0.00",
    },
    gCBS: { vDif: "0.00", vDevTrib: "0.00", vCBS: cbs, vCredPres: "0.00", vCredPresCondSus: "0.00" },
  };
}

export function icmsTot(values: Partial<IcmsTotals>): IcmsTotals {
  const zero = "0.00";
  return {
    vBC: zero, vICMS: zero, vICMSDeson: zero, vFCP: zero, vBCST: zero, vST: zero, vFCPST: zero, vFCPSTRet: zero,
    vProd: zero, vFrete: zero, vSeg: zero, vDesc: zero, vII: zero, vIPI: zero, vIPIDevol: zero, vPIS: zero,
    vCOFINS: zero, vOutro: zero, vNF: zero, ...values,
  };
}

function item(partial: Omit<NfeItem, "ncm" | "cfop" | "unit"> & Partial<Pick<NfeItem, "ncm" | "cfop" | "unit">>): NfeItem {
  return { ncm: "21069090", cfop: "5102", unit: "UN", ...partial };
}

const icms00 = (base: string, amount: string): IcmsTaxes => ({ ...icmsNone, table: "CST", origin: "0", cst: "00", modBc: "3", base, rate: "18.0000", amount });

/** Two lines, CST 00, IPI on the second, recipient company in the same state. */
export function simpleNfe(overrides: Partial<NfeInput> = {}): NfeInput {
  return {
    model: "55", environment: "HOMOLOGATION", series: 1, number: 1001, cNF: "73029184",
    issuedAt: "2026-03-10T17:05:09Z", departureAt: "2026-03-10T18:00:00Z",
    operationNature: "Venda de mercadoria", finNFe: "1",
    issuer: ISSUER_NORMAL,
    recipient: {
      document: { type: "CNPJ", value: "06.929.383/0001-63" }, name: "Cliente Exemplo S/A", stateRegistration: "123456789110",
      address: { street: "Rua \"Aspas\" & Cia", number: "s/n", district: "Centro", municipalityCode: "3509502", municipalityName: "Campinas", uf: "SP", zipCode: "13010000" },
      email: "compras@cliente.example",
    },
    items: [
      item({
        code: "SKU-1", gtin: "7891000315507", description: "Café torrado — 500 g “extra forte”", quantity: "2", unitValue: "50", grossValue: "100.00",
        taxes: { icms: icms00("100.00", "18.00"), ipi: null, pis: pis("100.00", "1.65"), cofins: cofins("100.00", "7.60"), ibsCbs: ibsCbs("100.00", "0.10", "0.90") },
      }),
      item({
        code: "SKU-2", description: "Filtro de papel nº 103", quantity: "3", unitValue: "10.00", grossValue: "30.00", ncm: "48239099",
        taxes: {
          icms: icms00("30.00", "5.40"), ipi: { cst: "50", cEnq: "999", base: "30.00", rate: "5.0000", amount: "1.50" },
          pis: pis("30.00", "0.50"), cofins: cofins("30.00", "2.28"), ibsCbs: ibsCbs("30.00", "0.03", "0.27"),
        },
      }),
    ],
    totals: {
      icmsTot: icmsTot({ vBC: "130.00", vICMS: "23.40", vProd: "130.00", vIPI: "1.50", vPIS: "2.15", vCOFINS: "9.88", vNF: "131.50" }),
      ibsCbsTot: ibsCbsTot("130.00", "0.13", "1.17"),
    },
    payments: [{ tPag: "01", value: "131.50", indPag: "0" }],
    additionalInfo: { taxpayer: "Pedido 123 <urgente> & frágil" },
    technicalResponsible: { cnpj: "11222333000181", contact: "Suporte Fiscal", email: "suporte@fiscal.example", phone: "11999990000", csrt: { id: "1", secret: "G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO" } },
    ...overrides,
  };
}

/** Simples Nacional issuer: CSOSN 101 (credit), 201 (ST + credit) and 500 (ST already paid). */
export function simplesWithStNfe(): NfeInput {
  const base = { ...icmsNone, table: "CSOSN" as const, origin: "0" };
  return simpleNfe({
    number: 1002, cNF: "51846290", issuer: ISSUER_SIMPLES, operationNature: "Venda de mercadoria sujeita a ST",
    items: [
      item({
        code: "A1", description: "Biscoito recheado", quantity: "10", unitValue: "4.5", grossValue: "45.00", cfop: "5102",
        taxes: {
          icms: { ...base, cst: "101", simplesCredit: { rate: "2.5600", amount: "1.15" } },
          ipi: null, pis: { cst: "99", base: "0.00", rate: "0.0000", amount: "0.00" }, cofins: { cst: "99", base: "0.00", rate: "0.0000", amount: "0.00" },
          ibsCbs: ibsCbs("45.00", "0.05", "0.41"),
        },
      }),
      item({
        code: "A2", description: "Refrigerante 2 L", quantity: "6", unitValue: "8.00", grossValue: "48.00", ncm: "22021000", cest: "0300700", cfop: "5401",
        taxes: {
          icms: {
            ...base, cst: "201",
            st: { modBc: "4", mva: "40.0000", baseReduction: null, base: "67.20", rate: "18.0000", amount: "3.46" },
            simplesCredit: { rate: "2.5600", amount: "1.23" },
          },
          ipi: null, pis: { cst: "49", base: "0.00", rate: "0.0000", amount: "0.00" }, cofins: { cst: "49", base: "0.00", rate: "0.0000", amount: "0.00" },
          ibsCbs: ibsCbs("48.00", "0.05", "0.43"),
        },
      }),
      item({
        code: "A3", description: "Água mineral 500 ml", quantity: "12", unitValue: "1.25", grossValue: "15.00", ncm: "22011000", cest: "0300400", cfop: "5405",
        taxes: { icms: { ...base, cst: "500" }, ipi: null, pis: { cst: "07", base: null, rate: null, amount: null }, cofins: { cst: "07", base: null, rate: null, amount: null }, ibsCbs: ibsCbs("15.00", "0.02", "0.14") },
      }),
    ],
    totals: {
      icmsTot: icmsTot({ vBCST: "67.20", vST: "3.46", vProd: "108.00", vNF: "111.46" }),
      ibsCbsTot: ibsCbsTot("108.00", "0.12", "0.98"),
    },
    payments: [{ tPag: "01", value: "111.46" }],
    additionalInfo: { taxpayer: "Documento emitido por ME ou EPP optante pelo Simples Nacional. Permite o aproveitamento do crédito de ICMS no valor de R$ 2,38 correspondente à alíquota de 2,56 %, nos termos do art. 23 da LC 123." },
  });
}

/** NFC-e to an identified consumer (CPF) paid by credit card and PIX, with change. */
export function nfceCardAndPix(): NfeInput {
  return {
    ...simpleNfe(),
    model: "65", number: 501, cNF: "90817263", departureAt: null, indPres: "1",
    recipient: { document: { type: "CPF", value: "123.456.789-09" }, name: "Maria da Silva" },
    items: [
      item({
        code: "P1", description: "Pão francês", quantity: "0.75", unitValue: "16.90", grossValue: "12.68", unit: "KG",
        taxes: { icms: { ...icmsNone, table: "CST", origin: "0", cst: "00", modBc: "3", base: "12.68", rate: "7.0000", amount: "0.89" }, ipi: null, pis: null, cofins: null, ibsCbs: ibsCbs("12.68", "0.01", "0.11") },
      }),
      item({
        code: "P2", description: "Revista semanal", quantity: "2", unitValue: "5.49", grossValue: "10.98", ncm: "49021000",
        // Periodicals are immune (CF art. 150 VI d): ICMS 40 and IBS/CBS 410 / 410008, a CST without gIBSCBS.
        taxes: { icms: { ...icmsNone, table: "CST", origin: "0", cst: "40" }, ipi: null, pis: null, cofins: null, ibsCbs: { cst: "410", cClassTrib: "410008", amounts: null, ...noDeclared } },
      }),
    ],
    totals: {
      icmsTot: icmsTot({ vBC: "12.68", vICMS: "0.89", vProd: "23.66", vNF: "23.66" }),
      ibsCbsTot: ibsCbsTot("12.68", "0.01", "0.11"),
    },
    payments: [
      { tPag: "03", value: "10.00", indPag: "0", card: { tpIntegra: "1", acquirerCnpj: "01027058000191", tBand: "02", authorization: "A1B2C3" } },
      { tPag: "17", value: "10.00", indPag: "0", card: { tpIntegra: "2" } },
      { tPag: "01", value: "5.00", indPag: "0" },
    ],
    change: "1.34",
    csc: { id: "000001", secret: "0123456789ABCDEF0123456789ABCDEF" },
    additionalInfo: null,
  };
}

/** Credit note (finNFe 5) adjusting IBS/CBS of an earlier NF-e: refNFe, tpNFCredito, tPag 90. */
export function creditNote(referencedKey: string, tpNFCredito = "01"): NfeInput {
  return simpleNfe({
    number: 1003, cNF: "30571946", finNFe: "5", tpNFCredito, operationNature: "Nota de credito - ajuste IBS/CBS",
    referencedKeys: [referencedKey], departureAt: null,
    items: [
      item({
        code: "AJ-1", description: "Ajuste de IBS/CBS da NF-e referenciada", quantity: "1", unitValue: "10.00", grossValue: "10.00", cfop: "5949",
        // IBS/CBS only (NT 2025.002, rule B25-80 / cStat 1001).
        taxes: { icms: null, ipi: null, pis: null, cofins: null, ibsCbs: ibsCbs("10.00", "0.01", "0.09") },
      }),
    ],
    totals: { icmsTot: icmsTot({ vProd: "10.00", vNF: "10.00" }), ibsCbsTot: ibsCbsTot("10.00", "0.01", "0.09") },
    payments: [{ tPag: "90", value: "0.00" }],
    additionalInfo: null,
  });
}

/** Debit note (finNFe 6) of interest and penalty (tpNFDebito 04): IBS/CBS only, tPag 90. */
export function debitNote(referencedKey: string, tpNFDebito = "04"): NfeInput {
  return simpleNfe({
    number: 1008, cNF: "41736290", finNFe: "6", tpNFDebito, operationNature: "Nota de debito - juros e multa",
    referencedKeys: [referencedKey], departureAt: null,
    items: [
      item({
        code: "DB-1", description: "Juros e multa sobre a NF-e referenciada", quantity: "1", unitValue: "20.00", grossValue: "20.00", cfop: "5949",
        taxes: { icms: null, ipi: null, pis: null, cofins: null, ibsCbs: ibsCbs("20.00", "0.02", "0.18") },
      }),
    ],
    totals: { icmsTot: icmsTot({ vProd: "20.00", vNF: "20.00" }), ibsCbsTot: ibsCbsTot("20.00", "0.02", "0.18") },
    payments: [{ tPag: "90", value: "0.00" }],
    additionalInfo: null,
  });
}

const RECIPIENT_BA_CONSUMER = {
  document: { type: "CPF" as const, value: "12345678909" }, name: "Joana Souza", indIEDest: "9" as const,
  address: { street: "Avenida Sete de Setembro", number: "100", district: "Centro", municipalityCode: "2927408", municipalityName: "Salvador", uf: "BA", zipCode: "40060001" },
};
const RECIPIENT_PE_CONSUMER = {
  ...RECIPIENT_BA_CONSUMER,
  address: { street: "Rua da Aurora", number: "100", district: "Boa Vista", municipalityCode: "2611606", municipalityName: "Recife", uf: "PE", zipCode: "50050000" },
};

/**
 * Interstate sale SP → PE to a non-contributor final consumer (CFOP 6108):
 * 7 % interstate (Res. SF 22/89, S/SE to NE), DIFAL to PE at 20.5 % on the
 * single base, 100 % to the destination; the second line is imported
 * (origin 1) at 4 % (Res. SF 13/2012).
 */
export function interstateConsumerWithDifal(): NfeInput {
  const icmsInter = (origin: string, base: string, rate: string, amount: string): IcmsTaxes => ({ ...icmsNone, table: "CST", origin, cst: "00", modBc: "3", base, rate, amount });
  return simpleNfe({
    number: 1005, cNF: "28465019", indFinal: "1", recipient: RECIPIENT_PE_CONSUMER,
    items: [
      item({
        code: "TV-1", description: "Televisor 50 polegadas", quantity: "1", unitValue: "2000", grossValue: "2000.00", ncm: "85287200", cfop: "6108",
        taxes: {
          icms: icmsInter("0", "2000.00", "7.0000", "140.00"), ipi: null, pis: pis("2000.00", "33.00"), cofins: cofins("2000.00", "152.00"), ibsCbs: ibsCbs("2000.00", "2.00", "18.00"),
          difal: { base: "2000.00", fcpBase: null, fcpRate: null, destinationRate: "20.5000", interstateRate: "7.0000", partitionRate: "100.0000", fcpAmount: null, destinationAmount: "270.00", originAmount: "0.00" },
        },
      }),
      item({
        code: "FONE-2", description: "Fone de ouvido importado", quantity: "2", unitValue: "150", grossValue: "300.00", ncm: "85183000", cfop: "6108",
        taxes: {
          icms: icmsInter("1", "300.00", "4.0000", "12.00"), ipi: null, pis: pis("300.00", "4.95"), cofins: cofins("300.00", "22.80"), ibsCbs: ibsCbs("300.00", "0.30", "2.70"),
          difal: { base: "300.00", fcpBase: null, fcpRate: null, destinationRate: "20.5000", interstateRate: "4.0000", partitionRate: "100.0000", fcpAmount: null, destinationAmount: "49.50", originAmount: "0.00" },
        },
      }),
    ],
    totals: {
      icmsTot: icmsTot({ vBC: "2300.00", vICMS: "152.00", vFCPUFDest: "0.00", vICMSUFDest: "319.50", vICMSUFRemet: "0.00", vProd: "2300.00", vPIS: "37.95", vCOFINS: "174.80", vNF: "2300.00" }),
      ibsCbsTot: ibsCbsTot("2300.00", "2.30", "20.70"),
    },
    payments: [{ tPag: "17", value: "2300.00" }],
    additionalInfo: null,
  });
}

/** NFC-e paid in cash above the total: vTroco is the overpayment (rules 866/869). */
export function nfceCashWithChange(): NfeInput {
  const nfce = nfceCardAndPix();
  return { ...nfce, number: 502, cNF: "19283746", payments: [{ tPag: "01", value: "30.00", indPag: "0" }], change: "6.34" };
}

/** Simples Nacional issuer without IBS/CBS amounts in 2026: the IBSCBS group is left out (NT 2025.002). */
export function simplesWithoutIbsCbs(): NfeInput {
  const base = { ...icmsNone, table: "CSOSN" as const, origin: "0" };
  return simpleNfe({
    number: 1006, cNF: "56473829", issuer: ISSUER_SIMPLES,
    items: [
      item({
        code: "S1", description: "Bolo de fubá", quantity: "2", unitValue: "12.5", grossValue: "25.00",
        taxes: { icms: { ...base, cst: "102" }, ipi: null, pis: { cst: "49", base: "0.00", rate: "0.0000", amount: "0.00" }, cofins: { cst: "49", base: "0.00", rate: "0.0000", amount: "0.00" }, ibsCbs: { cst: "000", cClassTrib: "000001", amounts: null, ...noDeclared } },
      }),
    ],
    totals: { icmsTot: icmsTot({ vProd: "25.00", vNF: "25.00" }), ibsCbsTot: null },
    payments: [{ tPag: "01", value: "25.00" }],
    additionalInfo: null,
  });
}

/** Sale with carrier, vehicle, volumes, freight apportioned to the lines (inside every base) and three installments. */
export function transportAndInstallments(): NfeInput {
  const base = simpleNfe();
  const [first, second] = base.items as [NfeItem, NfeItem];
  return {
    ...base,
    number: 1004, cNF: "64920375",
    recipient: {
      document: { type: "CNPJ", value: "33000167000101" }, name: "Distribuidora Paulista Ltda", stateRegistration: "244012345119",
      address: { street: "Rua XV de Novembro", number: "50", district: "Centro", municipalityCode: "3548500", municipalityName: "Santos", uf: "SP", zipCode: "11010150" },
    },
    items: [
      {
        ...first, freight: "38.46",
        taxes: { icms: icms00("138.46", "24.92"), ipi: null, pis: pis("138.46", "2.28"), cofins: cofins("138.46", "10.52"), ibsCbs: ibsCbs("138.46", "0.14", "1.25") },
      },
      {
        ...second, freight: "11.54",
        taxes: {
          icms: icms00("41.54", "7.48"), ipi: { cst: "50", cEnq: "999", base: "41.54", rate: "5.0000", amount: "2.08" },
          pis: pis("41.54", "0.69"), cofins: cofins("41.54", "3.16"), ibsCbs: ibsCbs("41.54", "0.04", "0.37"),
        },
      },
    ],
    totals: {
      icmsTot: icmsTot({ vBC: "180.00", vICMS: "32.40", vProd: "130.00", vFrete: "50.00", vIPI: "2.08", vPIS: "2.97", vCOFINS: "13.68", vNF: "182.08" }),
      ibsCbsTot: ibsCbsTot("180.00", "0.18", "1.62"),
    },
    transport: {
      modFrete: "0",
      carrier: { document: { type: "CNPJ", value: "60746948000112" }, name: "Transportes Rápidos Ltda", stateRegistration: "111222333444", address: "Rod. Anhanguera km 10", city: "São Paulo", uf: "SP" },
      vehicle: { plate: "ABC1D23", uf: "SP", rntc: "12345678" },
      volumes: [{ quantity: 3, species: "CAIXA", brand: "SJ", numbering: "1-3", netWeight: "12.5", grossWeight: "13.75" }],
    },
    billing: {
      invoice: { number: "1004", originalValue: "182.08", discount: "0.00", netValue: "182.08" },
      installments: [
        { number: "001", dueDate: "2026-04-09", value: "60.69" },
        { number: "002", dueDate: "2026-05-09", value: "60.69" },
        { number: "003", dueDate: "2026-06-08", value: "60.70" },
      ],
    },
    payments: [{ tPag: "15", value: "182.08", indPag: "1" }],
  };
}

/**
 * IBS/CBS with reduced rates (NT 2025.002 gRed; cClassTrib table 2026-06-22):
 * line 1 CST 200 / 200003 (cesta básica, Anexo I, 100 %): effective rates 0,
 * amounts 0; line 2 CST 200 / 200034 (alimentos, Anexo VII, 60 %): state IBS
 * 0.1 × 0.4 = 0.04 % → 30.00 × 0.04 % = 0.01; CBS 0.9 × 0.4 = 0.36 % → 0.11.
 */
export function reducedRatesNfe(): NfeInput {
  const reduced = (pRed: string, state: string, cbs: string) => ({
    ibsState: { reductionRate: pRed, effectiveRate: state },
    ibsMunicipal: { reductionRate: pRed, effectiveRate: "0.0000" },
    cbs: { reductionRate: pRed, effectiveRate: cbs },
  });
  const line = (cClassTrib: string, base: string, ibsState: string, cbs: string, reduction: ReturnType<typeof reduced>): IbsCbsTaxes => {
    const taxes = ibsCbs(base, ibsState, cbs);
    return { ...taxes, cst: "200", cClassTrib, amounts: { ...taxes.amounts!, reduction } };
  };
  const input = simpleNfe({ number: 1010, cNF: "40271853" });
  const [rice, biscuit] = input.items;
  return {
    ...input,
    items: [
      { ...rice!, description: "Arroz branco tipo 1 — 5 kg", ncm: "10063021", taxes: { ...rice!.taxes, ibsCbs: line("200003", "100.00", "0.00", "0.00", reduced("100.0000", "0.0000", "0.0000")) } },
      { ...biscuit!, description: "Biscoito de polvilho", ncm: "19059090", taxes: { ...biscuit!.taxes, ibsCbs: line("200034", "30.00", "0.01", "0.11", reduced("60.0000", "0.0400", "0.3600")) } },
    ],
    totals: { ...input.totals, ibsCbsTot: ibsCbsTot("130.00", "0.01", "0.11") },
  };
}

/**
 * The same sale to a consumer in BA, whose law asks for the DIFAL on the base
 * dupla (lib/tax/data/icms-rates.ts, DIFAL_DOUBLE_BASE). Line 1: origin ICMS
 * 2000.00 × 7 % = 140.00; base (2000.00 − 140.00) / (1 − 0.205) = 2339.6226 →
 * 2339.62; 2339.62 × 20.5 % = 479.62; DIFAL 479.62 − 140.00 = 339.62. Line 2
 * (imported, 4 %): 12.00; (300.00 − 12.00) / 0.795 = 362.26; 74.26 − 12.00 = 62.26.
 */
export function interstateConsumerDoubleBase(): NfeInput {
  const input = interstateConsumerWithDifal();
  const [tv, headset] = input.items;
  const withDifal = (line: NfeItem, base: string, destinationAmount: string): NfeItem => ({ ...line, taxes: { ...line.taxes, difal: { ...line.taxes.difal!, base, destinationAmount } } });
  return {
    ...input,
    number: 1011, cNF: "61934027", recipient: RECIPIENT_BA_CONSUMER,
    items: [withDifal(tv!, "2339.62", "339.62"), withDifal(headset!, "362.26", "62.26")],
    totals: { ...input.totals, icmsTot: { ...input.totals.icmsTot, vICMSUFDest: "401.88" } },
  };
}
