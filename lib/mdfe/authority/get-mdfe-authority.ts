import { env } from "@/lib/config/env";
import { usesSimulator } from "@/lib/authority/tax-authority";
import { MdfeSimulator } from "./simulator";
import { PrismaMdfeSimulatorStore } from "./simulator-store";
import { SoapMdfeAuthority } from "./soap-mdfe-authority";
import type { MdfeAuthority, MdfeEnvironment } from "./types";

// PRODUCTION always talks to the SVRS; HOMOLOGATION to the built-in simulator unless
// AUTHORITY_MODE=sefaz (the same switch as the NF-e, lib/authority/tax-authority.ts).

let simulator: MdfeSimulator | null = null;

/** The process's MDF-e simulator (tests reach it to move its clock). */
export function mdfeSimulator(): MdfeSimulator {
  simulator ??= new MdfeSimulator(new PrismaMdfeSimulatorStore());
  return simulator;
}

export function getMdfeAuthority(environment: MdfeEnvironment): MdfeAuthority {
  const timeoutMs = env().AUTHORITY_TIMEOUT_MS;
  if (usesSimulator(environment)) return new SoapMdfeAuthority({ timeoutMs, transport: mdfeSimulator().transport() });
  return new SoapMdfeAuthority({ timeoutMs });
}
