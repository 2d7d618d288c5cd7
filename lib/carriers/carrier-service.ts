import type { Carrier, Prisma, Vehicle } from "@prisma/client";
import { paginate, type Page } from "@/lib/contracts/pagination";
import { cnpjProblem, isValidCpf, normalizeDocument } from "@/lib/br";
import { withTransaction } from "@/lib/db/with-transaction";
import { db, type DbClient } from "@/lib/db/client";
import { assertThirdPartyStateRegistration } from "@/lib/companies/state-registration";
import { notFound, unprocessable, validationError } from "@/lib/errors";
import { ownerOfVehicle } from "./vehicle-owner";
import type { CarrierResponse, CreateCarrierInput, ListCarriersQuery, UpdateCarrierInput, VehicleResponse } from "./schemas";

export function toVehicleResponse(vehicle: Vehicle): VehicleResponse {
  const { ownerDocumentType: _type, ownerDocument: _document, ownerRntrc: _rntrc, ownerName: _name, ownerStateRegistration: _ie, ownerState: _state, ownerType: _ownerType, ...fields } = vehicle;
  return {
    ...fields,
    owner: ownerOfVehicle(vehicle),
    // Written only through the enums of the contract (schemas.ts).
    bodyType: vehicle.bodyType as VehicleResponse["bodyType"],
    wheelType: vehicle.wheelType as VehicleResponse["wheelType"],
    createdAt: vehicle.createdAt.toISOString(),
    updatedAt: vehicle.updatedAt.toISOString(),
  };
}

/** Default vehicle first, then by age (spec, Carriers: "fleet, default vehicle first"). */
export const FLEET_ORDER: Prisma.VehicleOrderByWithRelationInput[] = [{ isDefault: "desc" }, { createdAt: "asc" }, { id: "asc" }];

export function toCarrierResponse(carrier: Carrier & { vehicles: Vehicle[] }): CarrierResponse {
  const { companyId: _companyId, vehicles, createdAt, updatedAt, ...fields } = carrier;
  return {
    ...fields,
    documentType: fields.documentType === "CPF" ? "CPF" : "CNPJ",
    vehicles: vehicles.map(toVehicleResponse),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

function carrierDocument(document: string, documentType?: "CPF" | "CNPJ"): { document: string; documentType: "CPF" | "CNPJ" } {
  const normalized = normalizeDocument(document);
  const type = documentType ?? (/^\d{11}$/.test(normalized) ? "CPF" : "CNPJ");
  const problem = type === "CPF" ? (isValidCpf(normalized) ? null : "check digits or length do not match") : cnpjProblem(normalized);
  if (problem) throw validationError(`body.document: invalid ${type}: ${problem}`);
  return { document: normalized, documentType: type };
}

async function assertDocumentFree(tx: DbClient, companyId: string, document: string, exceptId?: string): Promise<void> {
  const existing = await tx.carrier.findFirst({ where: { companyId, document, ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { id: true } });
  if (existing) throw duplicateDocument(document);
}
const duplicateDocument = (document: string) => unprocessable("duplicate_document", `A carrier with document ${document} is already registered in this company`);

const withFleet = { vehicles: { orderBy: FLEET_ORDER } } as const;

const OPTIONAL = ["stateRegistration", "anttCode", "street", "number", "neighborhood", "city", "state"] as const;

export async function createCarrier(companyId: string, input: CreateCarrierInput, client: DbClient = db): Promise<CarrierResponse> {
  const identity = carrierDocument(input.document, input.documentType);
  assertThirdPartyStateRegistration(input.stateRegistration, input.state, "body.stateRegistration");
  return withTransaction(client, async (tx) => {
    await assertDocumentFree(tx, companyId, identity.document);
    const data: Prisma.CarrierUncheckedCreateInput = { companyId, name: input.name, ...identity };
    for (const field of OPTIONAL) data[field] = input[field] ?? null;
    return toCarrierResponse(await tx.carrier.create({ data, include: withFleet }));
  }).catch((error: unknown) => {
    // The (companyId, document) unique index settles a concurrent duplicate.
    if ((error as { code?: string }).code === "P2002") throw duplicateDocument(identity.document);
    throw error;
  });
}

export async function findCarrierRecord(companyId: string, id: string, client: DbClient = db): Promise<Carrier> {
  const carrier = await client.carrier.findFirst({ where: { id, companyId } });
  if (!carrier) throw notFound("Carrier");
  return carrier;
}

export async function getCarrier(companyId: string, id: string, client: DbClient = db): Promise<CarrierResponse> {
  const carrier = await client.carrier.findFirst({ where: { id, companyId }, include: withFleet });
  if (!carrier) throw notFound("Carrier");
  return toCarrierResponse(carrier);
}

export async function listCarriers(companyId: string, query: ListCarriersQuery, client: DbClient = db): Promise<Page<CarrierResponse>> {
  const where: Prisma.CarrierWhereInput = { companyId };
  if (query.search) {
    const contains = { contains: query.search, mode: "insensitive" as const };
    where.OR = [{ name: contains }, { document: { contains: normalizeDocument(query.search) || query.search } }, { anttCode: contains }];
  }
  return paginate(
    query,
    () => client.carrier.count({ where }),
    async (window) => (await client.carrier.findMany({ where, include: withFleet, orderBy: [{ name: "asc" }, { id: "asc" }], ...window })).map(toCarrierResponse),
  );
}

export async function updateCarrier(companyId: string, id: string, input: UpdateCarrierInput, client: DbClient = db): Promise<CarrierResponse> {
  return withTransaction(client, async (tx) => {
    const current = await findCarrierRecord(companyId, id, tx);
    if (input.stateRegistration !== undefined || input.state !== undefined) {
      assertThirdPartyStateRegistration(input.stateRegistration !== undefined ? input.stateRegistration : current.stateRegistration, input.state !== undefined ? input.state : current.state, "body.stateRegistration");
    }
    const data: Prisma.CarrierUncheckedUpdateInput = {};
    if (input.name !== undefined) data.name = input.name;
    if (input.document !== undefined || input.documentType !== undefined) {
      const identity = carrierDocument(input.document ?? current.document, input.documentType);
      if (identity.document !== current.document) await assertDocumentFree(tx, companyId, identity.document, id);
      Object.assign(data, identity);
    }
    for (const field of OPTIONAL) if (input[field] !== undefined) data[field] = input[field];
    return toCarrierResponse(await tx.carrier.update({ where: { id: current.id }, data, include: withFleet }));
  });
}

/** Issued documents keep their carrier snapshot, so removal is always allowed (spec, Transport). */
export async function deleteCarrier(companyId: string, id: string, client: DbClient = db): Promise<void> {
  const current = await findCarrierRecord(companyId, id, client);
  await client.carrier.delete({ where: { id: current.id } });
}

