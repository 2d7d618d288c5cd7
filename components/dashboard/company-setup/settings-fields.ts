import { maskCep, maskCnpj, maskPhone, maskStateRegistration } from "@/lib/br/masks";
import { STATES } from "@/lib/br/states";
import type { FiscalSettings } from "@/lib/companies/fiscal-settings-schema";
import { ICMS_ORIGINS } from "@/lib/tax/taxation-rules";
import type { PickerTable } from "@/components/dashboard/pickers/code-picker";

// Layout of the fiscal settings form: which field goes in which section, with
// its label and hint. Validation lives in FiscalSettingsSchema, not here.

export type SettingsFieldName = keyof FiscalSettings;
export type SettingsField = {
  name: SettingsFieldName;
  label: string;
  hint?: string;
  options?: { value: string; label: string }[];
  type?: "text" | "email" | "number";
  /** A code from an official table: a searchable picker. */
  picker?: PickerTable;
  /** Formats the text while typing (the schema reads it back to digits). */
  mask?: (value: string) => string;
};
/** `key` names the section in the message catalogues (settings.sections.<key>); title and description are the English text. */
export type SettingsSection = { key: "identification" | "address" | "numbering" | "nfse" | "taxes" | "contingency" | "received" | "documents" | "respTec"; title: string; description?: string; fields: SettingsField[] };

const ORIGIN_LABELS = ["0 - National", "1 - Foreign, direct import", "2 - Foreign, bought in Brazil", "3 - National, 40-70% imported", "4 - National, basic processes", "5 - National, up to 40% imported", "6 - Foreign direct, no similar (CAMEX)", "7 - Foreign in Brazil, no similar (CAMEX)", "8 - National, over 70% imported"];

