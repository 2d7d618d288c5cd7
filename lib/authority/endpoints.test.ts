import { describe, expect, it } from "vitest";
import { authorizerFor, contingencyFor, resolveEndpoint, servicePaths } from "./endpoints";

describe("resolveEndpoint (tables from lib/fiscal/reference/data/sefaz)", () => {
  it("SP has its own authorizer for NF-e and NFC-e", () => {
    const nfe = resolveEndpoint({ uf: "SP", environment: "HOMOLOGATION", model: 55, service: "NFeAutorizacao4" });
    expect(nfe).toEqual({
      url: "https://homologacao.nfe.fazenda.sp.gov.br/ws/nfeautorizacao4.asmx",
      authorizer: "SP",
      operation: "NFeAutorizacao4",
      method: "nfeAutorizacaoLote",
      version: "4.00",
      namespace: "http://www.portalfiscal.inf.br/nfe/wsdl/NFeAutorizacao4",
      action: "http://www.portalfiscal.inf.br/nfe/wsdl/NFeAutorizacao4/nfeAutorizacaoLote",
    });
    expect(resolveEndpoint({ uf: "SP", environment: "PRODUCTION", model: 65, service: "NFeConsultaProtocolo4" }).url).toBe(
      "https://nfce.fazenda.sp.gov.br/ws/NFeConsultaProtocolo4.asmx",
    );
  });

  it("SC and AC are served by SVRS; BA by itself for NF-e but by SVRS for NFC-e", () => {
    expect(resolveEndpoint({ uf: "SC", environment: "PRODUCTION", model: 55, service: "NFeStatusServico4" })).toMatchObject({
      authorizer: "SVRS",
      url: "https://nfe.svrs.rs.gov.br/ws/NfeStatusServico/NfeStatusServico4.asmx",
    });
    expect(resolveEndpoint({ uf: "AC", environment: "HOMOLOGATION", model: 65, service: "NFeAutorizacao4" })).toMatchObject({
      authorizer: "SVRS",
      url: "https://nfce-homologacao.svrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx",
    });
    expect(resolveEndpoint({ uf: "BA", environment: "PRODUCTION", model: 55, service: "NFeAutorizacao4" }).authorizer).toBe("BA");
    expect(resolveEndpoint({ uf: "BA", environment: "PRODUCTION", model: 65, service: "NFeAutorizacao4" }).authorizer).toBe("SVRS");
  });

  it("MA's NF-e goes to SVAN; events use version 1.00", () => {
    expect(resolveEndpoint({ uf: "MA", environment: "PRODUCTION", model: 55, service: "NFeRecepcaoEvento4" })).toMatchObject({
      authorizer: "SVAN",
      url: "https://www.sefazvirtual.fazenda.gov.br/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx",
      version: "1.00",
      action: "http://www.portalfiscal.inf.br/nfe/wsdl/NFeRecepcaoEvento4/nfeRecepcaoEvento",
    });
  });

  it("contingency goes to SVC-AN or SVC-RS; NFC-e has none", () => {
    expect(contingencyFor("SP")).toBe("SVC-AN");
    expect(contingencyFor("BA")).toBe("SVC-RS");
    expect(resolveEndpoint({ uf: "SP", environment: "HOMOLOGATION", model: 55, service: "NFeAutorizacao4", contingency: "SVC-AN" })).toMatchObject({
      authorizer: "SVCAN",
      url: "https://hom.sefazvirtual.fazenda.gov.br/NFeAutorizacao4/NFeAutorizacao4.asmx",
    });
    expect(resolveEndpoint({ uf: "BA", environment: "PRODUCTION", model: 55, service: "NFeAutorizacao4", contingency: "SVC-RS" }).authorizer).toBe("SVCRS");
    expect(() => authorizerFor("SP", 65, "SVC-AN")).toThrow(/no SEFAZ Virtual de Contingência/);
  });

  it("delivery-receipt events can be addressed to the national environment", () => {
    expect(resolveEndpoint({ uf: "RS", environment: "HOMOLOGATION", model: 55, service: "NFeRecepcaoEvento4", authorizer: "AN" }).url).toBe(
      "https://hom1.nfe.fazenda.gov.br/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx",
    );
  });

  it("every state resolves every service in both environments and models, and each path names one service", () => {
    const paths = servicePaths();
    const states = ["AC", "AL", "AM", "AP", "BA", "CE", "DF", "ES", "GO", "MA", "MG", "MS", "MT", "PA", "PB", "PE", "PI", "PR", "RJ", "RN", "RO", "RR", "RS", "SC", "SE", "SP", "TO"];
    for (const uf of states) {
      for (const model of [55, 65] as const) {
        for (const environment of ["HOMOLOGATION", "PRODUCTION"] as const) {
          for (const service of ["NFeAutorizacao4", "NFeRetAutorizacao4", "NFeConsultaProtocolo4", "NFeStatusServico4", "NFeRecepcaoEvento4", "NFeInutilizacao4"] as const) {
            const endpoint = resolveEndpoint({ uf, environment, model, service });
            expect(endpoint.url).toMatch(/^https:\/\//);
            expect(paths.get(new URL(endpoint.url).pathname.toLowerCase())).toBe(service);
          }
        }
      }
    }
  });

  it("an unknown state is an error, not a guess", () => {
    expect(() => resolveEndpoint({ uf: "XX", environment: "PRODUCTION", model: 55, service: "NFeAutorizacao4" })).toThrow(/No authorizer/);
  });
});
