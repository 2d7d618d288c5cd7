import { describe, expect, it } from "vitest";
import { CreateDocumentInput } from "@/lib/documents/schemas";
import { buildCreateBody, emptyInline, initialForm, type FormState } from "./form-state";

// Issue 36 item 12: the dashboard form sends an NFC-e without name or CPF with
// neither clientId nor client (no client is created), and a typed name as typed.

const item = { ...initialForm.items[0]!, code: "SKU-1", description: "Café", unitValue: "10", ncm: "21011110", cfop: "5102", icmsOrigin: "0", icmsSituation: "102" };
const form = (patch: Partial<FormState>): FormState => ({ ...initialForm, type: "NFCE", items: [item], ...patch });

describe("the document form's recipient", () => {
  it("sends an anonymous NFC-e without clientId or client, which the route's schema accepts", () => {
    for (const state of [form({ clientMode: "anonymous" }), form({ clientMode: "inline", inline: emptyInline })]) {
      const body = buildCreateBody(state, false);
      expect(body).not.toHaveProperty("client");
      expect(body).not.toHaveProperty("clientId");
      expect(CreateDocumentInput.safeParse(body).success).toBe(true);
    }
  });

  it("never makes an NF-e anonymous, and sends a typed name as typed", () => {
    expect(buildCreateBody(form({ type: "NFE", clientMode: "anonymous", clientId: "c1" }), false)).toMatchObject({ clientId: "c1" });
    const typed = buildCreateBody(form({ clientMode: "inline", inline: { ...emptyInline, name: " Maria Digitada ", document: "529.982.247-25" } }), false);
    expect(typed).toMatchObject({ client: { name: "Maria Digitada", document: "52998224725" } });
  });
});
