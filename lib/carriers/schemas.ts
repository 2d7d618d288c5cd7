import { z } from "zod";
import { normalizeStateRegistration } from "@/lib/companies/state-registration";
import { PaginationQuery } from "@/lib/contracts/pagination";
import { StateCodeSchema } from "@/lib/companies/schemas";

const optionalText = (max: number) => z.string().trim().max(max).nullish();

const carrierFields = {
  name: z.string().trim().min(1).max(60),
  // CNPJ, or the CPF of a self-employed carrier (spec, Other resources); punctuation is stripped.
  document: z.string().trim().min(1).max(20),
  documentType: z.enum(["CPF", "CNPJ"]).optional(),
  // Stored as the NF-e carries it (digits or ISENTO): "110.042.490.114" → "110042490114".
  stateRegistration: z.string().transform(normalizeStateRegistration).pipe(z.string().max(14)).nullish(),
  anttCode: optionalText(20),
  street: optionalText(60),
  number: optionalText(60),
  neighborhood: optionalText(60),
  city: optionalText(60),
  state: StateCodeSchema.nullish(),
};

export const CreateCarrierInput = z.object(carrierFields);
export type CreateCarrierInput = z.infer<typeof CreateCarrierInput>;
export const UpdateCarrierInput = z.object(carrierFields).partial();
export type UpdateCarrierInput = z.infer<typeof UpdateCarrierInput>;

export const ListCarriersQuery = PaginationQuery.extend({ search: z.string().trim().max(100).optional() });
export type ListCarriersQuery = z.infer<typeof ListCarriersQuery>;

export const CarrierIdParams = z.object({ id: z.string().min(1) });
export const VehicleIdParams = z.object({ id: z.string().min(1), vehicleId: z.string().min(1) });

/**
 * The vehicle's body and wheel types as the MDF-e names them (mdfeModalRodoviario_v3.00.xsd): tpCar
 * 00 not applicable, 01 open, 02 closed/baú, 03 bulk, 04 container, 05 sider; tpRod 01 truck,
 * 02 toco, 03 cavalo mecânico, 04 van, 05 utilitário, 06 outros. lib/mdfe maps them to the codes.
 */
export const VEHICLE_BODY_TYPES = ["NOT_APPLICABLE", "OPEN", "CLOSED", "BULK", "CONTAINER", "SIDER"] as const;
export const VEHICLE_WHEEL_TYPES = ["TRUCK", "TOCO", "TRACTOR", "VAN", "UTILITY", "OTHER"] as const;
const Kg = z.number().int().min(0).max(999_999);

/** tpProp of the MDF-e's prop group: TAC_AGGREGATED 0, TAC_INDEPENDENT 1, OTHER 2. */
export const VEHICLE_OWNER_TYPES = ["TAC_AGGREGATED", "TAC_INDEPENDENT", "OTHER"] as const;

/**
 * The owner (proprietário) of a vehicle that is not the issuer's: the MDF-e's veicTracao/prop and
 * veicReboque/prop (mdfeModalRodoviario_v3.00.xsd). One schema for the vehicle register and the
 * manifest's inline vehicle (lib/mdfe/schemas.ts). A TAC agregado's traction vehicle is what the
 * payment event 110116 requires (MOC MDF-e 3.00 6.5.1 K06, 723).
 */
export const VehicleOwner = z.object({
  document: z.object({ type: z.enum(["CNPJ", "CPF"]), value: z.string().trim().min(11).max(18) }),
  rntrc: z.string().regex(/^\d{8}$/, "RNTRC has 8 digits"),
  name: z.string().trim().min(2).max(60),
  // IE: digits (punctuation stripped) or ISENTO, as the carrier's.
  stateRegistration: z.string().transform(normalizeStateRegistration).pipe(z.string().max(14)).default("ISENTO"),
  state: StateCodeSchema,
  ownerType: z.enum(VEHICLE_OWNER_TYPES),
});
export type VehicleOwner = z.infer<typeof VehicleOwner>;

const vehicleFields = {
  // Normalized to A-Z0-9 by the domain, which answers 422 for an implausible plate.
  plate: z.string().trim().min(1).max(12),
  state: StateCodeSchema,
  rntc: optionalText(20),
  description: optionalText(120),
  isDefault: z.boolean().optional(),
  // What an MDF-e needs of the vehicle (issue 55; veicTracao of mdfeModalRodoviario_v3.00.xsd), used when a manifest names it by vehicleId.
  renavam: z.string().regex(/^\d{9,11}$/, "RENAVAM has 9 to 11 digits").nullish(),
  tareKg: Kg.nullish(),
  capacityKg: Kg.nullish(),
  capacityM3: z.number().int().min(0).max(999).nullish(),
  bodyType: z.enum(VEHICLE_BODY_TYPES).nullish(),
  wheelType: z.enum(VEHICLE_WHEEL_TYPES).nullish(),
  /** prop: when the vehicle is not the issuer's; a manifest naming the vehicle by vehicleId takes it unless it gives its own. null clears it. */
  owner: VehicleOwner.nullish(),
};
export const CreateVehicleInput = z.object(vehicleFields);
export type CreateVehicleInput = z.infer<typeof CreateVehicleInput>;
export const UpdateVehicleInput = z.object(vehicleFields).partial();
export type UpdateVehicleInput = z.infer<typeof UpdateVehicleInput>;

export const VehicleResponse = z.object({
  id: z.string(),
  carrierId: z.string(),
  plate: z.string(),
  state: z.string(),
  rntc: z.string().nullable(),
  description: z.string().nullable(),
  isDefault: z.boolean(),
  renavam: z.string().nullable(),
  tareKg: z.number().int().nullable(),
  capacityKg: z.number().int().nullable(),
  capacityM3: z.number().int().nullable(),
  bodyType: z.enum(VEHICLE_BODY_TYPES).nullable(),
  wheelType: z.enum(VEHICLE_WHEEL_TYPES).nullable(),
  owner: z
    .object({
      document: z.object({ type: z.enum(["CNPJ", "CPF"]), value: z.string() }),
      rntrc: z.string(),
      name: z.string(),
      stateRegistration: z.string(),
      state: z.string(),
      ownerType: z.enum(VEHICLE_OWNER_TYPES),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VehicleResponse = z.infer<typeof VehicleResponse>;

export const CarrierResponse = z.object({
  id: z.string(),
  name: z.string(),
  document: z.string(),
  documentType: z.enum(["CPF", "CNPJ"]),
  stateRegistration: z.string().nullable(),
  anttCode: z.string().nullable(),
  street: z.string().nullable(),
  number: z.string().nullable(),
  neighborhood: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  // The fleet, default vehicle first.
  vehicles: z.array(VehicleResponse),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CarrierResponse = z.infer<typeof CarrierResponse>;
