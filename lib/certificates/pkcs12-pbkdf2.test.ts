import forge from "node-forge";
import { describe, expect, it } from "vitest";

await import("./pkcs12-bags.mjs");
// Forge's JavaScript PBKDF2, kept by the patch (another test file may have loaded the module first).
const forgeJavaScript = (forge.pkcs5.pbkdf2 as typeof forge.pkcs5.pbkdf2 & { javascript: typeof forge.pkcs5.pbkdf2 }).javascript;

describe("PBKDF2 of PKCS#12 files (pkcs12-bags.mjs)", () => {
  it("derives with Node's native PBKDF2 the same bytes node-forge derives in JavaScript, for every PRF an A1 uses", () => {
    expect(typeof forgeJavaScript).toBe("function");
    expect(forge.pkcs5.pbkdf2).not.toBe(forgeJavaScript);
    const salt = String.fromCharCode(...Array.from({ length: 16 }, (_, i) => (i * 37 + 200) % 256));
    for (const digest of [() => forge.md.sha1.create(), () => forge.md.sha256.create(), () => forge.md.sha512.create()]) {
      for (const password of ["senha", "senha-çã", ""]) {
        expect(forge.pkcs5.pbkdf2(password, salt, 2048, 32, digest())).toBe(forgeJavaScript(password, salt, 2048, 32, digest()));
      }
    }
  });
});
