import type { Prisma } from "@prisma/client";
import type { DbClient } from "@/lib/db/client";
import { normalizePlate } from "@/lib/carriers/plate";
import { unprocessable } from "@/lib/errors";
import { findCompanyCarrier } from "./load-references";
import type { TransportInput } from "./schemas";

export type TransportSnapshot = Omit<Prisma.DocumentTransportUncheckedCreateInput, "documentId"> & {
  /** Where the vehicle came from: sent on the request, the carrier's default, or none. Not stored. */
  vehicleSource: "explicit" | "default" | null;
};

/**
 * The transport block (api.md, Transport): each part independent. The carrier
 * (of the company, else 422) and its vehicle are copied as snapshots; without
 * a plate the carrier's default vehicle is used, and vehiclePlate null means
 * no vehicle. Whether the operation admits a vehicle is decided once the
 * recipient is known (vehicleForOperation).
 */
export async function buildTransport(
  client: DbClient,
  companyId: string,
  transport: TransportInput,
): Promise<TransportSnapshot> {
  const carrier = transport.carrierId ? await findCompanyCarrier(companyId, transport.carrierId, client) : null;
  let vehiclePlate: string | null = null;
  let vehicleState: string | null = null;
  let vehicleRntc: string | null = null;
  if (transport.vehiclePlate) {
    vehiclePlate = normalizePlate(transport.vehiclePlate);
    vehicleState = transport.vehicleState ?? null;
    vehicleRntc = carrier?.vehicles.find((v) => v.plate === vehiclePlate)?.rntc ?? null;
  } else if (carrier && transport.vehiclePlate === undefined) {
    const fallback = carrier.defaultVehicle ?? carrier.vehicles[0];
    if (fallback) {
      vehiclePlate = fallback.plate;
      vehicleState = fallback.state;
      vehicleRntc = fallback.rntc;
    }
  }
  const address = carrier ? [carrier.street, carrier.number, carrier.neighborhood].filter(Boolean).join(", ") || null : null;
  return {
    vehicleSource: transport.vehiclePlate ? "explicit" : vehiclePlate ? "default" : null,
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

/**
 * SEFAZ rule 868 (MOC 4.00, X02-20): an interstate NF-e (idDest 2) carries no
 * veicTransp or reboque. A vehicle sent on the request is refused with 422
 * invalid_transport; the carrier's default vehicle is simply left out, so a
 * carrier with a fleet can be used on interstate sales without vehiclePlate null.
 */
export function vehicleForOperation(transport: TransportSnapshot, interstate: boolean): Omit<Prisma.DocumentTransportUncheckedCreateInput, "documentId"> {
  const { vehicleSource, ...stored } = transport;
  if (!interstate || vehicleSource === null) return stored;
  if (vehicleSource === "explicit") {
    throw unprocessable(
      "invalid_transport",
      `body.transport.vehiclePlate: an interstate NF-e carries no vehicle (SEFAZ rejects it with 868 - Rejeição: Grupos Veiculo Transporte e Reboque não devem ser informados); send vehiclePlate null or leave it out`,
    );
  }
  return { ...stored, vehiclePlate: null, vehicleState: null, vehicleRntc: null };
}
