import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// Which NF-e/NFC-e schema package (Pacote de Liberação) a folder holds, told by the sha256
// of its five core files. The validator loads lib/fiscal/reference/schemas/nfe; a newer
// official package can replace it only byte for byte, so its hashes are written here
// before its files are at hand (docs/api-notes/tax-reform.md, "Schema packages").

export const NFE_CORE_SCHEMA_FILES = [
  "nfe_v4.00.xsd",
  "leiauteNFe_v4.00.xsd",
  "tiposBasico_v4.00.xsd",
  "DFeTiposBasicos_v1.00.xsd",
  "xmldsig-core-schema_v1.01.xsd",
] as const;

export type NfeCoreSchemaFile = (typeof NFE_CORE_SCHEMA_FILES)[number];

export type NfeSchemaPackage = {
  /** The package as the NF-e portal names it, plus how our copy differs when it does. */
  name: string;
  /** Publication date on the NF-e portal (YYYY-MM-DD); null for a copy that is no single publication. */
  published: string | null;
  /** The technical notes the package implements, as its portal label lists them. */
  notes: readonly string[];
  /** Where the hashes (and, for a vendored package, the files) come from. */
  source: string;
  coreSha256: Readonly<Record<NfeCoreSchemaFile, string>>;
};

/**
 * The package vendored in lib/fiscal/reference/schemas/nfe: nfephp-org/sped-nfe
 * schemes/PL_010_V1.30 at commit 3b44ec9f1cf2 (23/06/2026; the folder last changed in
 * d9f6bae, 15/06/2026), i.e. the official PL_010b v1.30 plus the PL_010C changes and the
 * alphanumeric-CNPJ patterns (shared/fiscal/README.md; the element-level difference is
 * listed in docs/api-notes/tax-reform.md).
 */
export const VENDORED_NFE_SCHEMA_PACKAGE: NfeSchemaPackage = {
  name: "PL_010b v1.30 + PL_010C + CNPJ alfanumérico (sped-nfe copy)",
  published: null,
  notes: ["NT 2025.002-RTC v1.30", "NT 2022.002 v1.30 (PL_010C)", "NT 2026.004 (patterns only)"],
  source: "nfephp-org/sped-nfe schemes/PL_010_V1.30, commit 3b44ec9f1cf2e6fd2a7f7e8877f9ebd5890b71ed",
  coreSha256: {
    "nfe_v4.00.xsd": "920fd7c04a35b49d0b7f56792e650e63cef76cf1b23f10995b1bbec1f0202774",
    "leiauteNFe_v4.00.xsd": "a919de14e4285f6d97b5e122960ed85ac444709b01df645509b8b720d6260ff2",
    "tiposBasico_v4.00.xsd": "9f135cab6c724bc07c2d742eeb980c0f954e46598014ce543a9b360ee9782f0d",
    "DFeTiposBasicos_v1.00.xsd": "c1c1f700de03da50c82f3fbf23db7e98929b5d1ee1bdedb4d546e33efa498ee6",
    "xmldsig-core-schema_v1.01.xsd": "78f924e7c9cbeb1e4be900b3b1e7faf2d901972635842980fd43dabb533c512b",
  },
};

/**
 * The newest official package public material names (not vendored: its files were not
 * reachable here). Hashes of the five files as compared byte for byte with the portal's
 * zip by icaroraci/tooldoce docs/manual/schema-manifest.json (commit 089cf31e, review of
 * 05/10/2026); the zip itself: sha256 b8589490…d4b95998.
 */
export const PL_010F_V1_04: NfeSchemaPackage = {
  name: "PL_010f v1.04",
  published: "2026-08-31",
  notes: ["NT 2025.002-RTC v1.50", "NT 2026.007 v1.00"],
  source: "icaroraci/tooldoce docs/manual/schema-manifest.json, commit 089cf31e96f0608cf84e67f86b891614fe64789c",
  coreSha256: {
    "nfe_v4.00.xsd": "144e0535982003a35c2c6ea38852f0e17be88dc5c728d2103dae66814665388a",
    "leiauteNFe_v4.00.xsd": "9613c4e67f6b37cb2e725671af70bfe48c4bcde55ce94445ed4f97b97a099e46",
    "tiposBasico_v4.00.xsd": "02b9e2f8235cc560004252d579429b2d42153746406f5875421233301fbb530f",
    "DFeTiposBasicos_v1.00.xsd": "670b35e1291c659d40e1245935004cee3633ad1f1c5182c8c1be204ebad5adc0",
    "xmldsig-core-schema_v1.01.xsd": "6a93f9101093f744b32f0281447f41e3d57586e4ba05d27b693ee5d39ac8b45b",
  },
};

export const KNOWN_NFE_SCHEMA_PACKAGES: readonly NfeSchemaPackage[] = [VENDORED_NFE_SCHEMA_PACKAGE, PL_010F_V1_04];

/** sha256 (hex) of each core file in a folder; null for a file that is missing. */
export function coreSchemaHashes(folder: string): Record<NfeCoreSchemaFile, string | null> {
  const hashes = {} as Record<NfeCoreSchemaFile, string | null>;
  for (const file of NFE_CORE_SCHEMA_FILES) {
    const full = path.join(folder, file);
    hashes[file] = fs.existsSync(full) ? createHash("sha256").update(fs.readFileSync(full)).digest("hex") : null;
  }
  return hashes;
}

/** The known package whose five core files a folder holds unchanged, or null. */
export function identifyNfeSchemaPackage(folder: string): NfeSchemaPackage | null {
  const hashes = coreSchemaHashes(folder);
  return KNOWN_NFE_SCHEMA_PACKAGES.find((pkg) => NFE_CORE_SCHEMA_FILES.every((f) => hashes[f] === pkg.coreSha256[f])) ?? null;
}
