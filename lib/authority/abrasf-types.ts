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

export interface AbrasfAuthority {
  /** GerarNfse: one signed RPS, answered with the NFS-e or the city's refusals. */
  gerarNfse(provider: AbrasfProvider, environment: AuthorityEnvironment, signedXml: string, certificate: ClientCertificate): Promise<AbrasfIssued | AbrasfRefused | CommunicationFailure>;
  /** ConsultarNfsePorRps: the NFS-e an RPS produced (not_found when the city has none, E89 in its table). */
  consultarNfsePorRps(provider: AbrasfProvider, environment: AuthorityEnvironment, xml: string, certificate: ClientCertificate): Promise<AbrasfIssued | { kind: "not_found"; messages: AbrasfMessage[] } | AbrasfRefused | CommunicationFailure>;
  /** CancelarNfse: the signed request, answered with the cancellation's confirmation. */
  cancelarNfse(provider: AbrasfProvider, environment: AuthorityEnvironment, signedXml: string, certificate: ClientCertificate): Promise<AbrasfCancelled | AbrasfRefused | CommunicationFailure>;
  /** SubstituirNfse: the replaced NFS-e (with its substitution) and the new one. */
  substituirNfse(provider: AbrasfProvider, environment: AuthorityEnvironment, signedXml: string, certificate: ClientCertificate): Promise<AbrasfReplaced | AbrasfRefused | CommunicationFailure>;
}
