import { gunzipSync, gzipSync } from "node:zlib";
import { bodyField, parseSefinErrors } from "./sefin-errors";
import { readSefinEvent } from "./sefin-event-answer";
import { sefinRequest, type SefinResponse } from "./sefin-transport";
import type { NfseAuthority, NfseEventLookup, NfseEventResult, NfseLookup, NfseRefused, NfseSubmission } from "./nfse-types";
import type { AuthorityEnvironment, ClientCertificate, CommunicationFailure } from "./types";

// Sefin Nacional (Swagger host + basePath): production and produção restrita.
export const SEFIN_BASE_URLS: Record<AuthorityEnvironment, string> = {
  PRODUCTION: "https://sefin.nfse.gov.br/SefinNacional",
  HOMOLOGATION: "https://sefin.producaorestrita.nfse.gov.br/SefinNacional",
};

// Level 1: a DPS or NFS-e of a few KB compresses almost as well as at zlib's default (6), for a third of the CPU.
export const gzipBase64 = (xml: string) => gzipSync(Buffer.from(xml, "utf8"), { level: 1 }).toString("base64");
export const gunzipBase64 = (data: string) => gunzipSync(Buffer.from(data, "base64")).toString("utf8");

export type SefinClientOptions = {
  timeoutMs: number;
  /** the simulator's origin + /SefinNacional; unset: the real service */
  baseUrl?: string;
  /** The CA of the simulator's mutual-TLS listener (tests); unset: the system's. */
  serverCa?: string;
};

function failure(reason: string): CommunicationFailure {
  return { kind: "communication_failure", reason };
}

/** 5xx, an unreadable answer or no answer: the outcome is unknown, the caller may retry after asking /dps/{id}. */
function refusalOrFailure(response: SefinResponse): NfseRefused | CommunicationFailure {
  if (!response.ok) return failure(response.reason);
  if (response.status >= 500) return failure(`HTTP ${response.status} from Sefin Nacional`);
  const [first] = parseSefinErrors(response.body);
  if (!first) return failure(`HTTP ${response.status} from Sefin Nacional without an error list`);
  return { kind: "refused", code: first.code, reason: first.description, complement: first.complement, httpStatus: response.status };
}

export class SefinNacionalClient implements NfseAuthority {
  constructor(private readonly options: SefinClientOptions) {}

  private url(environment: AuthorityEnvironment, path: string): string {
    return `${this.options.baseUrl ?? SEFIN_BASE_URLS[environment]}${path}`;
  }

  private call(environment: AuthorityEnvironment, method: "GET" | "POST" | "HEAD", path: string, certificate: ClientCertificate, body?: unknown) {
    return sefinRequest({ url: this.url(environment, path), method, body, certificate, timeoutMs: this.options.timeoutMs, serverCa: this.options.serverCa });
  }

  async submitDps(environment: AuthorityEnvironment, signedDpsXml: string, certificate: ClientCertificate): Promise<NfseSubmission> {
    const response = await this.call(environment, "POST", "/nfse", certificate, { dpsXmlGZipB64: gzipBase64(signedDpsXml) });
    if (response.ok && response.status === 201) return this.issued(response.body);
    return refusalOrFailure(response);
  }

  async dpsExists(environment: AuthorityEnvironment, dpsId: string, certificate: ClientCertificate): Promise<boolean | CommunicationFailure> {
    const response = await this.call(environment, "HEAD", `/dps/${encodeURIComponent(dpsId)}`, certificate);
    if (!response.ok) return failure(response.reason);
    if (response.status === 200) return true;
    if (response.status === 404) return false;
    return failure(`HTTP ${response.status} from HEAD /dps`);
  }

  async findByDps(environment: AuthorityEnvironment, dpsId: string, certificate: ClientCertificate): Promise<NfseLookup> {
    const response = await this.call(environment, "GET", `/dps/${encodeURIComponent(dpsId)}`, certificate);
    if (response.ok && response.status === 404) return { kind: "not_found" };
    if (!response.ok || response.status !== 200) return refusalOrFailure(response);
    const key = bodyField(response.body, "chaveAcesso");
    if (!key) return failure("GET /dps answered 200 without chaveAcesso");
    return this.getNfse(environment, key, certificate);
  }

  async getNfse(environment: AuthorityEnvironment, accessKey: string, certificate: ClientCertificate): Promise<NfseLookup> {
    const response = await this.call(environment, "GET", `/nfse/${accessKey}`, certificate);
    if (response.ok && response.status === 404) return { kind: "not_found" };
    if (response.ok && response.status === 200) return this.issued(response.body);
    return refusalOrFailure(response);
  }

  async registerEvent(environment: AuthorityEnvironment, accessKey: string, signedEventXml: string, certificate: ClientCertificate): Promise<NfseEventResult> {
    const response = await this.call(environment, "POST", `/nfse/${accessKey}/eventos`, certificate, { pedidoRegistroEventoXmlGZipB64: gzipBase64(signedEventXml) });
    if (response.ok && response.status === 201) return this.event(response.body);
    return refusalOrFailure(response);
  }

  async getEvent(environment: AuthorityEnvironment, accessKey: string, eventType: string, sequence: number, certificate: ClientCertificate): Promise<NfseEventLookup> {
    const response = await this.call(environment, "GET", `/nfse/${accessKey}/eventos/${eventType}/${sequence}`, certificate);
    if (response.ok && response.status === 404) return { kind: "not_found" };
    // The Swagger's eventoXmlGZipB64, or the list `eventos` with arquivoXml that Sefin really answers (sefin-event-answer.ts).
    if (response.ok && response.status === 200) return readSefinEvent(response.body, { eventType, sequence });
    return refusalOrFailure(response);
  }

  private event(body: unknown): NfseEventResult {
    const read = readSefinEvent(body);
    return read.kind === "not_found" ? failure("Sefin answered a registered event with an empty eventos list") : read;
  }

  private issued(body: unknown): NfseSubmission & NfseLookup {
    const accessKey = bodyField(body, "chaveAcesso");
    const data = bodyField(body, "nfseXmlGZipB64");
    if (!accessKey || !data) return failure("Sefin answered without chaveAcesso or nfseXmlGZipB64");
    let nfseXml: string;
    try {
      nfseXml = gunzipBase64(data);
    } catch {
      return failure("nfseXmlGZipB64 is not gzip + base64");
    }
    const alerts = Array.isArray((body as { alertas?: unknown[] }).alertas) ? ((body as { alertas: unknown[] }).alertas.map((a) => JSON.stringify(a))) : [];
    return { kind: "authorized", accessKey, nfseXml, processedAt: bodyField(body, "dataHoraProcessamento") ?? "", idDps: bodyField(body, "idDps"), alerts };
  }
}
