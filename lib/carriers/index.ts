export { createCarrier, deleteCarrier, getCarrier, listCarriers, toCarrierResponse, toVehicleResponse, updateCarrier } from "./carrier-service";
export { createVehicle, deleteVehicle, listVehicles, updateVehicle } from "./vehicle-service";
export { findCompanyCarrier, type CarrierWithFleet } from "./lookup";
export { normalizePlate } from "./plate";
export { carrierContracts } from "./contracts";
export * from "./schemas";
