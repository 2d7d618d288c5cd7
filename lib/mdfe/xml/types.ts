import type { NfeAddress, NfeTechnicalResponsible } from "@/lib/fiscal/nfe/types";

// The input of an MDF-e 3.00 (MOC MDF-e 3.00a, leiaute mdfeTiposBasico_v3.00 and
// mdfeModalRodoviario_v3.00 of PL_MDFe_300a with NT 2025.001 v1.03). Plain values,
// already resolved from our records (company, vehicles, NF-e); nothing here reads the database.

export type MdfeEnvironment = "PRODUCTION" | "HOMOLOGATION";

/** modal (ide/modal): 1 rodoviário, 2 aéreo, 3 aquaviário, 4 ferroviário. Only 1 is built. */
export type MdfeModal = "1" | "2" | "3" | "4";

/** tpEmit: 1 prestador de serviço de transporte, 2 transportador de carga própria, 3 CT-e globalizado. */
export type MdfeIssuerType = "1" | "2" | "3";

/** A party identified by CNPJ (14, alphanumeric allowed) or CPF (11). */
export type MdfeParty = { type: "CNPJ" | "CPF"; value: string };

export type MdfeMunicipality = { code: string; name: string };

export type MdfeVehicleOwner = {
  document: MdfeParty;
  rntrc: string;
  name: string;
  /** IE of the owner; "ISENTO" or empty text when it has none (the schema requires the tag). */
  stateRegistration: string;
  uf: string;
  /** tpProp: 0 TAC agregado, 1 TAC independente, 2 outros. */
  ownerType: "0" | "1" | "2";
};

export type MdfeVehicle = {
  internalCode?: string | null; // cInt
  plate: string; // placa, as registered (ABC1234 or Mercosul ABC1D23)
  renavam?: string | null; // RENAVAM, 9 or 11 digits
  tareKg: number; // tara
  capacityKg?: number | null; // capKG
  capacityM3?: number | null; // capM3
  /** tpCar: 00 não aplicável, 01 aberta, 02 fechada/baú, 03 granelera, 04 porta-container, 05 sider. */
  bodyType: "00" | "01" | "02" | "03" | "04" | "05";
  uf?: string | null;
  /** Present when the vehicle is not the issuer's own. */
  owner?: MdfeVehicleOwner | null;
};

export type MdfeTractionVehicle = MdfeVehicle & {
  /** tpRod: 01 truck, 02 toco, 03 cavalo mecânico, 04 VAN, 05 utilitário, 06 outros. */
  wheelType: "01" | "02" | "03" | "04" | "05" | "06";
};

export type MdfeDriver = { name: string; cpf: string };

export type MdfeUnloading = {
  municipality: MdfeMunicipality;
  /** Keys of the NF-e unloaded there (44 characters each); none for a loadingLater manifest. */
  nfeKeys: string[];
  /** Keys of the CT-e unloaded there (infCTe/chCTe; only for a transport service provider, tpEmit 1). */
  cteKeys?: string[];
};

export type MdfeInsurance = {
  /** respSeg: 1 emitente do MDF-e, 2 contratante do serviço de transporte. */
  responsible: "1" | "2";
  responsibleDocument?: MdfeParty | null;
  insurer?: { name: string; cnpj: string } | null;
  policyNumber?: string | null; // nApol
  endorsements?: string[]; // nAver
};

export type MdfePredominantProduct = {
  /** tpCarga (NT 2025.001 adds 12): 01 granel sólido … 05 carga geral … 12 granel pressurizada. */
  cargoType: "01" | "02" | "03" | "04" | "05" | "06" | "07" | "08" | "09" | "10" | "11" | "12";
  description: string; // xProd
  gtin?: string | null; // cEAN
  ncm?: string | null;
  /** infLotacao: loading and unloading CEP, for a single-document load (carga lotação). */
  loadingZipCode?: string | null;
  unloadingZipCode?: string | null;
};

export type MdfePaymentComponent = { type: "01" | "02" | "03" | "04" | "99"; value: string; description?: string | null };

/** infPag (NT 2021.002, NT 2025.001): required for carga lotação with tpTransp and for TAC. */
export type MdfePayment = {
  name?: string | null;
  document: MdfeParty;
  components: MdfePaymentComponent[];
  contractValue: string; // vContrato
  /** indPag: 0 à vista, 1 a prazo. */
  paymentIndicator: "0" | "1";
  /** vAdiant: the advance of a payment in instalments. */
  advanceValue?: string | null;
  installments?: { number: number; dueDate: string; value: string }[];
  bank: { kind: "BANK"; bankCode: string; agency: string } | { kind: "IPEF"; cnpj: string } | { kind: "PIX"; key: string };
};

export type MdfeAntt = {
  rntrc?: string | null;
  ciot?: { code: string; document: MdfeParty }[];
  tollVouchers?: { supplierCnpj: string; payerDocument: MdfeParty; purchaseNumber?: string | null; value: string; type?: "01" | "04" | null }[];
  contractors?: { name?: string | null; document: MdfeParty }[];
  payments?: MdfePayment[];
};

export type MdfeInput = {
  environment: MdfeEnvironment;
  modal: MdfeModal;
  issuerType?: MdfeIssuerType;
  /** tpTransp: 1 ETC, 2 TAC, 3 CTC; only when the carrier is named (tpEmit 2 with a hired carrier). */
  carrierType?: "1" | "2" | "3" | null;
  series: number;
  number: number;
  /** cMDF: 8 random digits, stored so a re-emission builds the same key; drawn when absent. */
  cMDF?: string | null;
  /** tpEmis: 1 normal, 2 contingência off-line, 3 Regime Especial NFF. */
  tpEmis?: "1" | "2";
  issuedAt: Date | string;
  tripStartAt?: Date | string | null; // dhIniViagem
  /**
   * indCarregaPosterior=1: issued without documents (one infMunDescarga, the loading municipality, with
   * none), which are added on the way by inclusão de DF-e (110115). See docs/api-notes/mdfe.md, *Loading later*.
   */
  loadingLater?: boolean;
  applicationVersion: string; // verProc
  issuer: { cnpj: string; stateRegistration: string; name: string; tradeName?: string | null; address: NfeAddress & { email?: string | null } };
  startUf: string; // UFIni
  endUf: string; // UFFim
  loading: MdfeMunicipality[]; // infMunCarrega, 1..50
  route?: string[]; // infPercurso/UFPer, 0..25, the states crossed between UFIni and UFFim
  unloading: MdfeUnloading[]; // infMunDescarga, 1..1000
  rodo: { antt?: MdfeAntt | null; vehicle: MdfeTractionVehicle; drivers: MdfeDriver[]; trailers?: MdfeVehicle[]; seals?: string[] };
  insurance?: MdfeInsurance[];
  product: MdfePredominantProduct;
  /** tot/cUnid: 01 KG, 02 TON. */
  cargoUnit: "01" | "02";
  cargoQuantity: string; // qCarga, 4 decimals
  cargoValue: string; // vCarga, 2 decimals
  additionalInfo?: { fisco?: string | null; complementary?: string | null } | null;
  authorizedXml?: MdfeParty[]; // autXML, 0..10
  technicalResponsible?: NfeTechnicalResponsible | null;
};

export type BuiltMdfe = { xml: string; accessKey: string; cMDF: string; qrCode: string };
