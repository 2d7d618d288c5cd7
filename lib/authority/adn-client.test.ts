import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { readAdnDistribution } from "./adn-client";
import { partiesOfNfse } from "./adn-simulator/share";

// The ADN's LoteDistribuicaoNSUResponse (adn-contribuinte-production.swagger.json) as the client reads it.

const gz = (xml: string) => gzipSync(Buffer.from(xml, "utf8")).toString("base64");

describe("readAdnDistribution", () => {
  it("reads LoteDFe in NSU order, any casing, and gunzips ArquivoXml", () => {
    const body = {
      StatusProcessamento: "DOCUMENTOS_LOCALIZADOS",
      LoteDFe: [
        { NSU: 8, ChaveAcesso: "K2", TipoDocumento: "EVENTO", TipoEvento: "CANCELAMENTO", ArquivoXml: gz("<evento/>"), DataHoraGeracao: "2026-12-07T10:00:00" },
        { nsu: 7, chaveAcesso: "K1", tipoDocumento: "NFSE", arquivoXml: gz("<NFSe/>") },
      ],
    };
    expect(readAdnDistribution(200, body)).toEqual({
      kind: "documents",
      items: [
        { nsu: 7n, accessKey: "K1", documentType: "NFSE", eventType: null, xml: "<NFSe/>", generatedAt: null },
        { nsu: 8n, accessKey: "K2", documentType: "EVENTO", eventType: "CANCELAMENTO", xml: "<evento/>", generatedAt: "2026-12-07T10:00:00" },
      ],
    });
  });

  it("404 or NENHUM_DOCUMENTO_LOCALIZADO is nothing more; REJEICAO a refusal; 5xx and unreadable items a failure", () => {
    expect(readAdnDistribution(404, { StatusProcessamento: "NENHUM_DOCUMENTO_LOCALIZADO", LoteDFe: null })).toEqual({ kind: "none" });
    expect(readAdnDistribution(404, "")).toEqual({ kind: "none" });
    expect(readAdnDistribution(400, { StatusProcessamento: "REJEICAO", Erros: [{ Codigo: "E2000", Descricao: "CNPJ inválido" }] })).toEqual({ kind: "refused", code: "E2000", reason: "CNPJ inválido", httpStatus: 400 });
    expect(readAdnDistribution(503, null)).toMatchObject({ kind: "communication_failure" });
    expect(readAdnDistribution(200, { StatusProcessamento: "DOCUMENTOS_LOCALIZADOS", LoteDFe: [{ NSU: 1, ArquivoXml: "not gzip" }] })).toMatchObject({ kind: "communication_failure" });
  });
});

describe("partiesOfNfse", () => {
  it("the emitter apart; prestador, tomador and intermediário once each", () => {
    const xml =
      "<NFSe><infNFSe><emit><CNPJ>11111111000191</CNPJ></emit><DPS><infDPS><prest><CNPJ>11111111000191</CNPJ></prest>" +
      "<toma><CPF>12345678909</CPF></toma><interm><CNPJ>22222222000191</CNPJ></interm></infDPS></DPS></infNFSe></NFSe>";
    expect(partiesOfNfse(xml)).toEqual({ emitter: "11111111000191", nonEmitters: ["12345678909", "22222222000191"] });
    expect(partiesOfNfse(xml.replace(/<toma>.*<\/interm>/, "<toma><NIF>X1</NIF></toma>")).nonEmitters).toEqual([]);
  });
});
