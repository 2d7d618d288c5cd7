// The one interface for everything that talks to the tax authority (SEFAZ
// NF-e/NFC-e 4.00 web services; later the national NFS-e API). Two
// implementations: the real SOAP client and the built-in simulator's client
// (the same SOAP client pointed at the simulator's URLs). Every answer is
// classified into exactly three kinds (issue 5, item 6):
//   - "authorized": cStat 100/150 (documents), 135/136/155 (events), 102 (inutilization)
//   - "refused": the authority answered with a rejection or denial (cStat + reason),
//     duplicates included: 204 (key already authorized: consult() recovers its
//     protNFe) and 539 (number authorized under another key, named in the reason)
//   - "denied": cStat 110/301/302/303 (uso denegado) inside protNFe, with a
//     protocol: not an authorization, but the number is used for good
//   - "communication_failure": network error, timeout, TLS failure, HTTP non-2xx,
//     unreadable answer, service unavailable or "try later" (108, 109, 656, 999),
//     or a receipt still in process (105): the caller may retry.
// Implementation: SoapTaxAuthority (lib/authority/soap-tax-authority.ts), from
// getTaxAuthority(environment); classification codes in lib/authority/classify.ts.

import type { DistributionQuery, RegistryQuery } from "./request-messages";
import type { RegistryResult } from "./taxpayer-registry-answer";

export type AuthorityEnvironment = "PRODUCTION" | "HOMOLOGATION";
export type AuthorityModel = 55 | 65;

/** Where to send: state of the issuer, environment and model pick the endpoint. */
export type AuthorityTarget = { uf: string; environment: AuthorityEnvironment; model: AuthorityModel; contingency?: "SVC-AN" | "SVC-RS" };

/**
 * The company's A1, decrypted only in memory for the TLS client certificate.
 * chainPem: the intermediate CAs the PFX carries (leaf's issuer first), sent
 * after the leaf so servers that hold only the ICP-Brasil roots can verify it.
 */
export type ClientCertificate = { privateKeyPem: string; certificatePem: string; chainPem?: string };

export type CommunicationFailure = { kind: "communication_failure"; reason: string; cStat?: string };
export type Refused = { kind: "refused"; cStat: string; reason: string; responseXml?: string };

/**
 * Uso denegado: cStat 110, 301, 302 or 303, with the authority's protNFe and its protocol, or (a
 * consultation answered by SEFAZ-PR, sped-nfe issue #1087) the denial's cStat at the top of
 * retConsSitNFe without protNFe: protocol and protNFeXml null.
 */
export type Denied = { kind: "denied"; cStat: string; reason: string; protocol: string | null; deniedAt: string; protNFeXml: string | null; responseXml: string };

export type AuthorizationResult =
  | { kind: "authorized"; cStat: string; reason: string; protocol: string; authorizedAt: string; protNFeXml: string; responseXml: string }
  | Denied
  | Refused
  | CommunicationFailure;

/** An event the authority holds for the NF-e (procEventoNFe in the consultation's answer). */
export type RegisteredEvent = { tpEvento: string; sequence: number; cStat: string; protocol: string; registeredAt: string; procEventoXml: string };

export type ConsultationResult =
  | { kind: "authorized"; cStat: string; reason: string; protocol: string; authorizedAt: string; protNFeXml: string; responseXml: string; events: RegisteredEvent[] }
  | { kind: "not_found"; cStat: string; reason: string }
  | Denied
  | Refused
  | CommunicationFailure;

export type EventResult =
  | { kind: "authorized"; cStat: string; reason: string; protocol: string; registeredAt: string; retEventoXml: string; responseXml: string }
  | Refused
  | CommunicationFailure;

export type InutilizationResult =
  | { kind: "authorized"; cStat: string; reason: string; protocol: string; inutilizedAt: string; retInutNFeXml: string; responseXml: string }
  | Refused
  | CommunicationFailure;

export type StatusResult =
  | { kind: "authorized"; cStat: string; reason: string; averageSeconds?: number; checkedAt: string }
  | Refused
  | CommunicationFailure;

/** One docZip of a distribution answer, decompressed: the XML as the Ambiente Nacional distributed it. */
export type DistributedItem = { nsu: string; schema: string; xml: string };

/**
 * NFeDistribuicaoDFe's answer: 138 with items, 137 with none (ultNSU = maxNSU);
 * 656 (consumo indevido) is a communication failure with cStat 656. A refusal or
 * a 656 keeps the answer's ultNSU/maxNSU when it had them: the Ambiente Nacional's
 * 656 names the ultNSU the party must ask from next ("Deve ser utilizado o ultNSU
 * nas solicitacoes subsequentes", maxNSU zero; nfephp-org/sped-common issue #316).
 */
export type DistributionResult =
  | { kind: "answered"; cStat: string; reason: string; lastNsu: string; maxNsu: string; answeredAt: string; items: DistributedItem[] }
  | (Refused & DistributionCursor)
  | (CommunicationFailure & DistributionCursor);

export type DistributionCursor = { lastNsu?: string; maxNsu?: string };

export interface TaxAuthority {
  /** NFeAutorizacao4, synchronous (indSinc 1) for one signed <NFe> element; the client wraps it in <enviNFe>. */
  authorize(target: AuthorityTarget, signedNfeXml: string, certificate: ClientCertificate): Promise<AuthorizationResult>;
  /** NFeConsultaProtocolo4: is this access key authorized? Used before re-sending after a timeout. */
  consult(target: AuthorityTarget, accessKey: string, certificate: ClientCertificate): Promise<ConsultationResult>;
  /** NFeRecepcaoEvento4: 110110, 110111, 110130, 110131, for one signed <evento>; the client wraps it in <envEvento>. */
  sendEvent(target: AuthorityTarget, signedEventXml: string, certificate: ClientCertificate): Promise<EventResult>;
  /** NFeInutilizacao4, for a signed <inutNFe>. */
  inutilize(target: AuthorityTarget, signedInutXml: string, certificate: ClientCertificate): Promise<InutilizationResult>;
  /** NFeStatusServico4. */
  status(target: AuthorityTarget, certificate: ClientCertificate): Promise<StatusResult>;
  /** NFeDistribuicaoDFe at the Ambiente Nacional for the party (CNPJ/CPF); target.uf is the party's state (cUFAutor). */
  distribute(target: AuthorityTarget, party: string, query: DistributionQuery, certificate: ClientCertificate): Promise<DistributionResult>;
  /** CadConsultaCadastro4 (consCad 2.00) at the service that answers query.uf's registry (taxpayer-registry-endpoints.ts). */
  consultRegistry(environment: AuthorityEnvironment, query: RegistryQuery, certificate: ClientCertificate): Promise<RegistryResult>;
}
