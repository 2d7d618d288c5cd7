import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import ptBR from "@/messages/pt-BR.json";
import { NAV_SECTIONS, navLinks } from "@/components/dashboard/nav-links";
import { CardFlagSchema, FreightTypeSchema, PaymentMethodSchema } from "@/lib/documents/schemas";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

// An argument is "{name}" or "{name, plural|select…"; a plural branch's text ("{# documentos}", "{nenhum documento}") is not.
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\s*(\w+)\s*(?=[,}])/g)].map((m) => m[1]))].sort();

const catalogues = { "pt-BR": flatten(ptBR as Tree), en: flatten(en as Tree) };

describe("message catalogues", () => {
  it("have the same keys in both languages", () => {
    const pt = [...catalogues["pt-BR"].keys()];
    const english = [...catalogues.en.keys()];
    expect(pt.filter((key) => !catalogues.en.has(key)), "keys missing in en.json").toEqual([]);
    expect(english.filter((key) => !catalogues["pt-BR"].has(key)), "keys missing in pt-BR.json").toEqual([]);
  });

  it("have no empty text and the same placeholders in both languages", () => {
    for (const [key, text] of catalogues["pt-BR"]) {
      expect(text.trim(), key).not.toBe("");
      expect(placeholders(text), key).toEqual(placeholders(catalogues.en.get(key) ?? ""));
    }
  });

  it("label every value of the enums the dashboard shows", () => {
    const enums = (ptBR as unknown as { enums: Record<string, Record<string, string>> }).enums;
    const expectLabels = (name: string, values: readonly string[]) => expect(values.filter((v) => !enums[name]?.[v]), name).toEqual([]);
    expectLabels("paymentMethod", PaymentMethodSchema.options);
    expectLabels("cardFlag", CardFlagSchema.options);
    expectLabels("freightType", FreightTypeSchema.options);
    expectLabels("documentStatus", ["DRAFT", "PROCESSING", "AUTHORIZED", "REJECTED", "CANCELLED"]);
    expectLabels("documentType", ["NFE", "NFCE", "NFSE"]);
    expectLabels("taxRegime", ["SIMPLES_NACIONAL", "SIMPLES_EXCESS", "NORMAL", "MEI"]);
  });

  it("name every sidebar page and section", () => {
    const nav = (ptBR as unknown as { nav: Record<string, string>; navSections: Record<string, string> });
    expect(navLinks.filter((link) => !nav.nav[link.href === "" ? "overview" : link.href]).map((link) => link.href), "nav keys").toEqual([]);
    expect(NAV_SECTIONS.filter((section) => !nav.navSections[section]), "navSections keys").toEqual([]);
  });
});
