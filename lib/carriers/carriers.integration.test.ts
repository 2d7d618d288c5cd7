import { describe, expect, it } from "vitest";
import * as collection from "@/app/v1/carriers/route";
import * as member from "@/app/v1/carriers/[id]/route";
import * as fleet from "@/app/v1/carriers/[id]/vehicles/route";
import * as vehicleRoute from "@/app/v1/carriers/[id]/vehicles/[vehicleId]/route";
import { completeCnpj, completeCpf } from "@/lib/br";
import { createTestCompany, db } from "@/test/factories";
import { call, registerCalls } from "@/test/http";
import { findCompanyCarrier } from "./lookup";

const cnpj = completeCnpj("443332220001");
const cpf = completeCpf("987654321");

const { post, get, patch, remove, list } = registerCalls("/v1/carriers", collection, member);
const addVehicle = (key: string, id: string, body: unknown) => call(fleet.POST, { method: "POST", path: `/v1/carriers/${id}/vehicles`, key, params: { id }, body });
const listFleet = (key: string, id: string) => call(fleet.GET, { path: `/v1/carriers/${id}/vehicles`, key, params: { id } });
const patchVehicle = (key: string, id: string, vehicleId: string, body: unknown) =>
  call(vehicleRoute.PATCH, { method: "PATCH", path: `/v1/carriers/${id}/vehicles/${vehicleId}`, key, params: { id, vehicleId }, body });
const removeVehicle = (key: string, id: string, vehicleId: string) =>
  call(vehicleRoute.DELETE, { method: "DELETE", path: `/v1/carriers/${id}/vehicles/${vehicleId}`, key, params: { id, vehicleId } });

const plates = async (key: string, id: string) => (await listFleet(key, id)).body.map((v: { plate: string; isDefault: boolean }) => `${v.plate}${v.isDefault ? "*" : ""}`);

