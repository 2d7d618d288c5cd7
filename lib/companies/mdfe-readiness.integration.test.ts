import { describe, expect, it } from "vitest";
import { createTestCompany, db } from "@/test/factories";
import { readinessChecklist } from "./emission-prerequisites";

describe("readinessChecklist: MDF-e advice from the company's vehicles and manifests", () => {
  it("counts the vehicles of the company's carriers only", async () => {
    const company = await createTestCompany();
    const other = await createTestCompany();
    const nfe = async (id: string) => (await readinessChecklist(id)).find((r) => r.type === "NFE")!.checks.find((c) => c.id === "mdfe");
    expect(await nfe(company.companyId)).toMatchObject({ ok: true, blocking: false, detail: { key: "mdfeVehicleMissing" } });
    const carrier = await db.carrier.create({ data: { companyId: other.companyId, name: "Outra", document: "11222333000181", documentType: "CNPJ" } });
    await db.vehicle.create({ data: { carrierId: carrier.id, plate: "ABC1D23", state: "SP" } });
    expect(await nfe(company.companyId)).toMatchObject({ detail: { key: "mdfeVehicleMissing" } });
    expect(await nfe(other.companyId)).toMatchObject({ ok: true, detail: { key: "mdfeVehicleRegistered", values: { vehicles: "1" } } });
    // The NF-e readiness stays what emission decides: the advice never blocks.
    const before = (await readinessChecklist(other.companyId)).find((r) => r.type === "NFE")!;
    expect(before.checks.filter((c) => c.blocking).map((c) => c.id)).not.toContain("mdfe");
  });
});
