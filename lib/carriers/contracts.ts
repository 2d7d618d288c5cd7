import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";
import { pageSchema } from "@/lib/contracts/pagination";
import {
  CarrierIdParams, CarrierResponse, CreateCarrierInput, CreateVehicleInput, ListCarriersQuery, UpdateCarrierInput,
  UpdateVehicleInput, VehicleIdParams, VehicleResponse,
} from "./schemas";

const tag = "Carriers";

export const createCarrierContract = defineContract({
  method: "POST", path: "/v1/carriers", summary: "Create a carrier", tag, scope: "carriers:write",
  body: CreateCarrierInput, response: CarrierResponse, successStatus: 201, errorStatuses: [422],
});
export const listCarriersContract = defineContract({
  method: "GET", path: "/v1/carriers", summary: "List carriers with their fleets (search over name, document, ANTT code)", tag, scope: "carriers:read",
  query: ListCarriersQuery, response: pageSchema(CarrierResponse),
});
export const getCarrierContract = defineContract({
  method: "GET", path: "/v1/carriers/{id}", summary: "Carrier detail with its fleet", tag, scope: "carriers:read",
  params: CarrierIdParams, response: CarrierResponse, errorStatuses: [404],
});
export const updateCarrierContract = defineContract({
  method: "PATCH", path: "/v1/carriers/{id}", summary: "Update the fields sent", tag, scope: "carriers:write",
  params: CarrierIdParams, body: UpdateCarrierInput, response: CarrierResponse, errorStatuses: [404, 422],
});
export const deleteCarrierContract = defineContract({
  method: "DELETE", path: "/v1/carriers/{id}", summary: "Remove a carrier and its fleet (issued documents keep their snapshot)", tag, scope: "carriers:write",
  params: CarrierIdParams, successStatus: 204, errorStatuses: [404],
});
export const listVehiclesContract = defineContract({
  method: "GET", path: "/v1/carriers/{id}/vehicles", summary: "The fleet, default vehicle first", tag, scope: "carriers:read",
  params: CarrierIdParams, response: z.array(VehicleResponse), errorStatuses: [404],
});
export const createVehicleContract = defineContract({
  method: "POST", path: "/v1/carriers/{id}/vehicles", summary: "Add a vehicle; the first one becomes the default", tag, scope: "carriers:write",
  params: CarrierIdParams, body: CreateVehicleInput, response: VehicleResponse, successStatus: 201, errorStatuses: [404, 422],
});
export const updateVehicleContract = defineContract({
  method: "PATCH", path: "/v1/carriers/{id}/vehicles/{vehicleId}", summary: "Update a vehicle; isDefault true demotes the previous default", tag, scope: "carriers:write",
  params: VehicleIdParams, body: UpdateVehicleInput, response: VehicleResponse, errorStatuses: [404, 422],
});
export const deleteVehicleContract = defineContract({
  method: "DELETE", path: "/v1/carriers/{id}/vehicles/{vehicleId}", summary: "Remove a vehicle; removing the default promotes another", tag, scope: "carriers:write",
  params: VehicleIdParams, successStatus: 204, errorStatuses: [404],
});

export const carrierContracts = [
  createCarrierContract, listCarriersContract, getCarrierContract, updateCarrierContract, deleteCarrierContract,
  listVehiclesContract, createVehicleContract, updateVehicleContract, deleteVehicleContract,
];
