import { describe, expect, it } from "vitest";
import { composeMessage, type MessageDocument } from "./compose-message";
import { defaultRecipients, EmailRecipientList, splitAddresses } from "@/lib/contracts/email-recipients";
import { fromHeader, transportFromUrl } from "./smtp-target";

const document: MessageDocument = {
  type: "NFE", environment: "PRODUCTION", series: 1, number: 1234, nfseNumber: null, accessKey: "35261112345678000190550010000012341000012345",
  totalValue: "12345.60", issueDateTime: new Date("2026-11-27T02:30:00Z"), cancellationReason: null, recipientName: "Cliente <Exemplo> & Filhos",
};
const issuer = { name: "Loja Exemplo Ltda", tradeName: "Loja Exemplo", cnpj: "12345678000190", email: null };

describe("composeMessage", () => {
  it("writes issuer, number, series, total, key and consultation in pt-BR, as text and escaped HTML", () => {
    const message = composeMessage({ trigger: "AUTHORIZATION", cancelled: false, document, issuer, consultationUrl: "https://www.nfe.fazenda.gov.br/portal/x?a=1&b=2" });
    expect(message.subject).toBe("NF-e nº 1234 série 1 – Loja Exemplo");
    expect(message.text).toContain("Loja Exemplo Ltda – CNPJ 12.345.678/0001-90");
    expect(message.text).toContain("Valor total: R$ 12.345,60");
    expect(message.text).toContain("Chave de acesso: 3526 1112 3456 7800 0190 5500 1000 0012 3410 0001 2345");
    // Issued at 23:30 of the 26th in Brasília.
    expect(message.text).toContain("Emissão: 26/11/2026");
    expect(message.text).toContain("https://www.nfe.fazenda.gov.br/portal/x?a=1&b=2");
    expect(message.html).toContain("Cliente &lt;Exemplo&gt; &amp; Filhos");
    expect(message.html).toContain('href="https://www.nfe.fazenda.gov.br/portal/x?a=1&amp;b=2"');
    expect(message.html).not.toContain("<Exemplo>");
  });

  it("says cancellation (with its justification) and marks homologation", () => {
    const message = composeMessage({
      trigger: "CANCELLATION", cancelled: true, document: { ...document, environment: "HOMOLOGATION", cancellationReason: "Pedido cancelado pelo cliente" }, issuer, consultationUrl: "https://example.invalid",
    });
    expect(message.subject).toBe("[HOMOLOGAÇÃO – SEM VALOR FISCAL] Cancelamento da NF-e nº 1234 série 1 – Loja Exemplo");
    expect(message.text).toContain("Justificativa do cancelamento: Pedido cancelado pelo cliente");
    expect(message.text).toContain("sem valor fiscal");
    expect(message.text).toContain("procEventoNFe");
  });
});

describe("recipients", () => {
  it("splits a client's field into valid, distinct, lower-cased addresses; emailRecipients win", () => {
    expect(splitAddresses("A@x.com.br; b@y.com, a@x.com.br  not-an-address")).toEqual(["a@x.com.br", "b@y.com"]);
    expect(defaultRecipients({ emailRecipients: [], clientSnapshot: { email: "c@z.com" } })).toEqual(["c@z.com"]);
    expect(defaultRecipients({ emailRecipients: ["d@w.com"], clientSnapshot: { email: "c@z.com" } })).toEqual(["d@w.com"]);
    expect(defaultRecipients({ emailRecipients: [], clientSnapshot: { email: null } })).toEqual([]);
    expect(EmailRecipientList.safeParse(Array.from({ length: 11 }, (_, i) => `a${i}@x.com`)).success).toBe(false);
    expect(EmailRecipientList.safeParse([]).success).toBe(false);
  });
});

describe("SMTP_URL", () => {
  it("reads smtp:// and smtps:// with percent-encoded credentials", () => {
    expect(transportFromUrl("smtps://nfe%40loja.com.br:p%40ss%3Aw@mail.loja.com.br")).toEqual({ host: "mail.loja.com.br", port: 465, secure: true, auth: { user: "nfe@loja.com.br", pass: "p@ss:w" } });
    expect(transportFromUrl("smtp://127.0.0.1:2525")).toEqual({ host: "127.0.0.1", port: 2525, secure: false, auth: undefined });
    expect(fromHeader("nfe@loja.com.br", 'Loja "Exemplo"')).toBe('"Loja Exemplo" <nfe@loja.com.br>');
    expect(fromHeader("Outra <x@y.com>", "Loja")).toBe("Outra <x@y.com>");
  });
});

describe("composeAccountantMessage", () => {
  it("words the month's ZIP link and its expiry in pt-BR", async () => {
    const { composeAccountantMessage } = await import("./accountant-message");
    const message = composeAccountantMessage({ issuerName: "Loja Exemplo", cnpj: "12345678000190", month: "2026-10", downloadUrl: "https://fiscal.example/x?sig=a&b=c", expiresAt: new Date("2026-11-08T12:00:00Z"), documentCount: 42 });
    expect(message.subject).toBe("Documentos fiscais de outubro de 2026 – Loja Exemplo");
    expect(message.text).toContain("CNPJ 12.345.678/0001-90");
    expect(message.text).toContain("(42 documentos)");
    expect(message.text).toContain("https://fiscal.example/x?sig=a&b=c");
    expect(message.text).toContain("O endereço vale até 08/11/2026");
    expect(message.html).toContain('href="https://fiscal.example/x?sig=a&amp;b=c"');
  });
});
