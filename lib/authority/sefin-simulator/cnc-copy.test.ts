import type pg from "pg";
import { describe, expect, it } from "vitest";
import { cncCopy, keepCncCopy } from "./cnc-copy";
import type { CncContributor } from "./cnc-register";

const contributor: CncContributor = {
  tradeName: "Loja", street: "Rua A", streetNumber: "1", complement: null, neighborhood: "Centro", municipalityCode: "3550308", state: "SP", zipCode: "01000000", phone: null, email: null,
};

describe("cncCopy", () => {
  it("answers the record (or its absence) for 10 s after the read, per database, then asks for a new read", () => {
    const pool = {} as pg.Pool;
    const other = {} as pg.Pool;
    expect(cncCopy(pool, "11222333000181", 1_000)).toBeUndefined();
    keepCncCopy(pool, "11222333000181", contributor, 1_000);
    keepCncCopy(pool, "99888777000100", null, 1_000);
    expect(cncCopy(pool, "11222333000181", 10_999)).toEqual(contributor);
    expect(cncCopy(pool, "99888777000100", 10_999)).toBeNull();
    expect(cncCopy(other, "11222333000181", 1_000)).toBeUndefined();
    expect(cncCopy(pool, "11222333000181", 11_000)).toBeUndefined();
  });
});