export const SETTINGS_SECTIONS: SettingsSection[] = [
  {
    key: "identification",
    title: "Identification",
    fields: [
      { name: "cnpj", label: "CNPJ", mask: maskCnpj },
      { name: "legalName", label: "Legal name" },
      { name: "tradeName", label: "Trade name" },
      { name: "stateRegistration", label: "State registration (IE)", hint: 'Digits of the IE, or "ISENTO"', mask: maskStateRegistration },
      { name: "municipalRegistration", label: "Municipal registration (IM)", hint: "Required for NFS-e" },
      {
        name: "taxRegime",
        label: "Tax regime (CRT)",
        options: [
          { value: "SIMPLES_NACIONAL", label: "1 - Simples Nacional" },
          { value: "SIMPLES_EXCESS", label: "2 - Simples Nacional, sub-limit exceeded" },
          { value: "NORMAL", label: "3 - Regime normal" },
          { value: "MEI", label: "4 - MEI" },
        ],
      },
      {
        name: "environment",
        label: "Environment",
        hint: "The only place the environment is set",
        options: [
          { value: "HOMOLOGATION", label: "Homologation (test)" },
          { value: "PRODUCTION", label: "Production" },
        ],
      },
    ],
  },
  {
    key: "address",
    title: "Address",
    fields: [
      { name: "street", label: "Street" },
      { name: "streetNumber", label: "Number" },
      { name: "complement", label: "Complement" },
      { name: "neighborhood", label: "Neighborhood" },
      { name: "city", label: "City" },
      { name: "state", label: "State (UF)", options: STATES.map((s) => ({ value: s.uf, label: `${s.uf} - ${s.name}` })) },
      { name: "municipalityCode", label: "IBGE municipality code", hint: "Search by name; the state chosen above filters the list", picker: "municipality" },
      { name: "zipCode", label: "ZIP code (CEP)", mask: maskCep },
      { name: "phone", label: "Phone", mask: maskPhone },
      { name: "email", label: "E-mail", type: "email" },
    ],
  },
  {
    key: "numbering",
    title: "Numbering and NFC-e",
    description: "Series and the next number of the default series, in the current environment.",
    fields: [
      { name: "nfeSeries", label: "NF-e series (55)", type: "number" },
      { name: "nfeNextNumber", label: "NF-e next number", type: "number" },
      { name: "nfceSeries", label: "NFC-e series (65)", type: "number" },
      { name: "nfceNextNumber", label: "NFC-e next number", type: "number" },
      { name: "cscId", label: "CSC id", hint: "e.g. 000001, issued by the SEFAZ" },
      { name: "cscToken", label: "CSC (token)", hint: "Secret used in the NFC-e QR code" },
    ],
  },
  {
    key: "nfse",
    title: "NFS-e (national standard)",
    description: "Regime groups of the DPS (layout 1.01), DPS numbering in the current environment, and the service and ISS used when an item or NFSE tax rule leaves them empty.",
    fields: [
      {
        name: "nfseRegApTribSN",
        label: "Simples Nacional calculation (regApTribSN)",
        hint: "Only for ME/EPP in the Simples; empty: 1, or 2 when the sub-limit is exceeded",
        options: [
          { value: "", label: "— (not in the Simples, or the default)" },
          { value: "1", label: "1 - Federal taxes and ISS in the Simples" },
          { value: "2", label: "2 - Federal taxes in the Simples, ISS outside" },
          { value: "3", label: "3 - Federal taxes and ISS outside the Simples" },
        ],
      },
      {
        name: "nfseRegEspTrib",
        label: "Special tax regime (regEspTrib)",
        options: [
          { value: "0", label: "0 - None" },
          { value: "1", label: "1 - Cooperative act" },
          { value: "2", label: "2 - Estimate" },
          { value: "3", label: "3 - Municipal microenterprise" },
          { value: "4", label: "4 - Notary or registrar" },
          { value: "5", label: "5 - Self-employed professional" },
          { value: "6", label: "6 - Professional society" },
          { value: "9", label: "9 - Other" },
        ],
      },
      { name: "dpsSeries", label: "DPS series", type: "number" },
      { name: "dpsNextNumber", label: "DPS next number", type: "number" },
      { name: "nfseServiceCode", label: "National service code (cTribNac)", hint: "National service list (LC 116/2003): search by code or words, e.g. 010101", picker: "nfse-service" },
      { name: "nfseMunicipalServiceCode", label: "Municipal service code (cTribMun)", hint: "3 digits, when the municipality has one" },
      { name: "nfseNbsCode", label: "NBS code (cNBS)", hint: "NBS 2.0: search by code or words, e.g. 115022000", picker: "nbs" },
      { name: "nfseIssRate", label: "ISS rate (%)", hint: "At most 5%; an NFSE tax rule's rate wins" },
    ],
  },
  {
    key: "taxes",
    title: "Default taxes",
    description: "Last level of the tax resolution: used when the item, tax rule, product and template leave a field empty. Rates in percent.",
    fields: [
      { name: "defaultOperationNature", label: "Operation nature", hint: "e.g. VENDA DE MERCADORIA" },
      { name: "defaultNcm", label: "NCM", picker: "ncm" },
      { name: "defaultCfop", label: "CFOP", picker: "cfop" },
      { name: "defaultIcmsOrigin", label: "ICMS origin", options: ICMS_ORIGINS.map((o, i) => ({ value: o, label: ORIGIN_LABELS[i] ?? o })) },
      { name: "defaultIcmsCst", label: "ICMS CST / CSOSN", hint: "CSOSN for Simples Nacional and MEI, CST otherwise", picker: "icms-situation" },
      { name: "defaultIcmsRate", label: "ICMS rate (%)" },
      { name: "defaultPisCst", label: "PIS CST", picker: "pis-cofins-cst" },
      { name: "defaultPisRate", label: "PIS rate (%)" },
      { name: "defaultCofinsCst", label: "COFINS CST", picker: "pis-cofins-cst" },
      { name: "defaultCofinsRate", label: "COFINS rate (%)" },
      { name: "defaultIpiCst", label: "IPI CST", picker: "ipi-cst" },
      { name: "defaultIpiRate", label: "IPI rate (%)" },
      { name: "defaultIpiCEnq", label: "IPI enquadramento (cEnq)" },
      { name: "defaultIbsCbsCst", label: "IBS/CBS CST", picker: "ibscbs-cst" },
      { name: "defaultCClassTrib", label: "cClassTrib", picker: "cclasstrib" },
      { name: "cbsRate", label: "CBS rate (%)" },
      { name: "ibsStateRate", label: "State IBS rate (%)" },
      { name: "ibsMunicipalRate", label: "Municipal IBS rate (%)" },
      { name: "ibsCbsRatesValidFrom", label: "IBS/CBS rates valid from", hint: "YYYY-MM-DD; used only where the law fixes no rate (the CBS from 2027)" },
    ],
  },
  {
    key: "contingency",
    title: "Contingency",
    description: "When SEFAZ is down: NFC-e offline, NF-e through the state's SVC.",
    fields: [
      {
        name: "contingencyAutomatic",
        label: "Enter contingency",
        hint: "Automatic: on status 108/109 or consecutive communication failures; it ends by itself when the status answers 107",
        options: [
          { value: "true", label: "Automatically" },
          { value: "false", label: "Only by hand" },
        ],
      },
    ],
  },
  {
    key: "received",
    title: "Received NF-e",
    description: "NF-e that suppliers issue to the company's CNPJ, from the national distribution.",
    fields: [
      {
        name: "receivedAutoAcknowledge",
        label: "Register the ciência of received NF-e automatically",
        hint: "Yes: each new NF-e gets its ciência da operação at once, so its full XML arrives. No: only the summary until someone registers a manifestation",
        options: [
          { value: "true", label: "Yes" },
          { value: "false", label: "No" },
        ],
      },
      {
        name: "recipientRegistrationBlocks",
        label: "When an NF-e recipient's IE is inactive in the state's registry",
        hint: "Before an NF-e to a contributor is sent, its IE is checked in the state's registry (CCC). Stop: the NF-e is not sent, so no number is lost to a denial. Warn: it is sent and the answer carries a warning",
        options: [
          { value: "true", label: "Stop the emission" },
          { value: "false", label: "Warn and emit" },
        ],
      },
    ],
  },
  {
    key: "documents",
    title: "DANFE and DANFE NFC-e",
    description: "What prints on the company's DANFE besides the document (the logo is below, under Logo).",
    fields: [
      {
        name: "danfeCanhoto",
        label: "Print the canhoto (receipt stub) on the DANFE",
        hint: "The strip the recipient signs on receiving the goods; leave it off when nobody signs for delivery",
        options: [
          { value: "true", label: "Yes" },
          { value: "false", label: "No" },
        ],
      },
      {
        name: "danfeNfceSummary",
        label: "DANFE NFC-e layout",
        hint: "The summary (resumido) leaves out the items, where the state allows it and the consumer asks; the complete one can still be printed from the document's page",
        options: [
          { value: "false", label: "Complete" },
          { value: "true", label: "Summary (without the items)" },
        ],
      },
      { name: "documentFooterMessage", label: "Footer message", hint: "Up to 200 characters, printed at the foot of every DANFE sheet and at the end of the DANFE NFC-e" },
    ],
  },
  {
    key: "respTec",
    title: "Technical responsible (infRespTec)",
    description: "Required by some states (NT 2018.005).",
    fields: [
      { name: "respTecCnpj", label: "CNPJ", mask: maskCnpj },
      { name: "respTecContact", label: "Contact" },
      { name: "respTecEmail", label: "E-mail", type: "email" },
      { name: "respTecPhone", label: "Phone", mask: maskPhone },
      { name: "respTecCsrtId", label: "CSRT id" },
      { name: "respTecCsrt", label: "CSRT" },
    ],
  },
];
