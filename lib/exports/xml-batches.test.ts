import { describe, expect, it } from "vitest";
import { xmlBatches, type ExportedDocument } from "./walk-documents";

const doc = (id: string, xmlBytes: number) => ({ id, xmlBytes }) as ExportedDocument;

describe("xmlBatches", () => {
  it("keeps each batch's XML within the budget, a larger XML alone, and the order", () => {
    const page = [doc("a", 400), doc("b", 500), doc("c", 200), doc("d", 5000), doc("e", 100)];
    expect(xmlBatches(page, 1000).map((batch) => batch.map((d) => d.id))).toEqual([["a", "b"], ["c"], ["d"], ["e"]]);
    expect(xmlBatches([], 1000)).toEqual([]);
  });
});
