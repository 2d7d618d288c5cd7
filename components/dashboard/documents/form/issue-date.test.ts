import { describe, expect, it } from "vitest";
import { CreateDocumentInput } from "@/lib/documents/schemas";
import { buildCreateBody, initialForm, type FormState } from "./form-state";

// Issue 48 item 6: the form's issue date, typed in the company's clock, goes to the preview and the
// create body as issueDateTime with the company's offset, so the preview shows that date's law.

const item = { ...initialForm.items[0]!, code: "SKU-1", description: "Café", unitValue: "10", ncm: "21011110", cfop: "5102", icmsOrigin: "0", icmsSituation: "102" };
const form = (patch: Partial<FormState>): FormState => ({ ...initialForm, type: "NFCE", clientMode: "anonymous", items: [item], ...patch });

describe("the document form's issue date", () => {
  it("sends the typed date and time with the company's offset (São Paulo −03:00, Manaus −04:00)", () => {
    expect(buildCreateBody(form({ issueAt: "2027-01-01T00:00" }), false, "America/Sao_Paulo").issueDateTime).toBe("2027-01-01T00:00:00-03:00");
    expect(buildCreateBody(form({ issueAt: "2026-12-31T23:59" }), false, "America/Manaus").issueDateTime).toBe("2026-12-31T23:59:00-04:00");
    expect(CreateDocumentInput.safeParse(buildCreateBody(form({ issueAt: "2027-01-01T00:00" }), false)).success).toBe(true);
  });

  it("sends no issueDateTime when the field is empty (the server's now)", () => {
    expect(buildCreateBody(form({ issueAt: "" }), false)).not.toHaveProperty("issueDateTime");
    expect(buildCreateBody(form({}), false)).not.toHaveProperty("issueDateTime");
  });
});
