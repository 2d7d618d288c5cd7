import { isTryLater } from "./classify";
import { child, text, type XmlNode } from "./soap-response";
import type { CommunicationFailure, Refused } from "./types";

// retConsCad 2.00 (retConsCad_v2.00.xsd, MOC 4.0 item 4.6): 111 one registration, 112 several
// (one infCad each: the CNPJ holds an IE per establishment or a history), 259/261/264 the CNPJ,
// IE or CPF asked is no contributor in that state; 656 consumo indevido and the other "try
// later" codes are communication failures; anything else is a refusal of the query
// (258/260/263 invalid document, 262 state without CPF lookup, 265 the service does not
// answer for that state). cSit: 0 not enabled ("não habilitado"), 1 enabled.

export const REGISTRY_ONE = "111";
export const REGISTRY_SEVERAL = "112";
/** 259 CNPJ, 261 IE, 264 CPF: not registered as an ICMS contributor in the state. */
export const REGISTRY_NOT_CONTRIBUTOR = new Set(["259", "261", "264"]);

export type RegistryAddress = {
  street: string | null;
  number: string | null;
  complement: string | null;
  neighborhood: string | null;
  municipalityCode: string | null;
  city: string | null;
  zipCode: string | null;
};

/** One infCad, in our own names. */
export type RegistryEntry = {
  stateRegistration: string;
  cnpj: string | null;
  cpf: string | null;
  state: string;
  /** cSit: 1 enabled (ACTIVE), 0 not enabled (INACTIVE). */
  situation: "ACTIVE" | "INACTIVE";
  /** indCredNFe: 0 not credentialed for NF-e, 1 credentialed, 2 obliged for every operation, 3 partially, 4 by the state's criteria. */
  nfeCredential: string | null;
  name: string;
  tradeName: string | null;
  /** xRegApur as the state words it (e.g. "NORMAL - REGIME PERIÓDICO DE APURAÇÃO", "SIMPLES NACIONAL"). */
  taxRegime: string | null;
  cnae: string | null;
  activityStartDate: string | null;
  situationDate: string | null;
  closedDate: string | null;
  address: RegistryAddress | null;
};

export type RegistryResult =
  | { kind: "answered"; cStat: string; reason: string; consultedAt: string; entries: RegistryEntry[]; responseXml: string }
  | { kind: "not_registered"; cStat: string; reason: string; consultedAt: string; responseXml: string }
  /** The state offers no registry lookup (taxpayer-registry-endpoints.ts): nothing was sent. */
  | { kind: "no_service"; reason: string }
  | Refused
  | CommunicationFailure;

const orNull = (value: string) => (value === "" ? null : value);

function entryOf(node: XmlNode): RegistryEntry {
  const ender = child(node, "ender");
  return {
    stateRegistration: text(node, "IE"),
    cnpj: orNull(text(node, "CNPJ")),
    cpf: orNull(text(node, "CPF")),
    state: text(node, "UF"),
    situation: text(node, "cSit") === "1" ? "ACTIVE" : "INACTIVE",
    nfeCredential: orNull(text(node, "indCredNFe")),
    name: text(node, "xNome"),
    tradeName: orNull(text(node, "xFant")),
    taxRegime: orNull(text(node, "xRegApur")),
    cnae: orNull(text(node, "CNAE")),
    activityStartDate: orNull(text(node, "dIniAtiv")),
    situationDate: orNull(text(node, "dUltSit")),
    closedDate: orNull(text(node, "dBaixa")),
    address: ender
      ? {
          street: orNull(text(ender, "xLgr")),
          number: orNull(text(ender, "nro")),
          complement: orNull(text(ender, "xCpl")),
          neighborhood: orNull(text(ender, "xBairro")),
          municipalityCode: orNull(text(ender, "cMun")),
          city: orNull(text(ender, "xMun")),
          zipCode: orNull(text(ender, "CEP")),
        }
      : null,
  };
}

/** Classifies a retConsCad (the message element, parsed) into a RegistryResult. */
export function registryOutcome(message: XmlNode, responseXml: string): RegistryResult {
  const infCons = child(message, "infCons");
  const cStat = text(infCons, "cStat");
  const reason = text(infCons, "xMotivo");
  const consultedAt = text(infCons, "dhCons");
  if (cStat === REGISTRY_ONE || cStat === REGISTRY_SEVERAL) {
    const raw = infCons?.infCad;
    const nodes = (Array.isArray(raw) ? raw : raw ? [raw] : []) as XmlNode[];
    return { kind: "answered", cStat, reason, consultedAt, entries: nodes.map(entryOf), responseXml };
  }
  if (REGISTRY_NOT_CONTRIBUTOR.has(cStat)) return { kind: "not_registered", cStat, reason, consultedAt, responseXml };
  if (isTryLater(cStat) || cStat === "") return { kind: "communication_failure", reason: `${cStat} ${reason}`.trim() || "Unreadable retConsCad", cStat: cStat || undefined };
  return { kind: "refused", cStat, reason, responseXml };
}
