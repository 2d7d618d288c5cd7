import { describe, expect, it } from "vitest";
import { buildCreateBody, cfopOperation, emptyItem, emptyPayment, emptyTransport, initialForm, installmentGap } from "@/components/dashboard/documents/form/form-state";
import { CreateDocumentInput } from "@/lib/documents/schemas";

describe("new-document form state", () => {
  it("sends Brazilian-typed decimals as numbers, masked documents as digits, and only the fields filled", () => {
    const body = buildCreateBody(
      {
        ...initialForm,
        clientMode: "inline",
        inline: { ...initialForm.inline, name: " Cliente ", document: "06.929.383/0001-63", zipCode: "13010-000", phone: "(19) 91234-5678", state: "SP" },
        items: [{ ...emptyItem, code: "A", description: "Café", quantity: "1.500", unitValue: "1.234,56", cfop: "5102", ibsCbsCst: "000", cClassTrib: "000001" }],
        payments: [{ ...emptyPayment, method: "CREDIT_CARD", value: "1.851.840,00", cardFlag: "VISA", cardCNPJ: "11.222.333/0001-81" }],
        duplicates: [{ dueDate: "2026-12-21", value: "1851840" }],
      },
      true,
    );
    expect(body).toEqual({
      type: "NFE",
      emit: true,
      client: { name: "Cliente", document: "06929383000163", phone: "19912345678", zipCode: "13010-000", state: "SP" },
      items: [{ code: "A", description: "Café", quantity: 1500, unitValue: 1234.56, unit: "UN", cfop: "5102", ibsCbs: { cst: "000", cClassTrib: "000001" } }],
      payments: [{ method: "CREDIT_CARD", value: 1851840, cardFlag: "VISA", cardCNPJ: "11222333000181" }],
      duplicates: [{ dueDate: "2026-12-21", value: 1851840 }],
    });
    expect(CreateDocumentInput.safeParse(body).success).toBe(true);
  });

  it("keeps what cannot be read as typed, so the schema names the field", () => {
    const body = buildCreateBody({ ...initialForm, clientId: "c1", items: [{ ...emptyItem, code: "A", description: "B", unitValue: "12,3,4" }] }, false);
    const parsed = CreateDocumentInput.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join("."))).toContain("items.0.unitValue");
  });

  it("sends service codes for an NFS-e and no transport", () => {
    const body = buildCreateBody({ ...initialForm, type: "NFSE", clientId: "c1", transport: { ...initialForm.transport!, freightType: "SENDER" } as never, items: [{ ...emptyItem, code: "S", description: "Consultoria", unitValue: "100", ncm: "12345678", nationalServiceCode: "010101" }] }, false);
    expect(body.items).toEqual([{ code: "S", description: "Consultoria", quantity: 1, unitValue: 100, unit: "UN", nationalServiceCode: "010101" }]);
    expect(body.transport).toBeUndefined();
  });

  it("derives the CFOP operation from the issuer's and recipient's states", () => {
    expect(cfopOperation("NFE", "SP", "SP")).toBe("INTERNAL");
    expect(cfopOperation("NFE", "SP", "RJ")).toBe("INTERSTATE");
    expect(cfopOperation("NFE", "SP", "EX")).toBe("EXPORT");
    expect(cfopOperation("NFCE", "SP", "RJ")).toBe("INTERNAL");
    expect(cfopOperation("NFE", "SP", null)).toBe("INTERNAL");
  });

  it("compares installments with the total in cents", () => {
    expect(installmentGap([{ dueDate: "", value: "370,00" }], "370.35")).toEqual({ sum: "370.00", differenceCents: -35 });
    expect(installmentGap([{ dueDate: "", value: "185,18" }, { dueDate: "", value: "185.17" }], "370.35")).toEqual({ sum: "370.35", differenceCents: 0 });
    expect(installmentGap([{ dueDate: "", value: "0,1" }, { dueDate: "", value: "0,2" }], "0.3").differenceCents).toBe(0);
    expect(installmentGap([{ dueDate: "", value: "400" }], null)).toEqual({ sum: "400.00", differenceCents: null });
  });
});

describe("new-document form state: vehicle, purpose and references", () => {
  it("sends vehiclePlate null for 'Nenhum veículo', and the typed plate otherwise", () => {
    const transport = { ...emptyTransport, carrierId: "c1", vehiclePlate: "ABC1D23", vehicleState: "SP" };
    expect(buildCreateBody({ ...initialForm, transport: { ...transport, noVehicle: true } }, false).transport).toEqual({ freightType: "SENDER", carrierId: "c1", vehiclePlate: null });
    expect(buildCreateBody({ ...initialForm, transport }, false).transport).toEqual({ freightType: "SENDER", carrierId: "c1", vehiclePlate: "ABC1D23", vehicleState: "SP" });
  });

  it("sends the chosen purpose and the referenced keys (one per line, spaces ignored) on an NF-e only", () => {
    const key = "35261106929383000163550010000000011000000015";
    const form = { ...initialForm, purpose: "RETURN" as const, referencedKeys: `${key.replace(/(.{4})/g, "$1 ")}\n` };
    expect(buildCreateBody(form, false)).toMatchObject({ purpose: "RETURN", referencedDocuments: [{ accessKey: key }] });
    const automatic = buildCreateBody({ ...initialForm, referencedKeys: "" }, false);
    expect(automatic).not.toHaveProperty("purpose");
    expect(automatic).not.toHaveProperty("referencedDocuments");
    expect(buildCreateBody({ ...form, type: "NFCE" }, false)).not.toHaveProperty("purpose");
  });
});
