import type { AbrasfProvider } from "./nfse-providers";
import type { AbrasfMessage, AbrasfNfseSummary } from "@/lib/fiscal/nfse-abrasf";
import type { AuthorityEnvironment, ClientCertificate, CommunicationFailure } from "./types";

// The ABRASF 2.04 side of the tax-authority interface (issue 57): a city's own
// NFS-e system. Two implementations share one client, as for SEFAZ and Sefin:
// the real city service (SOAP 1.1, mutual TLS with the company's A1) and the
// built-in simulator (lib/authority/abrasf-simulator), the default in
// HOMOLOGATION. Answers are classified the same three ways.

/** A ListaMensagemRetorno: the first message's code and text, all messages kept. */
export type AbrasfRefused = { kind: "refused"; code: string; reason: string; messages: AbrasfMessage[] };

/** CompNfse as the city wrote it, and what we read from it. */
export type AbrasfIssued = { kind: "authorized"; compNfseXml: string; nfse: AbrasfNfseSummary };

export type AbrasfCancelled = { kind: "authorized"; confirmedAt: string; answerXml: string };

export type AbrasfReplaced = { kind: "authorized"; replaced: AbrasfIssued; replacement: AbrasfIssued };

/** EnviarLoteRpsResposta: the lot was received; its NFS-e come with ConsultarLoteRps by the protocol. */
export type AbrasfLotReceived = { kind: "received"; protocol: string; lotNumber: string; receivedAt: string };

/**
 * ConsultarLoteRpsResposta: "pending" (situation 1 não recebido, 2 não processado), "authorized" (4,
 * the NFS-e of the lot) or "refused" (3, processado com erro: the messages per RPS).
 */
export type AbrasfLotSituationAnswer = { kind: "pending"; situation: "1" | "2" } | { kind: "authorized"; nfse: AbrasfIssued[] } | AbrasfRefused;

export interface AbrasfAuthority {
  /** GerarNfse: one signed RPS, answered with the NFS-e or the city's refusals. */
  gerarNfse(provider: AbrasfProvider, environment: AuthorityEnvironment, signedXml: string, certificate: ClientCertificate): Promise<AbrasfIssued | AbrasfRefused | CommunicationFailure>;
  /** ConsultarNfsePorRps: the NFS-e an RPS produced (not_found when the city has none, E89 in its table). */
  consultarNfsePorRps(provider: AbrasfProvider, environment: AuthorityEnvironment, xml: string, certificate: ClientCertificate): Promise<AbrasfIssued | { kind: "not_found"; messages: AbrasfMessage[] } | AbrasfRefused | CommunicationFailure>;
  /** CancelarNfse: the signed request, answered with the cancellation's confirmation. */
  cancelarNfse(provider: AbrasfProvider, environment: AuthorityEnvironment, signedXml: string, certificate: ClientCertificate): Promise<AbrasfCancelled | AbrasfRefused | CommunicationFailure>;
  /** SubstituirNfse: the replaced NFS-e (with its substitution) and the new one. */
  substituirNfse(provider: AbrasfProvider, environment: AuthorityEnvironment, signedXml: string, certificate: ClientCertificate): Promise<AbrasfReplaced | AbrasfRefused | CommunicationFailure>;
  /** RecepcionarLoteRps: the signed lot, answered with its protocol. */
  recepcionarLoteRps(provider: AbrasfProvider, environment: AuthorityEnvironment, signedXml: string, certificate: ClientCertificate): Promise<AbrasfLotReceived | AbrasfRefused | CommunicationFailure>;
  /** ConsultarLoteRps: the lot's situation by its protocol. */
  consultarLoteRps(provider: AbrasfProvider, environment: AuthorityEnvironment, xml: string, certificate: ClientCertificate): Promise<AbrasfLotSituationAnswer | CommunicationFailure>;
  /** RecepcionarLoteRpsSincrono: the signed lot, answered with its NFS-e at once. */
  recepcionarLoteRpsSincrono(provider: AbrasfProvider, environment: AuthorityEnvironment, signedXml: string, certificate: ClientCertificate): Promise<{ kind: "authorized"; nfse: AbrasfIssued[] } | AbrasfRefused | CommunicationFailure>;
}