describe("carriers", () => {
  it("creates a carrier with a CNPJ or a self-employed CPF and returns it with id and fleet", async () => {
    const company = await createTestCompany();
    const res = await post(company.key, { name: "Transportes Ltda", document: "44.333.222/0001-" + cnpj.slice(12), stateRegistration: "110042490114", anttCode: "12345678", street: "Rua A", number: "10", city: "Campinas", state: "SP" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(String), document: cnpj, documentType: "CNPJ", state: "SP", vehicles: [] });
    const selfEmployed = await post(company.key, { name: "José Caminhoneiro", document: cpf, documentType: "CPF" });
    expect(selfEmployed.status).toBe(201);
    expect(selfEmployed.body.documentType).toBe("CPF");
  });

  it("refuses an IE whose check digits do not match the carrier's state (400), on create and on PATCH", async () => {
    const company = await createTestCompany();
    const refused = await post(company.key, { name: "Transportes Ltda", document: cnpj, stateRegistration: "110042490115", state: "SP" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^body\.stateRegistration: /);
    const created = await post(company.key, { name: "Transportes Ltda", document: cnpj, stateRegistration: "110042490114", state: "SP" });
    expect(created.status).toBe(201);
    expect((await patch(company.key, created.body.id, { stateRegistration: "110042490115" })).status).toBe(400);
  });

  it("refuses a document already registered in the company (422) and an invalid one (400)", async () => {
    const company = await createTestCompany();
    await post(company.key, { name: "A", document: cnpj });
    const dup = await post(company.key, { name: "B", document: cnpj });
    expect(dup.status).toBe(422);
    expect(dup.body.code).toBe("duplicate_document");
    const bad = await post(company.key, { name: "C", document: "11111111111" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("validation_error");
    const other = await post(company.key, { name: "D", document: cpf });
    const moved = await patch(company.key, other.body.id, { document: cnpj });
    expect(moved.status).toBe(422);
    expect(moved.body.code).toBe("duplicate_document");
  });

  it("lists with search and pagination, updates and deletes", async () => {
    const company = await createTestCompany();
    const a = (await post(company.key, { name: "Alfa Cargas", document: cnpj })).body;
    await post(company.key, { name: "Beta Log", document: cpf });
    expect((await list(company.key, "?search=alfa")).body.data.map((c: { id: string }) => c.id)).toEqual([a.id]);
    expect((await list(company.key, "?pageSize=1&page=2")).body.meta).toEqual({ page: 2, pageSize: 1, total: 2, totalPages: 2 });
    const updated = await patch(company.key, a.id, { city: "Santos", anttCode: null });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: "Alfa Cargas", city: "Santos", anttCode: null });
    expect((await remove(company.key, a.id)).status).toBe(204);
    expect((await get(company.key, a.id)).status).toBe(404);
  });
});

describe("vehicles", () => {
  it("normalizes old and Mercosul plates and refuses implausible ones with 422", async () => {
    const company = await createTestCompany();
    const carrier = (await post(company.key, { name: "A", document: cnpj })).body;
    const old = await addVehicle(company.key, carrier.id, { plate: "abc-1234", state: "SP", rntc: "12345678" });
    expect(old.status).toBe(201);
    expect(old.body).toMatchObject({ plate: "ABC1234", state: "SP", isDefault: true, carrierId: carrier.id });
    const mercosul = await addVehicle(company.key, carrier.id, { plate: "BRA 2E19", state: "rj" });
    expect(mercosul.body).toMatchObject({ plate: "BRA2E19", state: "RJ", isDefault: false });
    for (const plate of ["AB12345", "ABCD123", "ABC12345", "1234567", "ABC-12"]) {
      const res = await addVehicle(company.key, carrier.id, { plate, state: "SP" });
      expect(res.status, plate).toBe(422);
      expect(res.body.code).toBe("invalid_plate");
    }
  });

  it("requires state (400) and refuses a repeated plate in the fleet (422)", async () => {
    const company = await createTestCompany();
    const carrier = (await post(company.key, { name: "A", document: cnpj })).body;
    const noState = await addVehicle(company.key, carrier.id, { plate: "ABC1234" });
    expect(noState.status).toBe(400);
    expect(noState.body.message).toContain("state");
    await addVehicle(company.key, carrier.id, { plate: "ABC1234", state: "SP" });
    const dup = await addVehicle(company.key, carrier.id, { plate: "abc 1234", state: "MG" });
    expect(dup.status).toBe(422);
    expect(dup.body.code).toBe("duplicate_plate");
    // Another carrier of the company may have the same plate (a rented truck).
    const other = (await post(company.key, { name: "B", document: cpf })).body;
    expect((await addVehicle(company.key, other.id, { plate: "ABC1234", state: "SP" })).status).toBe(201);
  });

  it("stores the owner (the MDF-e's prop) as one group: normalized, checked (400), kept by other PATCHes, cleared with null", async () => {
    const company = await createTestCompany();
    const carrier = (await post(company.key, { name: "A", document: cnpj })).body;
    const owner = { document: { type: "CPF", value: completeCpf("111444777").replace(/^(\d{3})(\d{3})(\d{3})/, "$1.$2.$3-") }, rntrc: "87654321", name: "João Caminhoneiro", state: "sp", ownerType: "TAC_AGGREGATED" };
    const created = await addVehicle(company.key, carrier.id, { plate: "TAC1A23", state: "SP", owner });
    expect(created.status, created.text).toBe(201);
    expect(created.body.owner).toEqual({ document: { type: "CPF", value: completeCpf("111444777") }, rntrc: "87654321", name: "João Caminhoneiro", stateRegistration: "ISENTO", state: "SP", ownerType: "TAC_AGGREGATED" });
    const renamed = await patchVehicle(company.key, carrier.id, created.body.id, { description: "Cavalo do agregado" });
    expect(renamed.body.owner).toEqual(created.body.owner);
    const company2 = { document: { type: "CNPJ", value: cnpj }, rntrc: "12345678", name: "Transportes Agregados Ltda", stateRegistration: "110.042.490.114", state: "SP", ownerType: "OTHER" };
    const changed = await patchVehicle(company.key, carrier.id, created.body.id, { owner: company2 });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.owner).toEqual({ ...company2, document: { type: "CNPJ", value: cnpj }, stateRegistration: "110042490114" });
    expect((await patchVehicle(company.key, carrier.id, created.body.id, { owner: null })).body.owner).toBeNull();
    const stored = await db.vehicle.findUniqueOrThrow({ where: { id: created.body.id } });
    expect([stored.ownerDocument, stored.ownerName, stored.ownerType, stored.ownerStateRegistration]).toEqual([null, null, null, null]);

    for (const [bad, path] of [
      [{ ...owner, document: { type: "CPF", value: "111.444.777-36" } }, "body.owner.document.value"],
      [{ ...company2, stateRegistration: "110042490115" }, "body.owner.stateRegistration"],
      [{ ...owner, rntrc: "1234" }, "owner.rntrc"],
      [{ ...owner, ownerType: "FRIEND" }, "owner.ownerType"],
    ] as const) {
      const refused = await addVehicle(company.key, carrier.id, { plate: "TAC2B34", state: "SP", owner: bad });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.body.message).toContain(path);
    }
    expect((await listFleet(company.key, carrier.id)).body).toHaveLength(1);
  });

  it("keeps exactly one default: first becomes default, isDefault demotes, removal promotes, default listed first", async () => {
    const company = await createTestCompany();
    const carrier = (await post(company.key, { name: "A", document: cnpj })).body;
    const first = (await addVehicle(company.key, carrier.id, { plate: "AAA1111", state: "SP" })).body;
    const second = (await addVehicle(company.key, carrier.id, { plate: "BBB2222", state: "SP" })).body;
    expect(await plates(company.key, carrier.id)).toEqual(["AAA1111*", "BBB2222"]);
    const third = (await addVehicle(company.key, carrier.id, { plate: "CCC3C33", state: "SP", isDefault: true })).body;
    expect(await plates(company.key, carrier.id)).toEqual(["CCC3C33*", "AAA1111", "BBB2222"]);
    expect((await patchVehicle(company.key, carrier.id, second.id, { isDefault: true })).body.isDefault).toBe(true);
    expect(await plates(company.key, carrier.id)).toEqual(["BBB2222*", "AAA1111", "CCC3C33"]);
    expect((await removeVehicle(company.key, carrier.id, second.id)).status).toBe(204);
    expect(await plates(company.key, carrier.id)).toEqual(["AAA1111*", "CCC3C33"]);
    await patchVehicle(company.key, carrier.id, first.id, { isDefault: false });
    expect(await plates(company.key, carrier.id)).toEqual(["CCC3C33*", "AAA1111"]);
    const renamed = await patchVehicle(company.key, carrier.id, third.id, { plate: "AAA1111" });
    expect(renamed.status).toBe(422);
    expect(renamed.body.code).toBe("duplicate_plate");
    expect((await get(company.key, carrier.id)).body.vehicles.map((v: { plate: string }) => v.plate)).toEqual(["CCC3C33", "AAA1111"]);
  });
});

