// Where an API refusal points, read from its English message, so a Portuguese
// page can say which item and field and what SEFAZ itself would answer without
// showing the English text (issue 36 item 11 keeps server messages off pt-BR pages).
// The /v1 messages start with the field's path ("items.1.cfop: …", "nfeConfig.icmsCst: …")
// and quote the authority's rejection as "SEFAZ 327 - Rejeição: …" (already Portuguese).

export type ServerMessageLocation = {
  /** 1-based position of the item (items.0 → 1), when the path names one. */
  item?: number;
  /** The path's last field name ("cfop", "icmsCst"), as the API spells it. */
  field?: string;
  /** The SEFAZ rejection the message quotes, code and text. */
  sefaz?: { code: string; text: string };
  /** The certificate issuer a refused A1 chain stopped at (lib/certificates/install-certificate.ts). */
  untrustedIssuer?: string;
  /**
   * How an address the server called answered (a webhook's verification ping, lib/webhooks/http-sender.ts):
   * an HTTP status that was not 2xx, or no answer and why. "HTTP 500" is an answer, never "did not answer".
   */
  answer?: { kind: "http"; status: number } | { kind: "timeout"; seconds: number } | { kind: "refused" } | { kind: "dns" } | { kind: "tls"; code: string };
};

const PATH = /^(?:body\.|query\.|params\.)?([A-Za-z][\w]*(?:(?:\.\d+|\[\d+\]|\.[A-Za-z]\w*))*):\s/;
const SEFAZ = /SEFAZ (\d{3}) - (Rejei(?:ção|cao): [^)]+?)\s*(?:\)|$)/;
const UNTRUSTED_ISSUER = /its issuer "([^"]+)" is not in the trust store/;
const HTTP_ANSWER = /(?:^|: )HTTP (\d{3})\b/;
const TIMEOUT = /no complete answer within (\d+) s/;
const TLS = /(?:^|: )TLS: ([A-Z0-9_]+)/;

// Only a message about a call that needed a 2xx answer (webhook_unreachable: "The verification ping was not
// answered 2xx within 10 s: HTTP 500"); a SEFAZ outage quoting its HTTP status is not "the address answered".
const NEEDED_2XX = /not answered 2xx/;

function locateAnswer(message: string): ServerMessageLocation["answer"] {
  if (!NEEDED_2XX.test(message)) return undefined;
  const http = HTTP_ANSWER.exec(message);
  if (http) return { kind: "http", status: Number(http[1]) };
  const timeout = TIMEOUT.exec(message);
  if (timeout) return { kind: "timeout", seconds: Number(timeout[1]) };
  if (/(?:^|: )connection refused\b/.test(message)) return { kind: "refused" };
  if (/(?:^|: )DNS: /.test(message)) return { kind: "dns" };
  const tls = TLS.exec(message);
  return tls ? { kind: "tls", code: tls[1]! } : undefined;
}

export function locateServerMessage(message: string): ServerMessageLocation {
  const location: ServerMessageLocation = {};
  const path = PATH.exec(message)?.[1];
  if (path) {
    const tokens = path.replace(/\[(\d+)\]/g, ".$1").split(".");
    const itemsAt = tokens.indexOf("items");
    const index = itemsAt >= 0 ? Number(tokens[itemsAt + 1]) : NaN;
    if (Number.isInteger(index)) location.item = index + 1;
    const last = tokens[tokens.length - 1]!;
    if (!/^\d+$/.test(last) && last !== "items") location.field = last;
  }
  const sefaz = SEFAZ.exec(message);
  if (sefaz) location.sefaz = { code: sefaz[1]!, text: sefaz[2]! };
  const issuer = UNTRUSTED_ISSUER.exec(message)?.[1];
  if (issuer) location.untrustedIssuer = issuer;
  const answer = locateAnswer(message);
  if (answer) location.answer = answer;
  return location;
}

type LocationKey = "item" | "where" | "sefaz" | "untrustedIssuer" | "answeredHttp" | "noAnswerTimeout" | "noAnswerRefused" | "noAnswerDns" | "noAnswerTls";

/**
 * The location as sentences in the page's language ("Onde: item 2, CFOP. A SEFAZ recusaria com 327 – …"),
 * or "" when the message names nothing. A field the catalogue has no label for is left out rather than
 * shown in the API's English.
 */
export function describeLocation(
  message: string,
  translate: (key: LocationKey, values: Record<string, string | number>) => string,
  fieldLabel: (field: string) => string | null,
): string {
  const { item, field, sefaz, untrustedIssuer, answer } = locateServerMessage(message);
  const place = [item ? translate("item", { n: item }) : null, field ? fieldLabel(field) : null].filter((part): part is string => Boolean(part));
  const sentences = [
    place.length > 0 ? translate("where", { place: place.join(", ") }) : null,
    sefaz ? translate("sefaz", { code: sefaz.code, text: sefaz.text }) : null,
    untrustedIssuer ? translate("untrustedIssuer", { issuer: untrustedIssuer }) : null,
    answer ? describeAnswer(answer, translate) : null,
  ];
  return sentences.filter(Boolean).join(" ");
}

function describeAnswer(answer: NonNullable<ServerMessageLocation["answer"]>, translate: (key: LocationKey, values: Record<string, string | number>) => string): string {
  switch (answer.kind) {
    case "http":
      return translate("answeredHttp", { status: answer.status });
    case "timeout":
      return translate("noAnswerTimeout", { seconds: answer.seconds });
    case "refused":
      return translate("noAnswerRefused", {});
    case "dns":
      return translate("noAnswerDns", {});
    case "tls":
      return translate("noAnswerTls", { code: answer.code });
  }
}
