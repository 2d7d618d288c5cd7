import type { Prisma } from "@prisma/client";
import { withTransaction } from "@/lib/db/with-transaction";
import { db, type DbClient } from "@/lib/db/client";
import { notFound, unprocessable } from "@/lib/errors";
import { FLEET_ORDER, findCarrierRecord, toVehicleResponse } from "./carrier-service";
import { normalizePlate } from "./plate";
import { ownerColumns } from "./vehicle-owner";
import type { CreateVehicleInput, UpdateVehicleInput, VehicleResponse } from "./schemas";

// Fleet invariant (spec, Product and carrier rules 1): a non-empty fleet has
// exactly one default. Writers lock the carrier row so two requests cannot
// both become (or both stop being) the default.
async function lockFleet(tx: DbClient, companyId: string, carrierId: string) {
  const carrier = await findCarrierRecord(companyId, carrierId, tx);
  await tx.$executeRaw`SELECT 1 FROM "Carrier" WHERE id = ${carrier.id} FOR UPDATE`;
  return carrier;
}

/** The MDF-e fields given, the owner among them (undefined: left as they are; null: cleared). */
function mdfeFields(input: UpdateVehicleInput) {
  const fields = { renavam: input.renavam, tareKg: input.tareKg, capacityKg: input.capacityKg, capacityM3: input.capacityM3, bodyType: input.bodyType, wheelType: input.wheelType };
  return { ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)), ...ownerColumns(input.owner) };
}

const duplicatePlate = (plate: string) => unprocessable("duplicate_plate", `Plate ${plate} is already in this carrier's fleet`);

async function assertPlateFree(tx: DbClient, carrierId: string, plate: string, exceptId?: string) {
  const existing = await tx.vehicle.findFirst({ where: { carrierId, plate, ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { id: true } });
  if (existing) throw duplicatePlate(plate);
}

export async function listVehicles(companyId: string, carrierId: string, client: DbClient = db): Promise<VehicleResponse[]> {
  const carrier = await findCarrierRecord(companyId, carrierId, client);
  return (await client.vehicle.findMany({ where: { carrierId: carrier.id }, orderBy: FLEET_ORDER })).map(toVehicleResponse);
}

export async function createVehicle(companyId: string, carrierId: string, input: CreateVehicleInput, client: DbClient = db): Promise<VehicleResponse> {
  const plate = normalizePlate(input.plate);
  const mdfe = mdfeFields(input);
  return withTransaction(client, async (tx) => {
    const carrier = await lockFleet(tx, companyId, carrierId);
    await assertPlateFree(tx, carrier.id, plate);
    const fleetSize = await tx.vehicle.count({ where: { carrierId: carrier.id } });
    const isDefault = fleetSize === 0 || input.isDefault === true;
    if (isDefault) await tx.vehicle.updateMany({ where: { carrierId: carrier.id, isDefault: true }, data: { isDefault: false } });
    const vehicle = await tx.vehicle.create({
      data: { carrierId: carrier.id, plate, state: input.state, rntc: input.rntc ?? null, description: input.description ?? null, isDefault, ...mdfe },
    });
    return toVehicleResponse(vehicle);
  });
}

async function findVehicle(tx: DbClient, carrierId: string, vehicleId: string) {
  const vehicle = await tx.vehicle.findFirst({ where: { id: vehicleId, carrierId } });
  if (!vehicle) throw notFound("Vehicle");
  return vehicle;
}

/** isDefault true demotes the previous default; false on the default hands it to the oldest other vehicle. */
export async function updateVehicle(companyId: string, carrierId: string, vehicleId: string, input: UpdateVehicleInput, client: DbClient = db): Promise<VehicleResponse> {
  const plate = input.plate !== undefined ? normalizePlate(input.plate) : undefined;
  const mdfe = mdfeFields(input);
  return withTransaction(client, async (tx) => {
    const carrier = await lockFleet(tx, companyId, carrierId);
    const current = await findVehicle(tx, carrier.id, vehicleId);
    const data: Prisma.VehicleUncheckedUpdateInput = {};
    if (plate !== undefined && plate !== current.plate) {
      await assertPlateFree(tx, carrier.id, plate, current.id);
      data.plate = plate;
    }
    if (input.state !== undefined) data.state = input.state;
    if (input.rntc !== undefined) data.rntc = input.rntc;
    if (input.description !== undefined) data.description = input.description;
    Object.assign(data, mdfe);
    if (input.isDefault === true && !current.isDefault) {
      await tx.vehicle.updateMany({ where: { carrierId: carrier.id, isDefault: true }, data: { isDefault: false } });
      data.isDefault = true;
    } else if (input.isDefault === false && current.isDefault) {
      const successor = await tx.vehicle.findFirst({ where: { carrierId: carrier.id, id: { not: current.id } }, orderBy: FLEET_ORDER });
      // A fleet of one keeps its only vehicle as the default.
      if (successor) {
        await tx.vehicle.update({ where: { id: successor.id }, data: { isDefault: true } });
        data.isDefault = false;
      }
    }
    return toVehicleResponse(await tx.vehicle.update({ where: { id: current.id }, data }));
  });
}

/** Removing the default promotes the oldest remaining vehicle. */
export async function deleteVehicle(companyId: string, carrierId: string, vehicleId: string, client: DbClient = db): Promise<void> {
  await withTransaction(client, async (tx) => {
    const carrier = await lockFleet(tx, companyId, carrierId);
    const current = await findVehicle(tx, carrier.id, vehicleId);
    await tx.vehicle.delete({ where: { id: current.id } });
    if (current.isDefault) {
      const successor = await tx.vehicle.findFirst({ where: { carrierId: carrier.id }, orderBy: FLEET_ORDER });
      if (successor) await tx.vehicle.update({ where: { id: successor.id }, data: { isDefault: true } });
    }
  });
}
