import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { readSoapAnswer, text } from "./soap-response";
import { recordedAnswer, setUpReplayClient } from "./test-support/replay-server";
import type { AuthorityTarget, ClientCertificate } from "./types";

// Answers recorded from the authorities (test/fixtures/authority-answers,
// sources in its README) replayed through the real SOAP client: transport,
// envelope reading and classification, as in production.

const NS = `xmlns="http://www.portalfiscal.inf.br/nfe"`;
const certificate: ClientCertificate = { privateKeyPem: "", certificatePem: "" };
const sp: AuthorityTarget = { uf: "SP", environment: "HOMOLOGATION", model: 55 };
const eventTo = (cOrgao: string) => `<evento ${NS} versao="1.00"><infEvento Id="ID1101113526"><cOrgao>${cOrgao}</cOrgao></infEvento></evento>`;
const loopback = setUpReplayClient();

describe("recorded event answers", () => {
  it("Ambiente Nacional 135 inside nfeRecepcaoEventoNFResult is registered, sent to AN's path", async () => {
    loopback.replay.answer("NFeRecepcaoEvento4", recordedAnswer("an-evento-135-nfeRecepcaoEventoNFResult.xml"));
    const result = await loopback.client.sendEvent(sp, eventTo("91"), certificate);
    expect(result).toMatchObject({ kind: "authorized", cStat: "135", protocol: "891240002367854", registeredAt: "2024-07-17T17:23:39-03:00" });
    expect(loopback.replay.requests.at(-1)?.url).toBe("/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx");
    if (result.kind !== "authorized") return;
    // The authority's bytes, its own xmlns on infEvento included, well-formed on their own.
    expect(result.retEventoXml).toMatch(/^<retEvento versao="1.00"><infEvento Id="ID891240002367854" xmlns="http:\/\/www.portalfiscal.inf.br\/nfe">/);
    expect(XMLValidator.validate(result.retEventoXml)).toBe(true);
  });

  it("Ambiente Nacional 573 (duplicate) in the same wrapper is a refusal with the authority's reason, not an unreadable answer", async () => {
    loopback.replay.answer("NFeRecepcaoEvento4", recordedAnswer("an-evento-573-nfeRecepcaoEventoNFResult.xml"));
    expect(await loopback.client.sendEvent(sp, eventTo("91"), certificate)).toMatchObject({ kind: "refused", cStat: "573", reason: "Rejeicao: Duplicidade de evento" });
  });

  it.each([
    ["sp-evento-cce-135.xml", "110110"],
    ["sp-evento-cancelamento-135.xml", "110111"],
  ])("SEFAZ-SP %s is registered", async (file) => {
    loopback.replay.answer("NFeRecepcaoEvento4", recordedAnswer(file));
    expect(await loopback.client.sendEvent(sp, eventTo("35"), certificate)).toMatchObject({ kind: "authorized", cStat: "135", protocol: "999999999999999" });
    expect(loopback.replay.requests.at(-1)?.url).toBe("/ws/nferecepcaoevento4.asmx");
  });
});

