import type { AuthorityEnvironment, ClientCertificate, CommunicationFailure } from "./types";

// The national NFS-e side of the tax-authority interface (Sefin Nacional REST
// API, Swagger in shared/fiscal/nfse/api). Two implementations share one
// client, as for SEFAZ: the real service (mutual TLS with the company's A1)
// and the built-in simulator (lib/authority/sefin-simulator), the default in
// HOMOLOGATION. Answers are classified the same three ways:
//   - "authorized": 201 with the NFS-e (or the registered event);
//   - "refused": 400/403/404/422 with an E-code (RNG codes included);
//   - "communication_failure": network error, timeout, 5xx, unreadable answer.

/** A Sefin rejection: "E0014", "Conjunto de Série, Número…", and its complement. */
export type NfseRefused = { kind: "refused"; code: string; reason: string; complement?: string | null; httpStatus: number };

/**
 * `idDps`: the answer's field as sent, kept for the record only. A real Sefin 201 carries "NFS"
 * followed by the access key there (SefinNacional_1.6.0, Curitiba, August 2026), not the DPS's Id,
 * so nothing finds or matches a DPS by it: the DPS Id is the one we built (FiscalDocument.dpsId).
 */
export type NfseIssued = { kind: "authorized"; accessKey: string; nfseXml: string; processedAt: string; idDps: string | null; alerts: string[] };

export type NfseSubmission = NfseIssued | NfseRefused | CommunicationFailure;

/** GET /dps/{id} then GET /nfse/{chave}: the NFS-e a DPS produced, if any. */
export type NfseLookup = NfseIssued | { kind: "not_found" } | NfseRefused | CommunicationFailure;

export type NfseEventRegistered = { kind: "authorized"; eventXml: string; processedAt: string };
export type NfseEventResult = NfseEventRegistered | NfseRefused | CommunicationFailure;

/** GET /nfse/{chave}/eventos/{tipoEvento}/{numSeqEvento}: the event Sefin holds, if any. */
export type NfseEventLookup = NfseEventRegistered | { kind: "not_found" } | NfseRefused | CommunicationFailure;

export interface NfseAuthority {
  /** POST /nfse with dpsXmlGZipB64. */
  submitDps(environment: AuthorityEnvironment, signedDpsXml: string, certificate: ClientCertificate): Promise<NfseSubmission>;
  /** HEAD /dps/{id}: whether the DPS produced an NFS-e (any valid certificate may ask). */
  dpsExists(environment: AuthorityEnvironment, dpsId: string, certificate: ClientCertificate): Promise<boolean | CommunicationFailure>;
  /** GET /dps/{id} → chaveAcesso, then GET /nfse/{chave} → the NFS-e. */
  findByDps(environment: AuthorityEnvironment, dpsId: string, certificate: ClientCertificate): Promise<NfseLookup>;
  /** GET /nfse/{chave}. */
  getNfse(environment: AuthorityEnvironment, accessKey: string, certificate: ClientCertificate): Promise<NfseLookup>;
  /** POST /nfse/{chave}/eventos with pedidoRegistroEventoXmlGZipB64. */
  registerEvent(environment: AuthorityEnvironment, accessKey: string, signedEventXml: string, certificate: ClientCertificate): Promise<NfseEventResult>;
  /** GET /nfse/{chave}/eventos/{tipoEvento}/{numSeqEvento} (tipoEvento without the "e", e.g. 101101). */
  getEvent(environment: AuthorityEnvironment, accessKey: string, eventType: string, sequence: number, certificate: ClientCertificate): Promise<NfseEventLookup>;
}
