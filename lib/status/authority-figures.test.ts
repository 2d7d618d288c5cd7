import { describe, expect, it } from "vitest";
import { conditionOfAnswer, parseAuthorizerKey, STALE_STATUS_MS } from "./authority-figures";

const now = new Date("2026-12-07T12:00:00Z");
const fresh = new Date(now.getTime() - 60_000);

describe("conditionOfAnswer", () => {
  it("colours 107 operational, 108/109 outage, no answer unreachable, the rest unknown", () => {
    expect(conditionOfAnswer({ kind: "authorized", cStat: "107", reason: "Serviço em Operação", checkedAt: "" }, fresh, now)).toBe("operational");
    expect(conditionOfAnswer({ kind: "communication_failure", cStat: "108", reason: "108 Serviço Paralisado Momentaneamente" }, fresh, now)).toBe("outage");
    expect(conditionOfAnswer({ kind: "communication_failure", cStat: "109", reason: "109 Serviço Paralisado sem Previsão" }, fresh, now)).toBe("outage");
    expect(conditionOfAnswer({ kind: "communication_failure", reason: "socket hang up" }, fresh, now)).toBe("unreachable");
    expect(conditionOfAnswer({ kind: "communication_failure", cStat: "656", reason: "Consumo Indevido" }, fresh, now)).toBe("unknown");
    expect(conditionOfAnswer({ kind: "refused", cStat: "280", reason: "Certificado Transmissor inválido" }, fresh, now)).toBe("unknown");
  });

  it("takes an answer older than STALE_STATUS_MS, or none, as unknown", () => {
    const old = new Date(now.getTime() - STALE_STATUS_MS - 1);
    expect(conditionOfAnswer({ kind: "authorized", cStat: "107", reason: "", checkedAt: "" }, old, now)).toBe("unknown");
    expect(conditionOfAnswer(null, null, now)).toBe("unknown");
  });
});

describe("parseAuthorizerKey", () => {
  it("reads the keys of the status cache and the 656 pauses", () => {
    expect(parseAuthorizerKey("SP:55:HOMOLOGATION")).toEqual({ uf: "SP", model: 55, environment: "HOMOLOGATION", contingency: undefined });
    expect(parseAuthorizerKey("BA:55:PRODUCTION:SVC-RS")).toEqual({ uf: "BA", model: 55, environment: "PRODUCTION", contingency: "SVC-RS" });
    expect(parseAuthorizerKey("SP:57:PRODUCTION")).toBeNull();
    expect(parseAuthorizerKey("SP:55:STAGING")).toBeNull();
    expect(parseAuthorizerKey("SP:55:PRODUCTION:SVC-XX")).toBeNull();
  });
});
