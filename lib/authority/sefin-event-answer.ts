import { gunzipSync } from "node:zlib";
import { bodyField } from "./sefin-errors";
import type { NfseEventRegistered } from "./nfse-types";
import type { CommunicationFailure } from "./types";

// Sefin Nacional's event answers come in two shapes:
// - the Swagger's, and the 201 of POST /nfse/{chave}/eventos: `eventoXmlGZipB64`, the
//   event XML gzipped and base64-encoded;
// - what GET /nfse/{chave}/eventos/{tipo}/{seq} really answers (SefinNacional_1.6.0, produção
//   restrita, 2026: sinete-dev/sinete docs/adr/0004-tls-transporte.md "rodada 4";
//   pedrocasado/nfse-php tests/Unit/EventosConsultaDTOTest.php): a list
//   `eventos: [{ chaveAcesso, tipoEvento, numeroPedidoRegistroEvento, dataHoraRecebimento, arquivoXml }]`
//   whose `arquivoXml` is one layer deeper, the base64 of the gzip-base64 text (it starts
//   "SDRzSUFBQUFB", which decodes to "H4sIAAAA").
// Both are read; `arquivoXml` is unwrapped layer by layer (base64 text, gzip bytes, XML), so a
// service that drops the extra layer still reads.

type ListedEvent = { chaveAcesso?: unknown; tipoEvento?: unknown; numeroPedidoRegistroEvento?: unknown; dataHoraRecebimento?: unknown; arquivoXml?: unknown };

/** The event XML inside `arquivoXml`: base64 layers peeled until gzip bytes or XML text appear. */
export function unwrapArquivoXml(data: string): string | null {
  let text = data.trim();
  for (let layer = 0; layer < 3; layer++) {
    if (text.startsWith("<")) return text;
    if (!/^[A-Za-z0-9+/=\s]+$/.test(text)) return null;
    const bytes = Buffer.from(text, "base64");
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) return gunzipSync(bytes).toString("utf8");
    text = bytes.toString("utf8").trim();
  }
  return null;
}

/** dataHoraRecebimento comes without an offset ("2026-02-27T19:42:04.19"): Sefin keeps Brasília time. */
function brasiliaTime(value: string): string {
  return /(?:Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}-03:00`;
}

/**
 * The registered event of an answer, in either shape; for the list, the item of this type and
 * sequence (the first item when none names them). An empty list is "not_found".
 */
export function readSefinEvent(body: unknown, wanted?: { eventType: string; sequence: number }): NfseEventRegistered | CommunicationFailure | { kind: "not_found" } {
  const gzipped = bodyField(body, "eventoXmlGZipB64");
  if (gzipped) {
    try {
      return { kind: "authorized", eventXml: gunzipSync(Buffer.from(gzipped, "base64")).toString("utf8"), processedAt: bodyField(body, "dataHoraProcessamento") ?? new Date().toISOString() };
    } catch {
      return { kind: "communication_failure", reason: "eventoXmlGZipB64 is not gzip + base64" };
    }
  }
  const list = body && typeof body === "object" ? (body as { eventos?: unknown }).eventos : undefined;
  if (!Array.isArray(list)) return { kind: "communication_failure", reason: "Sefin answered an event without eventoXmlGZipB64 or eventos" };
  const items = list.filter((item): item is ListedEvent => !!item && typeof item === "object");
  if (items.length === 0) return { kind: "not_found" };
  const named = (item: ListedEvent) =>
    !wanted || ((item.tipoEvento === undefined || String(item.tipoEvento).replace(/^e/, "") === wanted.eventType) && (item.numeroPedidoRegistroEvento === undefined || Number(item.numeroPedidoRegistroEvento) === wanted.sequence));
  const item = items.find(named);
  if (!item) return { kind: "not_found" };
  if (typeof item.arquivoXml !== "string") return { kind: "communication_failure", reason: "Sefin listed the event without arquivoXml" };
  let eventXml: string | null;
  try {
    eventXml = unwrapArquivoXml(item.arquivoXml);
  } catch {
    eventXml = null;
  }
  if (!eventXml) return { kind: "communication_failure", reason: "arquivoXml is not base64 of the gzip-base64 event XML" };
  const received = typeof item.dataHoraRecebimento === "string" ? brasiliaTime(item.dataHoraRecebimento) : null;
  return { kind: "authorized", eventXml, processedAt: received ?? bodyField(body, "dataHoraProcessamento") ?? new Date().toISOString() };
}
