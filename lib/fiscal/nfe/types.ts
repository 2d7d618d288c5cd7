import type { DifalTaxes, IbsCbsTaxes, IbsCbsTotals, IcmsTaxes, IcmsTotals, IpiTaxes, PisCofinsTaxes } from "@/lib/tax/tax-shapes";

// Input of the NF-e/NFC-e 4.00 builder. It is filled from a stored document
// whose taxes are already resolved and computed (lib/tax/tax-shapes): every
// amount arrives as a decimal string and the builder only formats it.

export type Decimalish = string;

export type NfeAddress = {
  street: string; // xLgr
  number: string; // nro
  complement?: string | null; // xCpl
  district: string; // xBairro
  municipalityCode: string; // cMun (IBGE, 7 digits)
  municipalityName: string; // xMun
  uf: string;
  zipCode?: string | null; // CEP, 8 digits
  phone?: string | null;
};

export type NfeIssuer = {
  cnpj: string; // 14 characters, alphanumeric allowed (NT 2026.004)
  name: string;
  tradeName?: string | null;
  stateRegistration: string; // IE (digits or "ISENTO")
  stateRegistrationSt?: string | null; // IEST
  municipalRegistration?: string | null; // IM (with CNAE) for mixed NF-e
  cnae?: string | null;
  /** CRT: 1 Simples Nacional, 2 Simples over the revenue cap, 3 normal regime, 4 MEI. */
  crt: "1" | "2" | "3" | "4";
  address: NfeAddress;
};

export type NfeRecipient = {
  /** CNPJ (14), CPF (11) or a foreign id (idEstrangeiro, for idDest 3). */
  document: { type: "CNPJ" | "CPF"; value: string } | { type: "FOREIGN"; value: string };
  name: string;
  address?: (Omit<NfeAddress, "uf"> & { uf: string; countryCode?: string; countryName?: string }) | null;
  /** indIEDest: 1 contributor, 2 exempt, 9 non-contributor; default 1 with an IE, else 9 (always 9 on NFC-e). */
  indIEDest?: "1" | "2" | "9";
  stateRegistration?: string | null;
  email?: string | null;
};

export type NfeItemTaxes = {
  icms: IcmsTaxes | null;
  ipi: IpiTaxes | null;
  pis: PisCofinsTaxes | null;
  cofins: PisCofinsTaxes | null;
  ibsCbs: IbsCbsTaxes;
  /** ICMSUFDest (DIFAL) of an interstate sale to a non-contributor final consumer. */
  difal?: DifalTaxes | null;
};

export type NfeItem = {
  code: string; // cProd
  gtin?: string | null; // cEAN/cEANTrib; "SEM GTIN" when absent
  description: string; // xProd
  ncm: string;
  cest?: string | null;
  benefitCode?: string | null; // cBenef
  cfop: string;
  unit: string; // uCom/uTrib
  quantity: Decimalish; // qCom/qTrib
  unitValue: Decimalish; // vUnCom/vUnTrib
  grossValue: Decimalish; // vProd
  freight?: Decimalish | null; // vFrete of the line
  insurance?: Decimalish | null;
  discount?: Decimalish | null;
  otherCharges?: Decimalish | null;
  /** Approximate tax burden (Lei 12.741/2012), vTotTrib; omitted when absent. */
  approximateTaxes?: Decimalish | null;
  purchaseOrder?: { number: string; item?: string } | null; // xPed/nItemPed
  additionalInfo?: string | null; // infAdProd
  taxes: NfeItemTaxes;
};

export type NfeTransport = {
  /** modFrete: 0 sender, 1 recipient, 2 third party, 3 own by sender, 4 own by recipient, 9 none. */
  modFrete: "0" | "1" | "2" | "3" | "4" | "9";
  carrier?: {
    document?: { type: "CNPJ" | "CPF"; value: string } | null;
    name?: string | null;
    stateRegistration?: string | null;
    address?: string | null;
    city?: string | null;
    uf?: string | null;
  } | null;
  vehicle?: { plate: string; uf?: string | null; rntc?: string | null } | null;
  volumes?: Array<{
    quantity?: number | null;
    species?: string | null;
    brand?: string | null;
    numbering?: string | null;
    netWeight?: Decimalish | null;
    grossWeight?: Decimalish | null;
  }>;
};

