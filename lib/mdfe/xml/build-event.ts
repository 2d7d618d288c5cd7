import { stateInfo } from "@/lib/br";
import { localDateTime } from "@/lib/fiscal/nfe/format";
import { validateXml, type XmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { signXml, type SigningCredentials } from "@/lib/fiscal/xml/xml-signature";
import { el, fiscalText } from "@/lib/fiscal/xml/xml-text";
import { MDFE_NAMESPACE, MDFE_VERSION } from "./build-mdfe";
import { buildInfPag } from "./build-rodo";
import type { MdfePayment } from "./types";

// MDF-e events (MOC MDF-e 3.00a, item 5 "Eventos"; eventoMDFe_v3.00.xsd with detEvento as xs:any,
// each detail validated with its own schema): one signed <eventoMDFe> per MDFeRecepcaoEvento call.

export const MDFE_EVENT_TYPES = {
  CANCEL: "110111",
  CLOSE: "110112",
  ADD_DRIVER: "110114",
  ADD_DOCUMENTS: "110115",
  PAYMENT: "110116",
} as const;

export type MdfeEventType = (typeof MDFE_EVENT_TYPES)[keyof typeof MDFE_EVENT_TYPES];

type EventCommon = {
  accessKey: string;
  environment: "PRODUCTION" | "HOMOLOGATION";
  /** The issuer: its CNPJ is the author and its state is cOrgao (the UF of the emitter; SVRS receives for every state). */
  issuerCnpj: string;
  issuerUf: string;
  occurredAt: Date | string;
  /** nSeqEvento: 1, except inclusão de condutor, numbered 1, 2, … per MDF-e. */
  sequence?: number;
};

export type MdfeEventInput = EventCommon &
  (
    | { type: "110111"; protocol: string; reason: string }
    /** Encerramento: the municipality and state where the trip ended and its date (dtEnc, TData). */
    | { type: "110112"; protocol: string; closedOn: string; closingUfCode: string; closingMunicipalityCode: string }
    | { type: "110114"; driver: { name: string; cpf: string } }
    /** Inclusão de DF-e: NF-e loaded on the way (MOC MDF-e 3.00a; evInclusaoDFeMDFe_v3.00.xsd), with where they were loaded and where they are unloaded. */
    | { type: "110115"; protocol: string; loading: { code: string; name: string }; documents: { municipality: { code: string; name: string }; nfeKey: string }[] }
    /**
     * Pagamento da operação de transporte (NT MDF-e 2021.002, evPagtoOperMDFe_v3.00.xsd): the
     * trips the payment covers (qtdViagens, nroViagem: 5 digits each) and the infPag groups.
     */
    | { type: "110116"; protocol: string; trips: { total: number; number: number }; payments: MdfePayment[] }
  );

const DETAIL: Record<MdfeEventType, { root: string; schema: XmlSchema }> = {
  "110111": { root: "evCancMDFe", schema: "mdfe/PL_MDFe_300a/evCancMDFe_v3.00.xsd" },
  "110112": { root: "evEncMDFe", schema: "mdfe/PL_MDFe_300a/evEncMDFe_v3.00.xsd" },
  "110114": { root: "evIncCondutorMDFe", schema: "mdfe/PL_MDFe_300a/evIncCondutorMDFe_v3.00.xsd" },
  "110115": { root: "evIncDFeMDFe", schema: "mdfe/PL_MDFe_300a/evInclusaoDFeMDFe_v3.00.xsd" },
  "110116": { root: "evPagtoOperMDFe", schema: "mdfe/PL_MDFe_300a/evPagtoOperMDFe_v3.00.xsd" },
};

function detail(input: MdfeEventInput): string {
  switch (input.type) {
    case "110111":
      return el("descEvento", "Cancelamento") + el("nProt", input.protocol) + el("xJust", fiscalText(input.reason, 255));
    case "110112":
      return el("descEvento", "Encerramento") + el("nProt", input.protocol) + el("dtEnc", input.closedOn) + el("cUF", input.closingUfCode) + el("cMun", input.closingMunicipalityCode);
    case "110114":
      return el("descEvento", "Inclusao Condutor") + `<condutor>${el("xNome", fiscalText(input.driver.name, 60))}${el("CPF", input.driver.cpf.replace(/\D/g, ""))}</condutor>`;
    case "110115":
      return (
        el("descEvento", "Inclusao DF-e") +
        el("nProt", input.protocol) +
        el("cMunCarrega", input.loading.code) +
        el("xMunCarrega", fiscalText(input.loading.name, 60)) +
        input.documents.map((d) => `<infDoc>${el("cMunDescarga", d.municipality.code)}${el("xMunDescarga", fiscalText(d.municipality.name, 60))}${el("chNFe", d.nfeKey)}</infDoc>`).join("")
      );
    case "110116":
      return (
        el("descEvento", "Pagamento Operacao MDF-e") +
        el("nProt", input.protocol) +
        `<infViagens>${el("qtdViagens", String(input.trips.total).padStart(5, "0"))}${el("nroViagem", String(input.trips.number).padStart(5, "0"))}</infViagens>` +
        input.payments.map(buildInfPag).join("")
      );
  }
}

export function mdfeEventId(type: string, accessKey: string, sequence: number): string {
  return `ID${type}${accessKey}${String(sequence).padStart(sequence > 99 ? 3 : 2, "0")}`;
}

/** The detail element alone, in the MDF-e namespace, for its own schema. */
export function eventDetailDocument(eventXml: string): { xml: string; schema: XmlSchema } | null {
  for (const { root, schema } of Object.values(DETAIL)) {
    const match = new RegExp(`<${root}>[\\s\\S]*?</${root}>`).exec(eventXml);
    if (match) return { xml: match[0].replace(`<${root}>`, `<${root} xmlns="${MDFE_NAMESPACE}">`), schema };
  }
  return null;
}

export type BuiltMdfeEvent = { xml: string; id: string };

/** Builds, signs (infEvento) and validates the envelope and its detail. Throws 422 schema_validation_failed. */
export function buildSignedMdfeEvent(input: MdfeEventInput, credentials: SigningCredentials): BuiltMdfeEvent {
  const sequence = input.sequence ?? 1;
  const id = mdfeEventId(input.type, input.accessKey, sequence);
  const { root } = DETAIL[input.type];
  const unsigned =
    `<eventoMDFe xmlns="${MDFE_NAMESPACE}" versao="${MDFE_VERSION}">` +
    `<infEvento Id="${id}">` +
    el("cOrgao", stateInfo(input.issuerUf).cUF) +
    el("tpAmb", input.environment === "PRODUCTION" ? "1" : "2") +
    el("CNPJ", input.issuerCnpj.replace(/[^0-9A-Za-z]/g, "").toUpperCase()) +
    el("chMDFe", input.accessKey) +
    el("dhEvento", localDateTime(input.occurredAt, input.issuerUf)) +
    el("tpEvento", input.type) +
    el("nSeqEvento", String(sequence)) +
    `<detEvento versaoEvento="${MDFE_VERSION}"><${root}>${detail(input)}</${root}></detEvento>` +
    "</infEvento></eventoMDFe>";
  const xml = signXml(unsigned, credentials, { tag: "infEvento" });
  validateXml(xml, "mdfe/PL_MDFe_300a/eventoMDFe_v3.00.xsd");
  const inner = eventDetailDocument(xml);
  if (inner) validateXml(inner.xml, inner.schema);
  return { xml, id };
}