describe("recorded authorization, receipt and consultation answers", () => {
  it("SEFAZ-PR: env: prefix, single-quoted attributes, env redeclared on Body; protNFe cut as received", async () => {
    loopback.replay.answer("NFeAutorizacao4", recordedAnswer("pr-autorizacao-100-env-single-quotes.xml"));
    const result = await loopback.client.authorize({ uf: "PR", environment: "PRODUCTION", model: 65 }, `<NFe ${NS}/>`, certificate);
    expect(result).toMatchObject({ kind: "authorized", cStat: "100", protocol: "141181233400660", authorizedAt: "2018-10-09T14:49:42-03:00" });
    if (result.kind === "authorized") expect(result.protNFeXml).toMatch(/^<protNFe versao='4.00'><infProt Id='ID141181233400660'>.*<\/protNFe>$/);
  });

  it("SEFAZ-RS NFC-e synchronous 104 + 100", async () => {
    loopback.replay.answer("NFeAutorizacao4", recordedAnswer("rs-nfce-autorizacao-100-soap12.xml"));
    expect(await loopback.client.authorize({ uf: "RS", environment: "HOMOLOGATION", model: 65 }, `<NFe ${NS}/>`, certificate)).toMatchObject({ kind: "authorized", protocol: "143210000624926" });
  });

  it("SEFAZ-MS soapenv: with an empty Header: 999 is a try-later communication failure", async () => {
    loopback.replay.answer("NFeAutorizacao4", recordedAnswer("ms-autorizacao-999-soapenv.xml"));
    expect(await loopback.client.authorize({ uf: "MS", environment: "HOMOLOGATION", model: 55 }, `<NFe ${NS}/>`, certificate)).toMatchObject({ kind: "communication_failure", cStat: "999" });
  });

  it("SEFAZ-PR receipt (single quotes): the protocol's 215 is a refusal with the authority's text", async () => {
    const pr: AuthorityTarget = { uf: "PR", environment: "HOMOLOGATION", model: 55 };
    loopback.replay.answer("NFeAutorizacao4", `<env:Envelope xmlns:env='http://www.w3.org/2003/05/soap-envelope'><env:Body><nfeResultMsg xmlns='http://www.portalfiscal.inf.br/nfe/wsdl/NFeAutorizacao4'><retEnviNFe versao='4.00' xmlns='http://www.portalfiscal.inf.br/nfe'><tpAmb>2</tpAmb><verAplic>PR-v4_2_7</verAplic><cStat>103</cStat><xMotivo>Lote recebido com sucesso</xMotivo><cUF>41</cUF><dhRecbto>2018-08-09T16:16:44-03:00</dhRecbto><infRec><nRec>411110217302308</nRec><tMed>1</tMed></infRec></retEnviNFe></nfeResultMsg></env:Body></env:Envelope>`);
    loopback.replay.answer("NFeRetAutorizacao4", recordedAnswer("pr-retautorizacao-215-env-single-quotes.xml"));
    const result = await loopback.client.authorize(pr, `<NFe ${NS}/>`, certificate);
    expect(result).toMatchObject({ kind: "refused", cStat: "215" });
    if (result.kind === "refused") expect(result.reason).toContain("Cannot find the declaration of element 'NFe'");
    expect(loopback.replay.requests.at(-1)?.body).toContain("<nRec>411110217302308</nRec>");
  });

  it("SEFAZ-SP consultation 100 with whitespace between elements", async () => {
    loopback.replay.answer("NFeConsultaProtocolo4", recordedAnswer("sp-consulta-100.xml"));
    expect(await loopback.client.consult(sp, "99999999999999999999999999999999999999999999", certificate)).toMatchObject({ kind: "authorized", cStat: "100", authorizedAt: "2024-02-06T15:36:49-03:00" });
  });

  it("SEFAZ-PR consultation 302 at the top without protNFe (single quotes) is a denial without a protocol, not a refusal", async () => {
    loopback.replay.answer("NFeConsultaProtocolo4", recordedAnswer("pr-consulta-302-env-single-quotes.xml"));
    const result = await loopback.client.consult({ uf: "PR", environment: "PRODUCTION", model: 55 }, "41241200000000000000550010000000011000000010", certificate);
    expect(result).toMatchObject({ kind: "denied", cStat: "302", reason: "Irregularidade fiscal do destinatario", protocol: null, protNFeXml: null, deniedAt: "2024-12-02T09:29:41-03:00" });
  });

  it.each(["110", "301", "303"])("the same answer with %s at the top is a denial too; another cStat stays a refusal", async (cStat) => {
    const pr = { uf: "PR", environment: "PRODUCTION", model: 55 } as const;
    const recorded = recordedAnswer("pr-consulta-302-env-single-quotes.xml");
    loopback.replay.answer("NFeConsultaProtocolo4", recorded.replace("<cStat>302</cStat>", `<cStat>${cStat}</cStat>`));
    expect(await loopback.client.consult(pr, "41241200000000000000550010000000011000000010", certificate)).toMatchObject({ kind: "denied", cStat, protocol: null });
    loopback.replay.answer("NFeConsultaProtocolo4", recorded.replace("<cStat>302</cStat>", "<cStat>562</cStat>"));
    expect(await loopback.client.consult(pr, "41241200000000000000550010000000011000000010", certificate)).toMatchObject({ kind: "refused", cStat: "562" });
  });
});

