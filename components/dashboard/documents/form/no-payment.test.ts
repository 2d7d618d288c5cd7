import { describe, expect, it } from "vitest";
import { CreateDocumentInput } from "@/lib/documents/schemas";
import { buildCreateBody, emptyPayment, initialForm, type FormState } from "./form-state";

// Issue 54 item 6: "Sem pagamento" (tPag 90) asks for no value; the body carries 0, the only value SEFAZ accepts (904).
const item = { ...initialForm.items[0]!, code: "SKU-1", description: "Café", unitValue: "10", ncm: "21011110", cfop: "5102", icmsOrigin: "0", icmsSituation: "102" };
const form = (patch: Partial<FormState>): FormState => ({ ...initialForm, type: "NFE", clientId: "client-1", items: [item], ...patch });

describe("the document form's payments", () => {
  it("send NO_PAYMENT with the value 0 whatever the hidden field held", () => {
    for (const value of ["", "15,00"]) {
      const body = buildCreateBody(form({ payments: [{ ...emptyPayment, method: "NO_PAYMENT", value }] }), false);
      expect(body.payments).toEqual([{ method: "NO_PAYMENT", value: 0 }]);
      expect(CreateDocumentInput.safeParse(body).success).toBe(true);
    }
  });

  it("still send a typed value for the other methods", () => {
    const body = buildCreateBody(form({ payments: [{ ...emptyPayment, method: "PIX", value: "1.234,56" }] }), false);
    expect(body.payments).toEqual([{ method: "PIX", value: 1234.56 }]);
  });
});
