import { describe, expect, it } from "vitest";
import { STATE_CODES } from "@/lib/br";
import { checkXmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { consCad } from "./request-messages";
import { parseXml, readSoapAnswer, child } from "./soap-response";
import { registryOutcome } from "./taxpayer-registry-answer";
import { NoRegistryServiceError, resolveRegistryEndpoint, TAXPAYER_REGISTRY_SERVICES } from "./taxpayer-registry-endpoints";
import { recordedAnswer, setUpReplayClient } from "./test-support/replay-server";
import type { ClientCertificate } from "./types";

// The per-state table of CadConsultaCadastro4, the ConsCad request against its official schema,
// and answers recorded from SEFAZ-SP and the SVRS (test/fixtures/authority-answers, README)
// replayed through the real SOAP client.

const certificate: ClientCertificate = { privateKeyPem: "", certificatePem: "" };
const loopback = setUpReplayClient();

describe("taxpayer registry endpoints", () => {
  it("places every state, each with a source and a date", () => {
    expect(Object.keys(TAXPAYER_REGISTRY_SERVICES).sort()).toEqual([...STATE_CODES].sort());
    for (const entry of Object.values(TAXPAYER_REGISTRY_SERVICES)) {
      expect(entry.source.length).toBeGreaterThan(20);
      expect(entry.since).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("resolves a state's own service from the wsnfe table, with its method in the SOAP action", () => {
    const sp = resolveRegistryEndpoint("SP", "PRODUCTION");
    expect(sp).toMatchObject({ url: "https://nfe.fazenda.sp.gov.br/ws/cadconsultacadastro4.asmx", authorizer: "SP", version: "2.00", namespace: "http://www.portalfiscal.inf.br/nfe/wsdl/CadConsultaCadastro4" });
    expect(sp.action).toBe("http://www.portalfiscal.inf.br/nfe/wsdl/CadConsultaCadastro4/consultaCadastro");
    expect(resolveRegistryEndpoint("MG", "HOMOLOGATION").url).toBe("https://hnfe.fazenda.mg.gov.br/nfe2/services/CadConsultaCadastro4");
    expect(resolveRegistryEndpoint("PR", "PRODUCTION").action).toMatch(/\/consultaCadastro4$/);
  });

  it("sends AC, ES, PB, RN and SC to the SVRS, in each environment", () => {
    for (const uf of ["AC", "ES", "PB", "RN", "SC"]) {
      expect(resolveRegistryEndpoint(uf, "PRODUCTION")).toMatchObject({ authorizer: "SVRS", url: "https://cad.svrs.rs.gov.br/ws/cadconsultacadastro/cadconsultacadastro4.asmx" });
      expect(resolveRegistryEndpoint(uf, "HOMOLOGATION").url).toBe("https://cad-homologacao.svrs.rs.gov.br/ws/cadconsultacadastro/cadconsultacadastro4.asmx");
    }
  });

  it("refuses states without the service with a clear error (SVRS is not their registry)", () => {
    for (const uf of ["AL", "AM", "DF", "MA", "RJ", "SE", "TO", "CE"]) {
      expect(() => resolveRegistryEndpoint(uf, "PRODUCTION")).toThrow(NoRegistryServiceError);
    }
    expect(() => resolveRegistryEndpoint("RJ", "PRODUCTION")).toThrow(/State RJ offers no taxpayer registry lookup/);
    expect(() => resolveRegistryEndpoint("XX", "PRODUCTION")).toThrow(/unknown state/);
  });
});

describe("ConsCad request", () => {
  it("is valid against consCad_v2.00.xsd for a CNPJ (numeric and alphanumeric), a CPF and an IE", () => {
    for (const query of [{ uf: "SP", cnpj: "02198926000169" }, { uf: "SP", cnpj: "12ABC34501DE35" }, { uf: "RS", cpf: "60140174028" }, { uf: "RS", ie: "1234567" }]) {
      expect(checkXmlSchema(consCad(query), "nfe/consCad_v2.00.xsd"), JSON.stringify(query)).toEqual({ valid: true });
    }
    expect(consCad({ uf: "SP", cnpj: "02198926000169" })).toBe(
      '<ConsCad xmlns="http://www.portalfiscal.inf.br/nfe" versao="2.00"><infCons><xServ>CONS-CAD</xServ><UF>SP</UF><CNPJ>02198926000169</CNPJ></infCons></ConsCad>',
    );
  });
});

describe("recorded retConsCad answers", () => {
  it("SEFAZ-SP 111 (2015, consultaCadastro2Result with a SOAP Header) is read into our names, sent to SP's table path", async () => {
    loopback.replay.answer("CadConsultaCadastro4", recordedAnswer("sp-cadastro-111-consultaCadastro2Result.xml"));
    const result = await loopback.client.consultRegistry("PRODUCTION", { uf: "SP", cnpj: "02198926000169" }, certificate);
    expect(loopback.replay.requests.at(-1)?.url).toBe("/ws/cadconsultacadastro4.asmx");
    expect(loopback.replay.requests.at(-1)?.contentType).toContain('action="http://www.portalfiscal.inf.br/nfe/wsdl/CadConsultaCadastro4/consultaCadastro"');
    expect(result).toMatchObject({ kind: "answered", cStat: "111", consultedAt: "2015-06-17T14:54:23-03:00" });
    if (result.kind !== "answered") return;
    expect(result.entries).toEqual([
      {
        stateRegistration: "606081249112",
        cnpj: "02198926000169",
        cpf: null,
        state: "SP",
        situation: "ACTIVE",
        nfeCredential: "1",
        name: "C. R. TUNUSSI & CIA. LTDA",
        tradeName: null,
        taxRegime: "NORMAL - REGIME PERIÓDICO DE APURAÇÃO",
        cnae: "2825900",
        activityStartDate: "1997-11-17",
        situationDate: "1997-11-17",
        closedDate: null,
        address: { street: "RUA JOSE NICOLAU LUX", number: "432", complement: null, neighborhood: "CONJUNTO HABITACIONAL FRANCISCO DE CILLO (INOCOOP)", municipalityCode: "3545803", city: "SANTA BARBARA DOESTE", zipCode: "13457162" },
      },
    ]);
    // The authority's message itself is valid against the official answer schema.
    expect(checkXmlSchema(result.responseXml, "nfe/retConsCad_v2.00.xsd")).toEqual({ valid: true });
  });

  it("SEFAZ-SP 111 (2017, indented) through the SVRS-style path for SC is read the same way", async () => {
    loopback.replay.answer("CadConsultaCadastro4", recordedAnswer("sp-cadastro-111-soap12-indented.xml"));
    const result = await loopback.client.consultRegistry("HOMOLOGATION", { uf: "SC", cnpj: "00822602000111" }, certificate);
    expect(loopback.replay.requests.at(-1)?.url).toBe("/ws/cadconsultacadastro/cadconsultacadastro4.asmx");
    expect(result).toMatchObject({ kind: "answered", entries: [{ stateRegistration: "888889114119", situation: "ACTIVE", cnae: "4651601", address: { city: "SAO CAETANO DO SUL" } }] });
  });

  it("the SVRS's 265 for a state it does not serve (AL, 2018) is a refusal with its reason, trailing-space version and all", () => {
    const xml = recordedAnswer("svrs-cadastro-265-al-bare.xml");
    const result = registryOutcome(child(parseXml(xml), "retConsCad")!, xml);
    expect(result).toMatchObject({ kind: "refused", cStat: "265", reason: "Rejeicao: Sigla da UF da consulta difere da UF do Web Service" });
  });

  it("259 is 'not registered', 656 and 108 are communication failures, several infCad are all kept", () => {
    const wrap = (infCons: string) => {
      const envelope = `<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><nfeResultMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/CadConsultaCadastro4"><retConsCad versao="2.00" xmlns="http://www.portalfiscal.inf.br/nfe"><infCons>${infCons}</infCons></retConsCad></nfeResultMsg></soap:Body></soap:Envelope>`;
      const answer = readSoapAnswer(envelope, "retConsCad");
      if (!answer.ok) throw new Error(answer.reason);
      return registryOutcome(answer.message, envelope);
    };
    expect(wrap("<cStat>259</cStat><xMotivo>Rejeição: CNPJ da consulta não cadastrado como contribuinte na UF</xMotivo>")).toMatchObject({ kind: "not_registered", cStat: "259" });
    expect(wrap("<cStat>656</cStat><xMotivo>Rejeição: Consumo Indevido</xMotivo>")).toMatchObject({ kind: "communication_failure", cStat: "656" });
    expect(wrap("<cStat>108</cStat><xMotivo>Serviço Paralisado Momentaneamente</xMotivo>")).toMatchObject({ kind: "communication_failure" });
    const cad = (ie: string, cSit: string) => `<infCad><IE>${ie}</IE><CNPJ>02198926000169</CNPJ><UF>SP</UF><cSit>${cSit}</cSit><indCredNFe>0</indCredNFe><indCredCTe>4</indCredCTe><xNome>X</xNome></infCad>`;
    const several = wrap(`<cStat>112</cStat><xMotivo>Consulta cadastro com mais de uma ocorrência</xMotivo>${cad("111111111111", "1")}${cad("222222222222", "0")}`);
    expect(several.kind === "answered" && several.entries.map((e) => [e.stateRegistration, e.situation, e.address])).toEqual([
      ["111111111111", "ACTIVE", null],
      ["222222222222", "INACTIVE", null],
    ]);
  });

  it("a state without the service is answered no_service without any request", async () => {
    const before = loopback.replay.requests.length;
    expect(await loopback.client.consultRegistry("PRODUCTION", { uf: "RJ", cnpj: "02198926000169" }, certificate)).toMatchObject({ kind: "no_service" });
    expect(loopback.replay.requests.length).toBe(before);
  });
});
