import { createHash } from "node:crypto";
import { STATES } from "@/lib/br";
import { DomainError } from "@/lib/errors";
import { el, fiscalText } from "@/lib/fiscal/xml/xml-text";
import type { XmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { parseAccessKey } from "./access-key";
import { NFE_NAMESPACE } from "./build-nfe";
import { isReformEvent, reformDetEvento, type ReformEventAuthor, type ReformEventDetail } from "./build-reform-event";
import { localDateTime } from "./format";
import { REFORM_DETAIL_SCHEMA } from "./reform-event-schema";

// NF-e events (leiauteEvento 1.00, NT 2011.003 / 2020.001): one <evento> per
// request; the authority client wraps it in <envEvento>.

/** xCondUso of the CC-e: one of the two texts the schema enumerates (e110110_v1.00.xsd), the unaccented one. */
export const CCE_CONDITIONS_OF_USE =
  "A Carta de Correcao e disciplinada pelo paragrafo 1o-A do art. 7o do Convenio S/N, de 15 de dezembro de 1970 e pode ser utilizada para regularizacao de erro ocorrido na emissao de documento fiscal, desde que o erro nao esteja relacionado com: I - as variaveis que determinam o valor do imposto tais como: base de calculo, aliquota, diferenca de preco, quantidade, valor da operacao ou da prestacao; II - a correcao de dados cadastrais que implique mudanca do remetente ou do destinatario; III - a data de emissao ou de saida.";

type EventCommon = {
  accessKey: string;
  environment: "PRODUCTION" | "HOMOLOGATION";
  /** CNPJ of the author (the issuer). */
  authorCnpj: string;
  occurredAt: Date | string; // dhEvento
  /** nSeqEvento: 1 except for successive CC-e (1..20). */
  sequence?: number;
};

export type NfeEventInput = EventCommon &
  (
    | { tpEvento: "110111"; protocol: string; reason: string }
    /** Cancelamento por substituição (NFC-e): the NFC-e `accessKey` is cancelled, replaced by the contingency NFC-e `substituteKey`. */
    | { tpEvento: "110112"; protocol: string; reason: string; substituteKey: string; applicationVersion: string }
    | { tpEvento: "110110"; correction: string }
    | {
        tpEvento: "110130";
        applicationVersion: string;
        deliveredAt: Date | string;
        receiverDocument: string; // nDoc
        receiverName: string;
        latitude?: string | null;
        longitude?: string | null;
        /** hashComprovante: deliveryProofHash(accessKey, proof image in base64). */
        proofHash: string;
        proofHashAt?: Date | string | null;
      }
    | { tpEvento: "110131"; applicationVersion: string; receiptProtocol: string }
    /** The tax reform's IBS/CBS events and their cancellation 110001 (build-reform-event.ts). */
    | (ReformEventDetail & ReformEventAuthor)
  );

export type BuiltEvent = { xml: string; id: string; schema: XmlSchema };

const EVENT_SCHEMA: Record<NfeEventInput["tpEvento"], XmlSchema> = {
  ...REFORM_DETAIL_SCHEMA,
  "110110": "nfe/CCe_v1.00.xsd",
  "110111": "nfe/eventoCancNFe_v1.00.xsd",
  "110112": "nfe/eventoCancSubst_v1.00.xsd",
  "110130": "nfe/eventoEntregaNFe_v1.00.xsd",
  "110131": "nfe/eventoCancEntregaNFe_v1.00.xsd",
};

/** hashComprovante (NT 2018.? delivery receipt): base64(SHA-1(chave de acesso + base64 of the proof image)). */
export function deliveryProofHash(accessKey: string, proofBase64: string): string {
  return createHash("sha1").update(accessKey + proofBase64).digest("base64");
}

function ufOfCode(cUF: string): string {
  const state = STATES.find((s) => s.cUF === cUF);
  if (!state) throw new DomainError(422, "schema_validation_failed", `Unknown cUF ${cUF}`);
  return state.uf;
}

/**
 * cOrgao of the reform events: 92, the SVRS, which receives them for every state (NT 2025.002-RTC,
 * item 6; NT 2024.002 v1.00, comment P08 on cOrgao; as sped-nfe's TraitEventsRTC sends them).
 */
export const REFORM_EVENT_ORGAO = "92";

function detEvento(input: NfeEventInput, cUF: string, uf: string): string {
  if (isReformEvent(input.tpEvento)) return reformDetEvento(input as ReformEventDetail, input as ReformEventAuthor);
  switch (input.tpEvento) {
    case "110111":
      return el("descEvento", "Cancelamento") + el("nProt", input.protocol) + el("xJust", fiscalText(input.reason, 255));
    case "110112":
      // e110112_v1.00.xsd: cOrgaoAutor is the issuer's state, tpAutor 1 (issuer), chNFeRef the substitute's key.
      return (
        el("descEvento", "Cancelamento por substituicao") +
        el("cOrgaoAutor", cUF) +
        el("tpAutor", "1") +
        el("verAplic", fiscalText(input.applicationVersion, 20)) +
        el("nProt", input.protocol) +
        el("xJust", fiscalText(input.reason, 255)) +
        el("chNFeRef", input.substituteKey)
      );
    case "110110":
      return el("descEvento", "Carta de Correcao") + el("xCorrecao", fiscalText(input.correction, 1000)) + el("xCondUso", CCE_CONDITIONS_OF_USE);
    case "110130":
      return (
        el("descEvento", "Comprovante de Entrega da NF-e") +
        el("cOrgaoAutor", cUF) +
        el("tpAutor", "1") +
        el("verAplic", fiscalText(input.applicationVersion, 20)) +
        el("dhEntrega", localDateTime(input.deliveredAt, uf)) +
        el("nDoc", fiscalText(input.receiverDocument, 20)) +
        el("xNome", fiscalText(input.receiverName, 60)) +
        (input.latitude && input.longitude ? el("latGPS", input.latitude) + el("longGPS", input.longitude) : "") +
        el("hashComprovante", input.proofHash) +
        (input.proofHashAt ? el("dhHashComprovante", localDateTime(input.proofHashAt, uf)) : "")
      );
    case "110131":
      return (
        el("descEvento", "Cancelamento Comprovante de Entrega da NF-e") +
        el("cOrgaoAutor", cUF) +
        el("tpAutor", "1") +
        el("verAplic", fiscalText(input.applicationVersion, 20)) +
        el("nProtEvento", input.receiptProtocol)
      );
    default:
      throw new DomainError(422, "schema_validation_failed", `Unknown event type ${input.tpEvento}`);
  }
}

/**
 * The unsigned <evento> (versao 1.00) with infEvento Id = "ID" + tpEvento +
 * chave + nSeqEvento (2 digits). cOrgao is the issuer's state, except the
 * delivery receipt and its cancellation, which the national environment
 * (cOrgao 91) registers. Sign with tag "infEvento"; validate with `schema`.
 */
export function buildEventXml(input: NfeEventInput): BuiltEvent {
  const key = parseAccessKey(input.accessKey);
  if (!key) throw new DomainError(422, "schema_validation_failed", `Invalid access key ${input.accessKey}`);
  const sequence = input.sequence ?? 1;
  // leiauteEvento: nSeqEvento [1-9][0-9]?; the CC-e stops at 20 (e110110), the cumulative reform events may reach 99.
  const maxSequence = isReformEvent(input.tpEvento) ? 99 : 20;
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > maxSequence) {
    throw new DomainError(422, "schema_validation_failed", `nSeqEvento must be 1 to ${maxSequence}, got ${sequence}`);
  }
  const reform = isReformEvent(input.tpEvento);
  // A reform event's author may be the recipient, in another state: its own time zone and cOrgaoAutor.
  const uf = ufOfCode(reform ? (input as ReformEventAuthor).authorStateCode : key.cUF);
  const id = `ID${input.tpEvento}${input.accessKey}${String(sequence).padStart(2, "0")}`;
  const national = input.tpEvento === "110130" || input.tpEvento === "110131";
  const xml =
    `<evento xmlns="${NFE_NAMESPACE}" versao="1.00"><infEvento Id="${id}">` +
    el("cOrgao", reform ? REFORM_EVENT_ORGAO : national ? "91" : key.cUF) +
    el("tpAmb", input.environment === "PRODUCTION" ? "1" : "2") +
    el("CNPJ", input.authorCnpj.replace(/[^0-9A-Za-z]/g, "").toUpperCase()) +
    el("chNFe", input.accessKey) +
    el("dhEvento", localDateTime(input.occurredAt, uf)) +
    el("tpEvento", input.tpEvento) +
    el("nSeqEvento", String(sequence)) +
    el("verEvento", "1.00") +
    `<detEvento versao="1.00">${detEvento(input, key.cUF, uf)}</detEvento>` +
    "</infEvento></evento>";
  return { xml, id, schema: EVENT_SCHEMA[input.tpEvento] };
}
