import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SHARED_DIR } from "@/test/shared-dir";
import {
  NFE_CORE_SCHEMA_FILES,
  PL_010F_V1_04,
  VENDORED_NFE_SCHEMA_PACKAGE,
  coreSchemaHashes,
  identifyNfeSchemaPackage,
} from "./nfe-schema-packages";
import { referencePath } from "./reference-path";

const VENDORED = referencePath("schemas", "nfe");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "nfe-pkg-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function copyCore(to: string): void {
  fs.mkdirSync(to, { recursive: true });
  for (const f of NFE_CORE_SCHEMA_FILES) fs.copyFileSync(path.join(VENDORED, f), path.join(to, f));
}

describe("identifyNfeSchemaPackage", () => {
  it("tells the package the validator loads by the sha256 of its five core files", () => {
    expect(identifyNfeSchemaPackage(VENDORED)).toBe(VENDORED_NFE_SCHEMA_PACKAGE);
  });

  it("finds the same package in shared/fiscal, the copy the vendored one came from", () => {
    expect(identifyNfeSchemaPackage(path.join(SHARED_DIR, "fiscal/schemas/nfe/PL_010_V1.30"))).toBe(VENDORED_NFE_SCHEMA_PACKAGE);
  });

  it("is not PL_010f v1.04: the package in force since 31/08/2026 is not vendored (tax-reform.md)", () => {
    const hashes = coreSchemaHashes(VENDORED);
    for (const f of NFE_CORE_SCHEMA_FILES) expect(hashes[f], f).not.toBe(PL_010F_V1_04.coreSha256[f]);
  });

  it("refuses a copy with one byte changed or a file missing", () => {
    const changed = path.join(tmp, "changed");
    copyCore(changed);
    const file = path.join(changed, "tiposBasico_v4.00.xsd");
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("[0-9A-Z]{12}[0-9]{2}", "[0-9]{14}"));
    expect(identifyNfeSchemaPackage(changed)).toBeNull();

    const partial = path.join(tmp, "partial");
    copyCore(partial);
    fs.rmSync(path.join(partial, "DFeTiposBasicos_v1.00.xsd"));
    expect(coreSchemaHashes(partial)["DFeTiposBasicos_v1.00.xsd"]).toBeNull();
    expect(identifyNfeSchemaPackage(partial)).toBeNull();
  });
});
