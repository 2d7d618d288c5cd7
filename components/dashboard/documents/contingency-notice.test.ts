import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it } from "vitest";
import messages from "@/messages/pt-BR.json";
import { ContingencyNotice } from "./contingency-notice";

// The document page's contingency notice, rendered with the pt-BR catalogue.
const render = (document: Parameters<typeof ContingencyNotice>[0]["document"]) =>
  renderToStaticMarkup(
    // A .ts test (vitest's pattern) has no JSX, and the provider's props type requires `children`.
    // eslint-disable-next-line react/no-children-prop
    createElement(NextIntlClientProvider, { locale: "pt-BR", messages, timeZone: "America/Sao_Paulo", children: createElement(ContingencyNotice, { document, timeZone: "America/Sao_Paulo" }) }),
  );

describe("ContingencyNotice", () => {
  it("an offline NFC-e not yet transmitted: the mode, since when and why, pending authorization and the replaced attempt", () => {
    const html = render({
      status: "CONTINGENCY",
      processingReason: null,
      contingency: {
        mode: "OFFLINE", since: "2026-03-10T17:02:00.000Z", reason: "SEFAZ-SP indisponível",
        originalAttempt: { series: 1, number: 41, accessKey: "35260312345678000195650010000000411000000418", resolution: "PENDING", protocol: null, inutilizationId: null, detail: null, resolvedAt: null },
        epec: null,
      },
    });
    expect(html).toContain("NFC-e emitida em contingência off-line");
    expect(html).toContain("Em contingência desde 10/03/2026 14:02");
    expect(html).toContain("SEFAZ-SP indisponível");
    expect(html).toContain("Pendente de autorização");
    expect(html).toContain("nº 41, chave 3526 0312 3456 7800 0195 6500 1000 0000 4110 0000 0418");
    expect(html).toContain("será cancelado ou inutilizado quando a SEFAZ voltar a responder.");
    expect(html).not.toContain("Resolvido em");
  });

  it("an authorized SVC NF-e whose first attempt was cancelled; nothing for a normal document", () => {
    const html = render({
      status: "AUTHORIZED",
      processingReason: null,
      contingency: {
        mode: "SVC_AN", since: "2026-03-10T17:02:00.000Z", reason: "SEFAZ-SP indisponível",
        originalAttempt: { series: 1, number: 7, accessKey: "35260312345678000195550010000000071000000071", resolution: "CANCELLED", protocol: "135260000000001", inutilizationId: null, detail: null, resolvedAt: "2026-03-10T18:00:00.000Z" },
        epec: null,
      },
    });
    expect(html).toContain("NF-e emitida em contingência pela SVC-AN");
    expect(html).not.toContain("Pendente de autorização");
    expect(html).toContain("a SEFAZ tinha autorizado; cancelado.");
    expect(html).toContain("Protocolo 135260000000001.");
    // Resolved at 18:00 UTC: 15:00 in São Paulo.
    expect(html).toContain("Resolvido em 10/03/2026 15:00.");
    expect(render({ status: "AUTHORIZED", processingReason: null, contingency: null })).toBe("");
  });

  it("an NF-e issued in EPEC waiting for SP: the EPEC mode and its protocol", () => {
    const html = render({
      status: "CONTINGENCY",
      processingReason: null,
      contingency: {
        mode: "EPEC", since: "2026-03-10T17:02:00.000Z", reason: "SEFAZ-SP indisponível",
        originalAttempt: null,
        epec: { protocol: "891260000000123", registeredAt: "2026-03-10T17:05:00.000Z" },
      },
    });
    expect(html).toContain("NF-e emitida em contingência EPEC (tpEmis 4)");
    expect(html).toContain("Pendente de autorização");
    expect(html).toContain("EPEC registrado no Ambiente Nacional: protocolo 891260000000123 (10/03/2026 14:05).");
  });

  it("an NFC-e issued in EPEC in SP: the NFC-e's EPEC mode, registered at SEFAZ's EPEC service (not the Ambiente Nacional)", () => {
    const html = render({
      type: "NFCE",
      status: "CONTINGENCY",
      processingReason: null,
      contingency: {
        mode: "EPEC", since: "2026-03-10T17:02:00.000Z", reason: "SEFAZ-SP indisponível",
        originalAttempt: null,
        epec: { protocol: "135260000000123", registeredAt: "2026-03-10T17:05:00.000Z" },
      },
    });
    expect(html).toContain("NFC-e emitida em contingência EPEC (tpEmis 4)");
    expect(html).toContain("EPEC registrado no serviço EPEC da SEFAZ: protocolo 135260000000123 (10/03/2026 14:05).");
    expect(html).not.toContain("Ambiente Nacional");
  });
});
