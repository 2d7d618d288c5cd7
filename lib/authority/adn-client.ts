import { gunzipSync } from "node:zlib";
import { env } from "@/lib/config/env";
import { bodyField, parseSefinErrors } from "./sefin-errors";
import { sefinRequest } from "./sefin-transport";
import { simulatorUrl, usesSimulator } from "./tax-authority";
import type { AuthorityEnvironment, ClientCertificate, CommunicationFailure } from "./types";

// The ADN's distribution to the parties of an NFS-e ("API NFS-e - ADN Contribuinte", the
// official OpenAPI copy in shared/fiscal/nfse/api/adn-contribuinte-production.swagger.json;
// Manual Integrado SN NFS-e v1.00.02 §17.2): GET /DFe/{NSU}?lote=true answers up to 50
// documents after the NSU the caller holds (LoteDistribuicaoNSUResponse: StatusProcessamento,
// LoteDFe[{NSU, ChaveAcesso, TipoDocumento, TipoEvento, ArquivoXml (gzip + base64),
// DataHoraGeracao}], Erros). "NENHUM_DOCUMENTO_LOCALIZADO" comes with HTTP 404 (the Swagger
// lists the same body for 200, 400 and 404); then the caller waits an hour (§17.2.2).
// The documents the party issued itself are not distributed to it (§17.2.2).

/**
 * Base URLs (in force since the ADN opened, 2023; still in 2026): the host is NOTES.md §1's
 * (nfse-php SefinClient.php), the /contribuintes path the API manual's (Manual dos Contribuintes,
 * API Emissor Público Nacional v1.2 §1.6: https://adn.producaorestrita.nfse.gov.br/contribuintes/docs/index.html).
 */
export const ADN_CONTRIBUINTES_BASE_URLS: Record<AuthorityEnvironment, string> = {
  PRODUCTION: "https://adn.nfse.gov.br/contribuintes",
  HOMOLOGATION: "https://adn.producaorestrita.nfse.gov.br/contribuintes",
};

/** The simulator serves the ADN under this prefix of SIMULATOR_URL (the real service has a host of its own). */
export const ADN_SIMULATOR_PREFIX = "/adn";

/** At most 50 documents per answer (§17.2.2). */
export const ADN_PAGE_SIZE = 50;

export type AdnDocumentType = "NFSE" | "EVENTO" | "DPS" | "PEDIDO_REGISTRO_EVENTO" | "CNC" | "NENHUM";
export type AdnItem = { nsu: bigint; accessKey: string; documentType: string; eventType: string | null; xml: string; generatedAt: string | null };

export type AdnDistribution =
  | { kind: "documents"; items: AdnItem[] }
  | { kind: "none" }
  | { kind: "refused"; code: string; reason: string; httpStatus: number }
  | CommunicationFailure;

export type AdnClientOptions = { timeoutMs: number; baseUrl?: string; serverCa?: string };

function failure(reason: string): CommunicationFailure {
  return { kind: "communication_failure", reason };
}

function pick(record: Record<string, unknown>, name: string): unknown {
  const key = Object.keys(record).find((k) => k.toLowerCase() === name.toLowerCase());
  return key ? record[key] : undefined;
}

/** One LoteDFe entry; null when it cannot be read (the whole page is then a failure: no NSU may be skipped unread). */
function readItem(entry: unknown): AdnItem | null {
  if (!entry || typeof entry !== "object") return null;
  const record = entry as Record<string, unknown>;
  const nsu = pick(record, "NSU");
  const data = pick(record, "ArquivoXml");
  if ((typeof nsu !== "number" && typeof nsu !== "string") || !/^\d+$/.test(String(nsu)) || typeof data !== "string") return null;
  let xml: string;
  try {
    xml = gunzipSync(Buffer.from(data, "base64")).toString("utf8");
  } catch {
    return null;
  }
  const text = (name: string) => {
    const value = pick(record, name);
    return typeof value === "string" ? value : null;
  };
  return { nsu: BigInt(String(nsu)), accessKey: text("ChaveAcesso") ?? "", documentType: text("TipoDocumento") ?? "NENHUM", eventType: text("TipoEvento"), xml, generatedAt: text("DataHoraGeracao") };
}

/** Classifies an answer of GET /DFe/{NSU}. */
export function readAdnDistribution(status: number, body: unknown): AdnDistribution {
  const record = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const processing = String(bodyField(record, "StatusProcessamento") ?? "");
  if (status >= 500) return failure(`HTTP ${status} from the ADN`);
  if (processing === "NENHUM_DOCUMENTO_LOCALIZADO" || (status === 404 && processing !== "REJEICAO")) return { kind: "none" };
  const [error] = parseSefinErrors(record);
  if (processing === "REJEICAO" || status >= 400) {
    if (!error) return failure(`HTTP ${status} from the ADN without an error list`);
    return { kind: "refused", code: error.code, reason: error.description, httpStatus: status };
  }
  const list = pick(record, "LoteDFe");
  if (!Array.isArray(list)) return failure("The ADN answered without LoteDFe");
  const items: AdnItem[] = [];
  for (const entry of list) {
    const item = readItem(entry);
    if (!item) return failure("The ADN answered a LoteDFe item without NSU or with an ArquivoXml that is not gzip + base64");
    items.push(item);
  }
  if (items.length === 0) return { kind: "none" };
  return { kind: "documents", items: items.sort((a, b) => (a.nsu < b.nsu ? -1 : a.nsu > b.nsu ? 1 : 0)) };
}

export class AdnContribuintesClient {
  constructor(private readonly options: AdnClientOptions) {}

  /** GET /DFe/{lastNsu}?cnpjConsulta=…&lote=true: the documents after lastNsu (mutual TLS with the party's A1). */
  async distribution(environment: AuthorityEnvironment, cnpj: string, lastNsu: bigint, certificate: ClientCertificate): Promise<AdnDistribution> {
    const base = this.options.baseUrl ?? ADN_CONTRIBUINTES_BASE_URLS[environment];
    const url = `${base}/DFe/${lastNsu}?cnpjConsulta=${encodeURIComponent(cnpj)}&lote=true`;
    const response = await sefinRequest({ url, method: "GET", certificate, timeoutMs: this.options.timeoutMs, serverCa: this.options.serverCa });
    if (!response.ok) return failure(response.reason);
    return readAdnDistribution(response.status, response.body);
  }
}

const cache = new Map<string, AdnContribuintesClient>();

/** PRODUCTION always the real ADN; HOMOLOGATION the built-in simulator unless AUTHORITY_MODE=sefaz (as getNfseAuthority). */
export function getAdnClient(environment: AuthorityEnvironment): AdnContribuintesClient {
  const timeoutMs = env().AUTHORITY_TIMEOUT_MS;
  const baseUrl = usesSimulator(environment) ? `${simulatorUrl()}${ADN_SIMULATOR_PREFIX}/contribuintes` : undefined;
  const key = `${baseUrl ?? "adn"}|${timeoutMs}`;
  let client = cache.get(key);
  if (!client) {
    client = new AdnContribuintesClient({ timeoutMs, baseUrl });
    cache.set(key, client);
  }
  return client;
}
