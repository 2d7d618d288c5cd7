import type { PaulistanaEvent, PaulistanaNfeSummary } from "@/lib/fiscal/nfse-paulistana";
import type { PaulistanaProvider } from "./nfse-providers";
import type { AuthorityEnvironment, ClientCertificate, CommunicationFailure } from "./types";

// São Paulo's side of the tax-authority interface (issue 57): the city's LoteNFe web service.
// Two implementations share one client, as for SEFAZ, Sefin and the ABRASF cities: the real
// service (mutual TLS with the company's A1; PRODUCTION only, the city has no test
// environment) and the built-in simulator (lib/authority/paulistana-simulator).

/** Sucesso false: the first Erro's code and text, all events kept. */
export type PaulistanaRefused = { kind: "refused"; code: string; reason: string; errors: PaulistanaEvent[] };

export type PaulistanaIssued = { kind: "authorized"; number: string; verificationCode: string; alerts: PaulistanaEvent[]; answerXml: string };

export type PaulistanaFound = { kind: "found"; nfeXml: string; nfe: PaulistanaNfeSummary };

export type PaulistanaCancelled = { kind: "authorized"; answerXml: string };

export interface PaulistanaAuthority {
  /** EnvioRPS: one signed PedidoEnvioRPS, answered with the NFS-e key or the city's errors. */
  envioRps(provider: PaulistanaProvider, environment: AuthorityEnvironment, signedXml: string, certificate: ClientCertificate): Promise<PaulistanaIssued | PaulistanaRefused | CommunicationFailure>;
  /** ConsultaNFe: the NFS-e a key names (not_found: Sucesso true and no NFe). */
  consultaNfe(provider: PaulistanaProvider, environment: AuthorityEnvironment, signedXml: string, certificate: ClientCertificate): Promise<PaulistanaFound | { kind: "not_found" } | PaulistanaRefused | CommunicationFailure>;
  /** CancelamentoNFe: Sucesso true, or the city's errors. */
  cancelamentoNfe(provider: PaulistanaProvider, environment: AuthorityEnvironment, signedXml: string, certificate: ClientCertificate): Promise<PaulistanaCancelled | PaulistanaRefused | CommunicationFailure>;
}