export type NfeBilling = {
  invoice: { number: string; originalValue: Decimalish; discount?: Decimalish | null; netValue: Decimalish };
  installments: Array<{ number: string; dueDate: string | Date; value: Decimalish }>;
};

/** tPag (NT 2020.006 / NT 2023.004 table). */
export type TPag =
  | "01" | "02" | "03" | "04" | "05" | "10" | "11" | "12" | "13" | "15" | "16" | "17" | "18" | "19" | "20" | "21" | "22" | "90" | "99";

export type NfePayment = {
  tPag: TPag;
  value: Decimalish;
  /** indPag: 0 cash, 1 on credit. */
  indPag?: "0" | "1" | null;
  /** xPag, required with tPag 99. */
  description?: string | null;
  date?: string | Date | null; // dPag
  card?: {
    /** 1 integrated with the automation (TEF/POS), 2 not integrated. */
    tpIntegra: "1" | "2";
    acquirerCnpj?: string | null;
    tBand?: string | null;
    authorization?: string | null; // cAut
  } | null;
};

export type NfeTechnicalResponsible = {
  cnpj: string;
  contact: string;
  email: string;
  phone: string;
  /** CSRT id and secret, when the state requires it (hashCSRT = base64 SHA-1 of CSRT + chave). */
  csrt?: { id: string; secret: string } | null;
};

export type NfeInput = {
  model: "55" | "65";
  environment: "PRODUCTION" | "HOMOLOGATION";
  series: number;
  number: number;
  /** 8 random digits; drawn when absent (never equal to number). Keep it stored so a re-emission builds the same key. */
  cNF?: string | null;
  /** tpEmis: 1 normal; 6/7 SVC-AN/SVC-RS contingency; 9 NFC-e offline. */
  tpEmis?: "1" | "4" | "6" | "7" | "9";
  contingency?: { at: Date | string; reason: string } | null;
  issuedAt: Date | string;
  /** dhSaiEnt (NF-e only). */
  departureAt?: Date | string | null;
  operationNature: string; // natOp
  /** tpNF: 0 entry, 1 exit (default). */
  operationType?: "0" | "1";
  /** finNFe: 1 normal, 2 complementary, 3 adjustment, 4 return, 5 credit note, 6 debit note (NT 2025.002). */
  finNFe: "1" | "2" | "3" | "4" | "5" | "6";
  tpNFCredito?: string | null;
  tpNFDebito?: string | null;
  /** indFinal: default 1 on NFC-e and for recipients who are not contributors. */
  indFinal?: "0" | "1";
  /** indPres: default 1 (in person). */
  indPres?: "0" | "1" | "2" | "3" | "4" | "5" | "9";
  /** indIntermed, required by the schema rules when indPres is 2, 3, 4 or 9. */
  indIntermed?: "0" | "1" | null;
  /** Referenced NF-e keys (NFref/refNFe). */
  referencedKeys?: string[];
  issuer: NfeIssuer;
  recipient?: NfeRecipient | null;
  items: NfeItem[];
  totals: { icmsTot: IcmsTotals; ibsCbsTot: IbsCbsTotals | null; approximateTaxes?: Decimalish | null };
  transport?: NfeTransport | null;
  billing?: NfeBilling | null;
  payments: NfePayment[];
  change?: Decimalish | null; // vTroco
  additionalInfo?: { fisco?: string | null; taxpayer?: string | null } | null;
  technicalResponsible?: NfeTechnicalResponsible | null;
  /** verProc: the issuing application and version. */
  applicationVersion?: string;
  /** NFC-e: CSC (token) registered at the SEFAZ; required for QR-code version 2. */
  csc?: { id: string; secret: string } | null;
};

export type BuiltNfe = {
  xml: string;
  accessKey: string;
  cNF: string;
  id: string;
};
