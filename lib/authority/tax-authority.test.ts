import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/config/env";
import { resolveEndpoint } from "./endpoints";
import { SoapTaxAuthority } from "./soap-tax-authority";
import { getTaxAuthority } from "./tax-authority";

const saved = { ...process.env };
afterEach(() => {
  for (const name of ["AUTHORITY_MODE", "SIMULATOR_URL", "SIMULATOR_PORT"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetEnvCache();
});

function urlCalled(environment: "PRODUCTION" | "HOMOLOGATION"): string {
  const authority = getTaxAuthority(environment);
  expect(authority).toBeInstanceOf(SoapTaxAuthority);
  return (authority as SoapTaxAuthority).urlFor(resolveEndpoint({ uf: "SP", environment, model: 55, service: "NFeAutorizacao4" }));
}

describe("getTaxAuthority", () => {
  it("homologation goes to the simulator at SIMULATOR_PORT on loopback by default, with the table's path", () => {
    process.env.AUTHORITY_MODE = "simulator";
    delete process.env.SIMULATOR_URL;
    process.env.SIMULATOR_PORT = "3999";
    resetEnvCache();
    expect(urlCalled("HOMOLOGATION")).toBe("http://127.0.0.1:3999/ws/nfeautorizacao4.asmx");
  });

  it("SIMULATOR_URL points homologation elsewhere", () => {
    process.env.AUTHORITY_MODE = "simulator";
    process.env.SIMULATOR_URL = "http://localhost:4100";
    resetEnvCache();
    expect(urlCalled("HOMOLOGATION")).toBe("http://localhost:4100/ws/nfeautorizacao4.asmx");
  });

  it("production always goes to SEFAZ, even in simulator mode", () => {
    process.env.AUTHORITY_MODE = "simulator";
    resetEnvCache();
    expect(urlCalled("PRODUCTION")).toBe("https://nfe.fazenda.sp.gov.br/ws/nfeautorizacao4.asmx");
  });

  it("AUTHORITY_MODE=sefaz sends homologation to the real homologation endpoints", () => {
    process.env.AUTHORITY_MODE = "sefaz";
    resetEnvCache();
    expect(urlCalled("HOMOLOGATION")).toBe("https://homologacao.nfe.fazenda.sp.gov.br/ws/nfeautorizacao4.asmx");
  });
});
