// What a DANFE prints, read from the authorized XML (nfeProc) so any
// authorized document renders the same way, whatever created it.

export type DanfeParty = {
  name: string;
  tradeName?: string;
  /** CNPJ or CPF digits (or idEstrangeiro). */
  document: string;
  stateRegistration?: string;
  street?: string;
  number?: string;
  complement?: string;
  district?: string;
  city?: string;
  state?: string;
  zipCode?: string;
  phone?: string;
  email?: string;
};

export type DanfeItem = {
  code: string;
  description: string;
  ncm: string;
  cst: string;
  cfop: string;
  unit: string;
  quantity: string;
  unitValue: string;
  totalValue: string;
  discount: string;
  icmsBase: string;
  icmsValue: string;
  ipiValue: string;
  icmsRate: string;
  ipiRate: string;
};

export type DanfeInstallment = { number: string; dueDate: string; value: string };

export type DanfePayment = { method: string; value: string };

export type DanfeTransport = {
  freightMode: string;
  carrierName?: string;
  carrierDocument?: string;
  carrierStateRegistration?: string;
  carrierAddress?: string;
  carrierCity?: string;
  carrierState?: string;
  vehiclePlate?: string;
  vehicleState?: string;
  rntc?: string;
  volumeQuantity?: string;
  volumeSpecies?: string;
  grossWeight?: string;
  netWeight?: string;
};

export type DanfeTotals = {
  icmsBase: string;
  icmsValue: string;
  icmsStBase: string;
  icmsStValue: string;
  productsValue: string;
  freightValue: string;
  insuranceValue: string;
  discountValue: string;
  otherValue: string;
  ipiValue: string;
  pisValue: string;
  cofinsValue: string;
  approximateTaxes: string;
  totalValue: string;
  /** vFCPUFDest, vICMSUFDest, vICMSUFRemet (NT 2015.003): present when any is not zero. */
  interstate?: { fcpDestination: string; icmsDestination: string; icmsOrigin: string };
};

export type DanfeData = {
  model: "55" | "65";
  accessKey: string;
  /** tpAmb 2: no fiscal value, printed with the watermark. */
  homologation: boolean;
  /** tpNF: 0 entrada, 1 saída. */
  operationType: string;
  operationNature: string;
  series: string;
  number: string;
  issuedAt: string;
  exitAt?: string;
  issuer: DanfeParty;
  recipient?: DanfeParty;
  items: DanfeItem[];
  totals: DanfeTotals;
  transport: DanfeTransport;
  invoice?: { number: string; originalValue: string; discount: string; netValue: string };
  installments: DanfeInstallment[];
  payments: DanfePayment[];
  change?: string;
  additionalInfo?: string;
  fiscoInfo?: string;
  protocol?: { number: string; receivedAt: string };
  /**
   * A preview of a draft (GET …/danfe?preview=true): printed from the XML
   * emission would build, without number, key, protocol or QR code, and
   * marked "PRÉ-VISUALIZAÇÃO – SEM VALOR FISCAL".
   */
  preview?: boolean;
  /** Issued in contingency (tpEmis 6/7 SVC, 9 NFC-e offline): tpEmis, dhCont and xJust as in the XML. */
  contingency?: { tpEmis: string; at: string; reason: string };
  /** NFC-e (infNFeSupl). */
  qrCode?: string;
  consultationUrl?: string;
};