describe("recorded distribution answer", () => {
  it("the Ambiente Nacional's 656 naming the ultNSU to use (composed from sped-common #316) keeps that ultNSU, through the real client", async () => {
    loopback.replay.answer("NFeDistribuicaoDFe", recordedAnswer("composed-an-distdfe-656-ultnsu.xml"));
    const result = await loopback.client.distribute({ uf: "PR", environment: "PRODUCTION", model: 55 }, "12345678000195", { kind: "distNSU", lastNsu: "000000000505344" }, certificate);
    expect(result).toEqual({
      kind: "communication_failure",
      cStat: "656",
      reason: "656 Rejeicao: Consumo Indevido (Deve ser utilizado o ultNSU nas solicitacoes subsequentes. Tente apos 1 hora)",
      lastNsu: "000000000505511",
      maxNsu: "000000000000000",
    });
    expect(loopback.replay.requests.at(-1)?.body).toContain("<ultNSU>000000000505344</ultNSU>");
  });

  it("Ambiente Nacional's retDistDFeInt two wrappers down (nfeDistDFeInteresseResponse / nfeDistDFeInteresseResult) is found", () => {
    const answer = readSoapAnswer(recordedAnswer("an-distdfe-138-nfeDistDFeInteresseResult.xml"), "retDistDFeInt");
    expect(answer.ok && [text(answer.message, "cStat"), text(answer.message, "xMotivo")]).toEqual(["138", "Documento localizado"]);
  });
});

describe("recorded inutilization and status answers", () => {
  it.each([
    ["go-inutilizacao-102-env-indented.xml", "GO", "152250025831513"],
    ["sp-inutilizacao-102.xml", "SP", "999999999999999"],
  ])("%s is approved", async (file, uf, protocol) => {
    loopback.replay.answer("NFeInutilizacao4", recordedAnswer(file));
    const result = await loopback.client.inutilize({ uf, environment: "HOMOLOGATION", model: 55 }, `<inutNFe ${NS}/>`, certificate);
    expect(result).toMatchObject({ kind: "authorized", cStat: "102", protocol });
    if (result.kind === "authorized") expect(result.retInutNFeXml).toMatch(/^<retInutNFe /);
  });

  it.each([
    ["sp-status-107.xml", "SP"],
    ["sp-status-310-nfeStatusServicoNF2Result.xml", "SP"], // 3.10-era wrapper and a SOAP Header
    ["svrs-status-107-soap11.xml", "SC"], // SOAP 1.1 envelope
    ["constructed-jaxws-S-ns2-status-107.xml", "MG"], // S:/ns2:/ns3: prefixes
  ])("%s: service running", async (file, uf) => {
    loopback.replay.answer("NFeStatusServico4", recordedAnswer(file));
    expect(await loopback.client.status({ uf, environment: "HOMOLOGATION", model: 55 }, certificate)).toMatchObject({ kind: "authorized", cStat: "107", averageSeconds: 1 });
  });
});

describe("SOAP faults keep the authority's words", () => {
  const fault12 = "Server was unable to process request. ---> Object reference not set to an instance of an object. (soap:Receiver)";

  it("a SOAP 1.2 Fault with HTTP 500 is a communication failure whose reason quotes Reason/Text and Code", async () => {
    loopback.replay.answer("NFeAutorizacao4", recordedAnswer("constructed-soap12-fault-http500.xml"), 500);
    expect(await loopback.client.authorize(sp, `<NFe ${NS}/>`, certificate)).toEqual({ kind: "communication_failure", reason: `HTTP 500 from the authority, SOAP fault: ${fault12}` });
  });

  it("the same Fault with HTTP 200", async () => {
    loopback.replay.answer("NFeConsultaProtocolo4", recordedAnswer("constructed-soap12-fault-http500.xml"));
    expect(await loopback.client.consult(sp, "35260112345678000195550010000000011000000015", certificate)).toEqual({ kind: "communication_failure", reason: `SOAP fault: ${fault12}` });
  });

  it("a SOAP 1.1 Fault (faultstring, faultcode)", async () => {
    loopback.replay.answer("NFeStatusServico4", recordedAnswer("constructed-soap11-fault.xml"), 500);
    const result = await loopback.client.status(sp, certificate);
    expect(result).toMatchObject({ kind: "communication_failure" });
    if (result.kind === "communication_failure") expect(result.reason).toBe("HTTP 500 from the authority, SOAP fault: Server did not recognize the value of HTTP Header SOAPAction: http://www.portalfiscal.inf.br/nfe/wsdl/NFeAutorizacao4/nfeAutorizacaoLoteX. (soap:Client)");
  });

  it("an HTTP 500 that is not a Fault says only the status", async () => {
    loopback.replay.answer("NFeStatusServico4", "<html><body>Runtime Error</body></html>", 500);
    expect(await loopback.client.status(sp, certificate)).toEqual({ kind: "communication_failure", reason: "HTTP 500 from the authority" });
  });
});
