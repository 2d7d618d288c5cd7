import type { Prisma } from "@prisma/client";
import type { DbClient } from "@/lib/db/client";
import { unprocessable } from "@/lib/errors";
import { findCompanyCarrier } from "./load-references";
import type { TransportInput } from "./schemas";

// Plates: old (ABC1234) or Mercosul (ABC1D23) after removing everything but A-Z and 0-9.
const PLATE = /^[A-Z]{3}\d[A-Z0-9]\d{2}$/;

export function normalizePlate(plate: string): string {
  return plate.toUpperCase().replace(/[^A-Z0-9]/g, "").slice(0, 7);
}

/**
 * The transport block (api.md, Transport): each part independent. The carrier
 * (of the company, else 422) and its vehicle are copied as snapshots; without
 * a plate the carrier's default vehicle is used.
 */
export async function buildTransport(
  client: DbClient,
  companyId: string,
  transport: TransportInput,
): Promise<Omit<Prisma.DocumentTransportUncheckedCreateInput, "documentId">> {
  const carrier = transport.carrierId ? await findCompanyCarrier(client, companyId, transport.carrierId) : null;
  let vehiclePlate: string | null = null;
  let vehicleState: string | null = null;
  let vehicleRntc: string | null = null;
  if (transport.vehiclePlate) {
    vehiclePlate = normalizePlate(transport.vehiclePlate);
    if (!PLATE.test(vehiclePlate)) throw unprocessable("invalid_plate", `transport.vehiclePlate: ${transport.vehiclePlate} is not a plausible plate (ABC1234 or ABC1D23)`);
    vehicleState = transport.vehicleState ?? null;
    vehicleRntc = carrier?.vehicles.find((v) => v.plate === vehiclePlate)?.rntc ?? null;
  } else if (carrier) {
    const fallback = carrier.vehicles.find((v) => v.isDefault) ?? carrier.vehicles[0];
    if (fallback) {
      vehiclePlate = fallback.plate;
      vehicleState = fallback.state;
      vehicleRntc = fallback.rntc;
    }
  }
  const address = carrier ? [carrier.street, carrier.number, carrier.neighborhood].filter(Boolean).join(", ") || null : null;
  return {
    freightType: transport.freightType,
    freightValue: transport.freightValue === undefined ? null : String(transport.freightValue),
    carrierId: carrier?.id ?? null,
    carrierName: carrier?.name ?? null,
    carrierDocument: carrier?.document ?? null,
    carrierDocumentType: carrier?.documentType ?? null,
    carrierStateRegistration: carrier?.stateRegistration ?? null,
    carrierAddress: address,
    carrierCity: carrier?.city ?? null,
    carrierState: carrier?.state ?? null,
    vehiclePlate,
    vehicleState,
    vehicleRntc,
    volumeQuantity: transport.volumeQuantity ?? null,
    volumeSpecies: transport.volumeSpecies ?? null,
    volumeGrossWeight: transport.volumeGrossWeight === undefined ? null : String(transport.volumeGrossWeight),
    volumeNetWeight: transport.volumeNetWeight === undefined ? null : String(transport.volumeNetWeight),
  };
}
