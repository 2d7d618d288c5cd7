import { buildNfe, signXml, validateXml } from "@/lib/fiscal/nfe";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { processCpuMs } from "./machine-cpu";
import { benchNfe } from "./xml-input";

// How fast this machine is, in the unit issue 37 named beside its aims: the CPU
// of bench:xml's loop (a 10-item NF-e built, signed and validated), 1.7 ms per
// document on the machine the aims were set on. Machines here have differed
// threefold (0.38 to 1.4 ms for the signature alone), so absolute figures such
// as CPU per document are only comparable next to this one. Since issue 53 the
// CPU aims are ratios to it, measured in the same run (./gauge-aims.ts).

export const AIMS_MACHINE_XML_MS = 1.7;

export function xmlMsPerDocument(documents = 200, warmup = 30): number {
  const credentials = testSigningCredentials();
  const one = (i: number) => validateXml(signXml(buildNfe(benchNfe(i + 1)).xml, credentials, { tag: "infNFe" }), "nfe/nfe_v4.00.xsd");
  for (let i = 0; i < warmup; i++) one(i);
  const cpu0 = processCpuMs(process.pid);
  for (let i = 0; i < documents; i++) one(warmup + i);
  return (processCpuMs(process.pid) - cpu0) / documents;
}
