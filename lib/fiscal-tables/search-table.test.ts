import { describe, expect, it } from "vitest";
import { STATES } from "@/lib/br/states";
import { loadTable } from "./load-tables";
import { searchTable } from "./search-table";

describe("fiscal tables", () => {
  it("finds NCM leaves by code (with or without dots) and by words without accents", () => {
    expect(searchTable("ncm", { q: "9608.10.00" })[0]).toMatchObject({ code: "96081000", description: expect.stringMatching(/Canetas esferogr/) });
    const beer = searchTable("ncm", { q: "cervejas malte" });
    expect(beer.map((m) => m.code)).toContain("22030000");
    expect(searchTable("ncm", { q: "cafe torrado" }).map((m) => m.code)).toContain("09012100");
    expect(loadTable("ncm").every((e) => /^\d{8}$/.test(e.code))).toBe(true);
  });

  it("ranks whole words of the description first, accent- and plural-tolerant, and matches inside words last", () => {
    for (const q of ["pão", "pao", "pães", "PÃES"]) {
      const codes = searchTable("ncm", { q }).map((m) => m.code);
      // Bread (1905.10.00 and 1905.90.10 "Pão de forma") before fish whose description holds "agulhão-do-japão".
      expect(codes.indexOf("19059010"), q).toBeLessThan(3);
      expect(codes.indexOf("19051000"), q).toBeLessThan(3);
      const fish = codes.indexOf("03055400");
      if (fish >= 0) expect(fish, q).toBeGreaterThan(codes.indexOf("08031000"));
    }
    // "parafusos" finds screws by the plural and the singular alike.
    expect(searchTable("ncm", { q: "parafuso" }).slice(0, 3).map((m) => m.code)).toEqual(searchTable("ncm", { q: "parafusos" }).slice(0, 3).map((m) => m.code));
    // Equal matches keep the table's order: "substituição" lists CSOSN 201 before 500.
    expect(searchTable("icms-csosn", { q: "substituição" }).map((m) => m.code)).toEqual(["201", "202", "203", "500"]);
    // A word only inside another word ("êmbolos" for "bolos") comes after every whole-word match.
    const bolos = searchTable("ncm", { q: "bolos", limit: 100 });
    const inside = bolos.findIndex((m) => /[eê]mbolos/i.test(m.description));
    if (inside >= 0) expect(bolos.slice(0, inside).every((m) => !/[eê]mbolos/i.test(m.description))).toBe(true);
  });

  it("filters CFOP by operation and leaves out group headings and entries", () => {
    const internal = searchTable("cfop", { operation: "INTERNAL", limit: 100 });
    expect(internal.every((m) => m.code.startsWith("5"))).toBe(true);
    expect(internal.map((m) => m.code)).not.toContain("5100");
    expect(searchTable("cfop", { q: "5102" })[0]).toMatchObject({ code: "5102", description: expect.stringMatching(/^Venda de mercadoria adquirida/) });
    expect(searchTable("cfop", { q: "venda", operation: "INTERSTATE" }).every((m) => m.code.startsWith("6"))).toBe(true);
    expect(searchTable("cfop", { q: "5102", operation: "EXPORT" })).toEqual([]);
    expect(searchTable("cfop", { operation: "EXPORT", limit: 100 }).every((m) => m.code.startsWith("7"))).toBe(true);
  });

  it("filters CEST by the chosen NCM's prefixes", () => {
    const forBeer = searchTable("cest", { ncm: "22030000", limit: 100 }).map((m) => m.code);
    expect(forBeer).toContain("0302100");
    // Autopeças (segment 01) never covers a beer; every match names a prefix of 2203.00.00.
    expect(forBeer.some((code) => code.startsWith("01"))).toBe(false);
    const prefixes = new Map(loadTable("cest").map((e) => [e.code, e.filters?.ncmPrefixes as string[]]));
    expect(forBeer.every((code) => prefixes.get(code)!.some((p) => "22030000".startsWith(p)))).toBe(true);
    expect(searchTable("cest", { ncm: "96081000", limit: 100 }).map((m) => m.code)).not.toContain("0302100");
  });

  it("lists CSOSN, CST, origins, modalities, PIS/COFINS/IPI, NFS-e services and IBS/CBS codes with descriptions", () => {
    expect(searchTable("icms-csosn", { q: "102" })[0]).toMatchObject({ code: "102" });
    expect(searchTable("icms-cst").map((m) => m.code)).toContain("00");
    expect(searchTable("icms-origin")).toHaveLength(9);
    expect(searchTable("icms-mod-bc-st").length).toBeGreaterThan(5);
    expect(searchTable("pis-cofins-cst", { q: "01" })[0]!.description).toMatch(/Al[ií]quota B[aá]sica/i);
    expect(searchTable("ipi-cst").length).toBe(14);
    expect(searchTable("nfse-service", { q: "010101" })[0]).toMatchObject({ code: "010101", description: "Análise e desenvolvimento de sistemas." });
    expect(searchTable("ibscbs-cst", { q: "000" })[0]).toMatchObject({ code: "000", description: "Tributação integral" });
    // The sheet's legend, kept as rows of CST 000 in the 2026-06-22 copy, is not offered.
    expect(searchTable("ibscbs-cst", { q: "000", limit: 100 }).map((entry) => entry.description)).toEqual(["Tributação integral"]);
    const classTrib = searchTable("cclasstrib", { cst: "200", limit: 100 });
    expect(classTrib.length).toBeGreaterThan(5);
    expect(classTrib.every((m) => m.detail?.startsWith("CST 200"))).toBe(true);
  });

  it("lists the 918 valid NBS 2.0 codes, searchable by code (with or without dots) and by words, groups as context", () => {
    const nbs = loadTable("nbs");
    expect(nbs).toHaveLength(918);
    expect(nbs.every((e) => /^\d{9}$/.test(e.code))).toBe(true);
    expect(searchTable("nbs", { q: "1.1502.20.00" })[0]).toMatchObject({
      code: "115022000",
      description: "Serviços de projeto e desenvolvimento, adaptação e instalação de aplicativos personalizados (customizados)",
      detail: "1.1502.20.00 · Serviços de projeto e desenvolvimento de aplicativos e programas em tecnologia da informação (TI)",
    });
    expect(searchTable("nbs", { q: "11502", limit: 100 }).every((m) => m.code.startsWith("11502"))).toBe(true);
    expect(searchTable("nbs", { q: "integracao sistemas" }).map((m) => m.code)).toContain("115025000");
    // Words of the enclosing group find its codes too.
    expect(searchTable("nbs", { q: "construcao edificacoes residenciais" }).map((m) => m.code)).toEqual(expect.arrayContaining(["101011100", "101011200"]));
  });

  it("lists every IBGE municipality under its state, searchable by name and filtered by UF", () => {
    const all = loadTable("municipality");
    // IBGE's territorial division: 5,569 municipalities, Brasília (DF) and the state district of Fernando de Noronha, since 2025 with Boa Esperança do Norte (MT).
    expect(all).toHaveLength(5571);
    const cUF = new Map(STATES.map((s) => [s.uf, s.cUF]));
    expect(all.filter((m) => !/^\d{7}$/.test(m.code) || cUF.get(m.detail ?? "") !== m.code.slice(0, 2))).toEqual([]);
    expect(searchTable("municipality", { q: "sao paulo", uf: "SP" })[0]).toMatchObject({ code: "3550308", description: "São Paulo", detail: "SP" });
    expect(searchTable("municipality", { q: "boa esperanca do norte" }).map((m) => m.code)).toEqual(["5101837"]);
    const parana = searchTable("municipality", { uf: "PR", limit: 100 });
    expect(parana).toHaveLength(100);
    expect(parana.every((m) => m.detail === "PR")).toBe(true);
    expect(searchTable("municipality", { q: "3304557" })[0]).toMatchObject({ description: "Rio de Janeiro" });
  });
});
