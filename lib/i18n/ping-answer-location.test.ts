import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import ptBR from "@/messages/pt-BR.json";
import { describeLocation, locateServerMessage } from "./server-message-location";

// Issue 54 item 6: a verification ping answered HTTP 500 is an answer (an error), never "did not answer";
// the messages are lib/webhooks/ping.ts's with lib/webhooks/http-sender.ts's reasons.
const ping = (reason: string) => `The verification ping was not answered 2xx within 10 s: ${reason}`;

describe("how a called address answered", () => {
  it("reads an HTTP status as an answer and each kind of silence as what it was", () => {
    expect(locateServerMessage(ping("HTTP 500")).answer).toEqual({ kind: "http", status: 500 });
    expect(locateServerMessage(ping("HTTP 302: redirects are not followed")).answer).toEqual({ kind: "http", status: 302 });
    expect(locateServerMessage(ping("timeout: no complete answer within 10 s")).answer).toEqual({ kind: "timeout", seconds: 10 });
    expect(locateServerMessage(ping("connection refused")).answer).toEqual({ kind: "refused" });
    expect(locateServerMessage(ping("DNS: ENOTFOUND getaddrinfo ENOTFOUND hooks.example")).answer).toEqual({ kind: "dns" });
    expect(locateServerMessage(ping("TLS: CERT_HAS_EXPIRED")).answer).toEqual({ kind: "tls", code: "CERT_HAS_EXPIRED" });
  });

  it("reads no answer in a message about something else (a SEFAZ outage quoting its status)", () => {
    expect(locateServerMessage("SEFAZ-SP unavailable: HTTP 503").answer).toBeUndefined();
    expect(locateServerMessage(ping("no answer")).answer).toBeUndefined();
  });

  it("says it in Portuguese: answered with HTTP 500, not \"não respondeu\"", () => {
    const t = createTranslator({ locale: "pt-BR", messages: ptBR, namespace: "errors" });
    const said = (message: string) => describeLocation(message, (key, values) => t(`location.${key}`, values), () => null);
    expect(said(ping("HTTP 500"))).toBe("O endereço respondeu com HTTP 500; a verificação exige uma resposta 2xx.");
    expect(said(ping("timeout: no complete answer within 10 s"))).toBe("O endereço não deu uma resposta completa em 10 s.");
    expect(`${t("codes.webhook_unreachable")} ${said(ping("HTTP 500"))}`).not.toMatch(/não respondeu/);
  });
});