describe("company isolation", () => {
  it("company B cannot read, change, delete, extend or reference company A's carrier", async () => {
    const a = await createTestCompany();
    const b = await createTestCompany();
    const carrier = (await post(a.key, { name: "Secret", document: cnpj })).body;
    const vehicle = (await addVehicle(a.key, carrier.id, { plate: "ABC1234", state: "SP" })).body;
    expect((await get(b.key, carrier.id)).status).toBe(404);
    expect((await patch(b.key, carrier.id, { name: "x" })).status).toBe(404);
    expect((await remove(b.key, carrier.id)).status).toBe(404);
    expect((await listFleet(b.key, carrier.id)).status).toBe(404);
    expect((await addVehicle(b.key, carrier.id, { plate: "XYZ9876", state: "SP" })).status).toBe(404);
    expect((await patchVehicle(b.key, carrier.id, vehicle.id, { isDefault: true })).status).toBe(404);
    expect((await removeVehicle(b.key, carrier.id, vehicle.id)).status).toBe(404);
    expect((await list(b.key)).body.data).toEqual([]);
    await expect(findCompanyCarrier(b.companyId, carrier.id)).rejects.toMatchObject({ status: 422, code: "invalid_carrier" });
    const own = await findCompanyCarrier(a.companyId, carrier.id);
    expect(own.defaultVehicle?.plate).toBe("ABC1234");
    // B may register the same document: uniqueness is per company.
    expect((await post(b.key, { name: "Mine", document: cnpj })).status).toBe(201);
  });

  it("requires carriers scopes", async () => {
    const company = await createTestCompany({ scopes: ["carriers:read"] });
    expect((await post(company.key, { name: "A", document: cnpj })).status).toBe(403);
    expect((await list(company.key)).status).toBe(200);
  });
});
