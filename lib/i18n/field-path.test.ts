import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import ptBR from "@/messages/pt-BR.json";
import { CreateDocumentInput } from "@/lib/documents/schemas";
import { describeFieldPath, type FieldPathLabels } from "./field-path";

type Catalogue = { fieldPaths: { rows: Record<string, string>; fields: Record<string, string> }; errors: { fields: Record<string, string> } };

// The catalogue's words, as components/i18n/use-field-path.ts reads them.
function labelsOf(catalogue: Catalogue): FieldPathLabels {
  return {
    row: (list, n) => catalogue.fieldPaths.rows[list]?.replace("{n}", String(n)) ?? null,
    field: (name) => catalogue.fieldPaths.fields[name] ?? catalogue.errors.fields[name] ?? null,
  };
}
const pt = labelsOf(ptBR as unknown as Catalogue);

describe("describeFieldPath", () => {
  it("says a row's field as the page's words, never the API's path", () => {
    expect(describeFieldPath("payments.0.value", pt)).toBe("Pagamento 1 — valor");
    expect(describeFieldPath(["items", 1, "cfop"], pt)).toBe("Item 2 — CFOP");
    expect(describeFieldPath("body.items[0].ibsCbs.cst", pt)).toBe("Item 1 — IBS/CBS — CST");
    expect(describeFieldPath("duplicates.2.dueDate", pt)).toBe("Parcela 3 — vencimento");
    expect(describeFieldPath("client.document", pt)).toBe("Destinatário — CPF/CNPJ");
    expect(describeFieldPath("referencedDocuments.0.accessKey", pt)).toBe("Documento referenciado 1 — chave de acesso");
    expect(describeFieldPath("payments", pt)).toBe("Pagamentos");
    expect(describeFieldPath("payments.0.value", labelsOf(en as unknown as Catalogue))).toBe("Payment 1 — value");
  });

  it("answers null for a part it has no word for, and \"\" for the whole body", () => {
    expect(describeFieldPath("payments.0.somethingNew", pt)).toBeNull();
    expect(describeFieldPath("unknownList.0.value", pt)).toBeNull();
    expect(describeFieldPath("0", pt)).toBeNull();
    expect(describeFieldPath([], pt)).toBe("");
  });

  // Every field of the create-document body (the new-document form's own check and the API's 400) has a label in both languages.
  it("labels every path of the create-document body in both catalogues", () => {
    type Def = { type: string; shape?: Record<string, unknown>; innerType?: unknown; element?: unknown; in?: unknown; options?: unknown[] };
    const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;
    const paths: string[] = [];
    const walk = (schema: unknown, path: string[]): void => {
      const def = defOf(schema);
      if (def.type === "object") for (const [key, value] of Object.entries(def.shape!)) walk(value, [...path, key]);
      else if (["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"].includes(def.type)) walk(def.innerType, path);
      else if (def.type === "array") {
        paths.push(path.join("."));
        walk(def.element, [...path, "0"]);
      } else if (def.type === "pipe") walk(def.in, path);
      else if (def.type === "union") for (const option of def.options!) walk(option, path);
      else paths.push(path.join("."));
    };
    walk(CreateDocumentInput, []);
    expect(paths.length).toBeGreaterThan(80);
    for (const catalogue of [ptBR, en]) {
      const labels = labelsOf(catalogue as unknown as Catalogue);
      expect([...new Set(paths)].filter((path) => !describeFieldPath(path, labels))).toEqual([]);
    }
  });
});
