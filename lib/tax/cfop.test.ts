import { describe, expect, it } from "vitest";
import { cfopDestination, cfopForDestination } from "./cfop";

describe("cfopForDestination", () => {
  it("moves an exit CFOP to the destination's group, keeping its last three digits", () => {
    expect(cfopForDestination("5101", "INTERSTATE", true)).toBe("6101");
    expect(cfopForDestination("5102", "FOREIGN", false)).toBe("7102");
    expect(cfopForDestination("6102", "INTERNAL", true)).toBe("5102");
    expect(cfopForDestination("7101", "INTERSTATE", true)).toBe("6101");
    expect(cfopForDestination("5910", "INTERSTATE", false)).toBe("6910");
  });

  it("an interstate sale to a non-contributor takes 6107/6108", () => {
    expect(cfopForDestination("5101", "INTERSTATE", false)).toBe("6107");
    expect(cfopForDestination("5102", "INTERSTATE", false)).toBe("6108");
    expect(cfopForDestination("5102", "INTERSTATE", true)).toBe("6102");
  });

  it("moves entries within 1/2/3", () => {
    expect(cfopForDestination("1202", "INTERSTATE", false)).toBe("2202");
    expect(cfopForDestination("2202", "INTERNAL", true)).toBe("1202");
    expect(cfopForDestination("1102", "FOREIGN", true)).toBe("3102");
  });

  it("keeps a CFOP already of the destination's group", () => {
    expect(cfopForDestination("6108", "INTERSTATE", false)).toBe("6108");
    expect(cfopForDestination("5405", "INTERNAL", false)).toBe("5405");
    expect(cfopForDestination("6102", "INTERSTATE", false)).toBe("6102");
  });
});

describe("cfopDestination", () => {
  it("reads idDest from the first digit", () => {
    expect(["1202", "5102", "2202", "6108", "3101", "7101"].map(cfopDestination)).toEqual(["INTERNAL", "INTERNAL", "INTERSTATE", "INTERSTATE", "FOREIGN", "FOREIGN"]);
  });
});
