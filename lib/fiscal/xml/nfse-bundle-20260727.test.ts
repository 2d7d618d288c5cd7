import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { referencePath } from "./reference-path";

// Eight files of the national NFS-e bundle esquemas-nfse-rtc-v1-01-20260727 are vendored byte for byte:
// their SHA-256 are the ones published for the bundle (schemas/nfse/v1.01/BUNDLE-20260727.md).
const BUNDLE_20260727: Record<string, string> = {
  "CNC_v1.00.xsd": "26961f705970ccb1dede1b6bb0ab544ca1d089137c22e93371d789c1e15ef0c4",
  "DPS_v1.01.xsd": "c7dab363d8cf7c83fc2b3b21e72cf669a51bd30947a5690685ea96c4b3e39dcd",
  "NFSe_v1.01.xsd": "1dd8f543060a4ba6f355693f1fa5d79a269acae7c3dfe42d621f62911cfebac0",
  "evento_v1.01.xsd": "dd14062174d439a67a11266d82e822cb9021db1595a41bd876a16560a38f6aec",
  "pedRegEvento_v1.01.xsd": "186c83f33752a195845300af61ffbe7136547f84cab032b35238c78f9d78f7c6",
  "tiposCnc_v1.00.xsd": "c1cc33f1007251075b1fff7766bf881bba6a8ad7f1f36d149e54ae98090c77f8",
  "tiposComplexos_v1.01.xsd": "6f792f408a33c11e799042a8d61cac7d1c9f5992c53e07e60ce75a15f157d1ac",
  "tiposEventos_v1.01.xsd": "6c9ae744b1cb886607c1138c32eeb76cd410b856ce7301197b95d48d63f7b40b",
};

describe("NFS-e schemas of the 20260727 bundle", () => {
  it.each(Object.entries(BUNDLE_20260727))("%s is the bundle's file byte for byte", (file, sha256) => {
    expect(createHash("sha256").update(readFileSync(referencePath(`schemas/nfse/v1.01/${file}`))).digest("hex")).toBe(sha256);
  });
});
