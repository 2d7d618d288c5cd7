// The built-in authority simulator: start it, inject faults.
export { startSimulatorServer, type SimulatorOptions, type SimulatorServer } from "./server";
export { FaultRegistry, type FaultAction, type FaultMatch, type FaultRule } from "./faults";
export { CANCELLATION_DEADLINE_MS, CORRECTION_DEADLINE_MS, CORRECTION_MAX_SEQUENCE } from "./event-rules";
