import type { Prisma } from "@prisma/client";
import type { DbClient } from "@/lib/db/client";
import { normalizePlate } from "@/lib/carriers/plate";
import { findCompanyCarrier } from "./load-references";
import type { TransportInput } from "./schemas";

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
  const carrier = transport.carrierId ? await findCompanyCarrier(companyId, transport.carrierId, client) : null;
  let vehiclePlate: string | null = null;
  let vehicleState: string | null = null;
  let vehicleRntc: string | null = null;
  if (transport.vehiclePlate) {
    vehiclePlate = normalizePlate(transport.vehiclePlate);
    vehicleState = transport.vehicleState ?? null;
    vehicleRntc = carrier?.vehicles.find((v) => v.plate === vehiclePlate)?.rntc ?? null;
  } else if (carrier) {
    const fallback = carrier.defaultVehicle ?? carrier.vehicles[0];
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
