import type { Carrier, Vehicle } from "@prisma/client";
import { db, type DbClient } from "@/lib/db/client";
import { unprocessable } from "@/lib/errors";
import { FLEET_ORDER } from "./carrier-service";

export type CarrierWithFleet = Carrier & { vehicles: Vehicle[]; defaultVehicle: Vehicle | null };

/**
 * The carrier of a document's transport: another company's (or unknown) id
 * is 422 invalid_carrier (spec, Transport). defaultVehicle is used when the
 * document sends no vehiclePlate.
 */
export async function findCompanyCarrier(companyId: string, carrierId: string, client: DbClient = db): Promise<CarrierWithFleet> {
  const carrier = await client.carrier.findFirst({ where: { id: carrierId, companyId }, include: { vehicles: { orderBy: FLEET_ORDER } } });
  if (!carrier) throw unprocessable("invalid_carrier", `Carrier ${carrierId} does not exist in this company`);
  return { ...carrier, defaultVehicle: carrier.vehicles.find((v) => v.isDefault) ?? null };
}
