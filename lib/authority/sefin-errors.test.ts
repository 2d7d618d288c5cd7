import { describe, expect, it } from "vitest";
import { parseSefinErrors } from "./sefin-errors";

describe("Sefin Nacional error bodies", () => {
  it("reads the Swagger casing", () => {
    expect(parseSefinErrors({ idDPS: "x", erros: [{ mensagem: "m", codigo: "E0014", descricao: "Conjunto…", complemento: "c" }] })).toEqual([{ code: "E0014", description: "Conjunto…", complement: "c" }]);
  });
  it("reads the real service's PascalCase (nfe/poc-nfse-nacional#2)", () => {
    expect(parseSefinErrors({ erros: [{ Parametros: null, Codigo: "RNG9999", Descricao: "Erro não catalogado.", Complemento: null }] })).toEqual([{ code: "RNG9999", description: "Erro não catalogado.", complement: null }]);
  });
  it("reads an event rejection's singular erro array (OpenAC.Net.NFSe.Nacional#17)", () => {
    expect(parseSefinErrors({ versaoAplicativo: "SefinNacional_1.5.0", erro: [{ codigo: "RNG6110", descricao: "Falha Schema Xml" }] })[0]).toMatchObject({ code: "RNG6110", description: "Falha Schema Xml" });
  });
  it("gives nothing for a body without errors", () => {
    expect(parseSefinErrors({ chaveAcesso: "1" })).toEqual([]);
    expect(parseSefinErrors("x")).toEqual([]);
  });
});
