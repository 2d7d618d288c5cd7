// Input of the DPS builder (NFS-e national layout 1.01): everything already
// resolved and computed at creation; the builder only prints it in schema order.

export type DpsAddress = { municipalityCode: string; zipCode: string; street: string; number: string; complement?: string | null; neighborhood: string };

export type DpsTaker = {
  /** CNPJ (14), CPF (11) or null for a foreign taker without NIF (cNaoNIF 0). */
  cnpj?: string | null;
  cpf?: string | null;
  name: string;
  address?: DpsAddress | null;
  email?: string | null;
};

export type DpsIbsCbs = {
  /** finNFSe 0: regular NFS-e. */
  finNFSe: "0";
  /** indFinal 1 when the taker is the final consumer (an individual). */
  indFinal: "0" | "1";
  /** cIndOp (Anexo VII of the NT 004), 6 digits. */
  cIndOp: string;
  /** indDest 0: the taker is the destinatário. */
  indDest: "0" | "1";
  cst: string;
  cClassTrib: string;
};

export type DpsInput = {
  environment: "PRODUCTION" | "HOMOLOGATION";
  /** dhEmi as the issuer's local time with offset, e.g. 2026-11-23T10:00:00-03:00. */
  issuedAt: string;
  /** dCompet, YYYY-MM-DD (≤ dhEmi, E0015). */
  competence: string;
  series: number;
  number: number;
  /** cLocEmi: IBGE code of the issuer's municipality. */
  issuingMunicipality: string;
  provider: {
    cnpj: string;
    municipalRegistration?: string | null;
    phone?: string | null;
    email?: string | null;
    /** 1 not opting, 2 MEI, 3 ME/EPP. */
    opSimpNac: "1" | "2" | "3";
    regApTribSN?: "1" | "2" | "3" | null;
    regEspTrib: string;
  };
  taker: DpsTaker | null;
  service: {
    /** cLocPrestacao: IBGE code of where the service was rendered. */
    location: string;
    nationalCode: string;
    municipalCode?: string | null;
    description: string;
    nbsCode?: string | null;
    /** serv/infoCompl/xInfComp: the document's additionalInfo. */
    additionalInfo?: string | null;
  };
  values: {
    serviceValue: string;
    unconditionalDiscount?: string | null;
    /** 1 taxable, 2 immunity, 3 export, 4 non-incidence. */
    tribISSQN: "1" | "2" | "3" | "4";
    /** 1 not withheld, 2 withheld by the taker, 3 by the intermediary. */
    tpRetISSQN: "1" | "2" | "3";
    /** pAliq, sent only when the rules require it (see docs/api-notes/nfse.md). */
    issRate?: string | null;
    retentions: { inss?: string | null; ir?: string | null; csll?: string | null };
    pisCofins?: { cst: string; base: string; pisRate: string; cofinsRate: string; pis: string; cofins: string; retained: boolean } | null;
    /** totTrib: amounts (Lei 12.741/2012) or, for the Simples, the percentage pTotTribSN. */
    approximateTaxes: { federal: string; state: string; municipal: string } | { simplesPercent: string };
  };
  ibsCbs?: DpsIbsCbs | null;
  /** verAplic. */
  appVersion?: string;
};

export type BuiltDps = { id: string; xml: string };
