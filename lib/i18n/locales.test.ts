import { describe, expect, it } from "vitest";
import { negotiateLocale } from "./locales";

describe("negotiateLocale", () => {
  it("defaults to pt-BR when neither the user nor the browser says otherwise", () => {
    expect(negotiateLocale({})).toBe("pt-BR");
    expect(negotiateLocale({ acceptLanguage: "" })).toBe("pt-BR");
    expect(negotiateLocale({ acceptLanguage: "fr-FR,de;q=0.8" })).toBe("pt-BR");
  });

  it("follows the browser's language by q-value", () => {
    expect(negotiateLocale({ acceptLanguage: "en-US,en;q=0.9" })).toBe("en");
    expect(negotiateLocale({ acceptLanguage: "pt-PT" })).toBe("pt-BR");
    expect(negotiateLocale({ acceptLanguage: "fr;q=0.9, en;q=0.5, pt-BR;q=0.8" })).toBe("pt-BR");
    expect(negotiateLocale({ acceptLanguage: "en;q=0, pt;q=0.1" })).toBe("pt-BR");
  });

  it("lets the saved preference win over the browser", () => {
    expect(negotiateLocale({ saved: "en", acceptLanguage: "pt-BR" })).toBe("en");
    expect(negotiateLocale({ saved: "pt-BR", acceptLanguage: "en-US" })).toBe("pt-BR");
    expect(negotiateLocale({ saved: "xx", acceptLanguage: "en-US" })).toBe("en");
  });
});
