import type { ClientCertificate, CommunicationFailure, Refused } from "@/lib/authority/types";

// The one interface for the MDF-e web services at the SVRS (MOC MDF-e 3.00a, item 4): the real
// SOAP client and the built-in simulator behind the same class (soap-mdfe-authority.ts), as the
// NF-e does. Answers are classified into authorized / refused / communication_failure; "try
// later" codes (108, 109, 999) are communication failures (lib/authority/classify.ts).

export type { ClientCertificate, CommunicationFailure, Refused };

export type MdfeEnvironment = "PRODUCTION" | "HOMOLOGATION";

/** Where to send: the environment and the issuer's state (cUF of mdfeCabecMsg; the SVRS answers for every state). */
export type MdfeTarget = { environment: MdfeEnvironment; uf: string };

export type MdfeAuthorizationResult =
  | { kind: "authorized"; cStat: string; reason: string; protocol: string; authorizedAt: string; protMDFeXml: string; responseXml: string }
  | Refused
  | CommunicationFailure;

/** State at the authority: 100 authorized (open), 101 cancelled, 132 closed (encerrado). */
export type MdfeSituation = "AUTHORIZED" | "CANCELLED" | "CLOSED";

export type MdfeRegisteredEvent = { tpEvento: string; sequence: number; protocol: string; registeredAt: string; procEventoXml: string };

export type MdfeConsultationResult =
  | { kind: "found"; cStat: string; reason: string; situation: MdfeSituation; protocol: string; protMDFeXml: string; events: MdfeRegisteredEvent[]; responseXml: string }
  | { kind: "not_found"; cStat: string; reason: string }
  | Refused
  | CommunicationFailure;

export type MdfeEventResult =
  | { kind: "authorized"; cStat: string; reason: string; protocol: string; registeredAt: string; retEventoXml: string; responseXml: string }
  | Refused
  | CommunicationFailure;

export type MdfeStatusResult = { kind: "authorized"; cStat: string; reason: string; averageSeconds?: number; checkedAt: string } | Refused | CommunicationFailure;

export type MdfeOpenResult = { kind: "answered"; cStat: string; reason: string; open: { accessKey: string; protocol: string }[] } | Refused | CommunicationFailure;

export interface MdfeAuthority {
  /** MDFeRecepcaoSinc: one signed <MDFe>, sent gzipped in base64. */
  authorize(target: MdfeTarget, signedMdfeXml: string, certificate: ClientCertificate): Promise<MdfeAuthorizationResult>;
  /** MDFeConsulta: the situation of a key and its events. */
  consult(target: MdfeTarget, accessKey: string, certificate: ClientCertificate): Promise<MdfeConsultationResult>;
  /** MDFeRecepcaoEvento: one signed <eventoMDFe> (110111, 110112, 110114). */
  sendEvent(target: MdfeTarget, signedEventXml: string, certificate: ClientCertificate): Promise<MdfeEventResult>;
  /** MDFeStatusServico. */
  status(target: MdfeTarget, certificate: ClientCertificate): Promise<MdfeStatusResult>;
  /** MDFeConsNaoEnc: the issuer's manifests not yet closed. */
  openManifests(target: MdfeTarget, cnpj: string, certificate: ClientCertificate): Promise<MdfeOpenResult>;
}
