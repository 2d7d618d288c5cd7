import { writeFileSync } from "node:fs";
import path from "node:path";
import { resetEnvCache } from "@/lib/config/env";
import { resetAuthorityTrustStore } from "../trust-store";

// The operator's AUTHORITY_EXTRA_CA_FILE in tests: a PEM bundle written to a
// directory of the test, and the variable set (or cleared) with the caches
// that read it reset.

/** A PEM bundle with a comment line first, as operators write them; returns its path. */
export function writeCaBundle(directory: string, name: string, ...pems: string[]): string {
  const file = path.join(directory, name);
  writeFileSync(file, `# test bundle\n${pems.join("\n")}`);
  return file;
}

export function useExtraCaFile(file: string | undefined): void {
  if (file) process.env.AUTHORITY_EXTRA_CA_FILE = file;
  else delete process.env.AUTHORITY_EXTRA_CA_FILE;
  resetEnvCache();
  resetAuthorityTrustStore();
}
