import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import ptBR from "@/messages/pt-BR.json";
import { describeLocation, locateServerMessage } from "./server-message-location";

describe("where an API refusal points", () => {
  it("reads the item and field of an item's CFOP refusal, and the SEFAZ rejection it quotes", () => {
    const message =
      "items.1.cfop: CFOP 5102 is not a return CFOP; a devolução (purpose RETURN, finNFe 4) carries one such as 5202/6202 or 1202/2202 (SEFAZ 327 - Rejeição: CFOP inválido para NF-e com finalidade de devolução de mercadoria)";
    expect(locateServerMessage(message)).toEqual({
      item: 2,
      field: "cfop",
      sefaz: { code: "327", text: "Rejeição: CFOP inválido para NF-e com finalidade de devolução de mercadoria" },
    });
  });

  it("reads bracketed indexes and paths without an item", () => {
    expect(locateServerMessage("body.items[0].icmsCst: CST 60 needs ...")).toEqual({ item: 1, field: "icmsCst" });
    expect(locateServerMessage("nfeConfig.internalCfop: an internal CFOP starts with 5")).toEqual({ field: "internalCfop" });
    expect(locateServerMessage("nfeTaxRules.0.icmsRate: must be given")).toEqual({ field: "icmsRate" });
  });

  it("reads the issuer a refused certificate chain stopped at", () => {
    const message = 'The certificate does not chain to an ICP-Brasil root of the trust store: its issuer "AC SOLUTI v12" is not in the trust store (chain: LOJA:12345678000190). A PRODUCTION company needs …';
    expect(locateServerMessage(message)).toEqual({ untrustedIssuer: "AC SOLUTI v12" });
  });

  it("finds nothing in a message without a path or a rejection", () => {
    expect(locateServerMessage("cfop 61 must have 4 digits (1xxx to 7xxx)")).toEqual({});
    expect(locateServerMessage("Client not found")).toEqual({});
  });
});

describe("the location in the page's language", () => {
  const t = createTranslator({ locale: "pt-BR", messages: ptBR, namespace: "errors" });
  const fields = new Set(Object.keys(ptBR.errors.fields));
  const describe_ = (message: string) =>
    describeLocation(
      message,
      (key, values) => t(`location.${key}`, values),
      (field) => (fields.has(field) ? t(`fields.${field}` as "fields.cfop") : null),
    );

  it("names the item, the field's Portuguese label and SEFAZ's own rejection", () => {
    expect(describe_("items.1.cfop: CFOP 5102 is not a return CFOP (SEFAZ 327 - Rejeição: CFOP inválido para NF-e com finalidade de devolução de mercadoria)")).toBe(
      "Onde: item 2, CFOP. A SEFAZ recusaria com 327 – Rejeição: CFOP inválido para NF-e com finalidade de devolução de mercadoria.",
    );
    expect(describe_("items.0.icmsStMva: required for CST 10")).toBe("Onde: item 1, MVA do ICMS-ST.");
  });

  it("names a refused certificate's issuer as not in the trust store, never as not ICP-Brasil", () => {
    const said = describe_('The certificate does not chain to an ICP-Brasil root of the trust store: its issuer "AC SAFETECH RFB v5" is not in the trust store (chain: LOJA:12345678000190)');
    expect(said).toContain('O emissor do certificado, "AC SAFETECH RFB v5", não está no repositório de confiança desta instalação');
    expect(said).toContain("AUTHORITY_EXTRA_CA_FILE");
  });

  it("leaves out a field it has no label for, and says nothing when the message names no place", () => {
    expect(describe_("items.3.somethingNew: refused")).toBe("Onde: item 4.");
    expect(describe_("nfeConfig.somethingNew: refused")).toBe("");
    expect(describe_("Client not found")).toBe("");
  });
});
