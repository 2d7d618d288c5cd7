import { env } from "@/lib/config/env";
import { usesSimulator } from "@/lib/authority/tax-authority";
import { db } from "@/lib/db/client";
import { registerMdfeOnNfe } from "@/lib/authority/simulator/fisco-events";
import { MdfeSimulator } from "./simulator";
import { PrismaMdfeSimulatorStore } from "./simulator-store";
import { SoapMdfeAuthority } from "./soap-mdfe-authority";
import type { MdfeAuthority, MdfeEnvironment } from "./types";

// PRODUCTION always talks to the SVRS; HOMOLOGATION to the built-in simulator unless
// AUTHORITY_MODE=sefaz (the same switch as the NF-e, lib/authority/tax-authority.ts).

let simulator: MdfeSimulator | null = null;

/** The process's MDF-e simulator (tests reach it to move its clock). */
export function mdfeSimulator(): MdfeSimulator {
  // The NF-e simulator shares the database: an MDF-e's fisco events land on the NF-e it carries.
  simulator ??= new MdfeSimulator(new PrismaMdfeSimulatorStore(), (notice, at) => registerMdfeOnNfe(db, notice, at));
  return simulator;
}

export function getMdfeAuthority(environment: MdfeEnvironment): MdfeAuthority {
  const timeoutMs = env().AUTHORITY_TIMEOUT_MS;
  if (usesSimulator(environment)) return new SoapMdfeAuthority({ timeoutMs, transport: mdfeSimulator().transport() });
  return new SoapMdfeAuthority({ timeoutMs });
}
