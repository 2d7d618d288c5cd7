import { describe, expect, it } from "vitest";
import { SoapTaxAuthority } from "./soap-tax-authority";
import { setUpReplayClient } from "./test-support/replay-server";
import type { AuthorityTarget, ClientCertificate } from "./types";

// Classification of canned SEFAZ-shaped answers (issue 5, item 6), through
// the real transport against a loopback server that answers what each test sets.
const target: AuthorityTarget = { uf: "SP", environment: "HOMOLOGATION", model: 55 };
const certificate: ClientCertificate = { privateKeyPem: "", certificatePem: "" };
const KEY = "35260112345678000195550010000000011000000015";

function answer(service: string, message: string, status = 200) {
  loopback.replay.answer(service, `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><nfeResultMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/${service}">${message}</nfeResultMsg></soap:Body></soap:Envelope>`, status);
}
const lastRequest = () => loopback.replay.requests.at(-1);
const NS = `xmlns="http://www.portalfiscal.inf.br/nfe"`;
const head = `<tpAmb>2</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic>`;
const prot = (cStat: string, xMotivo: string, nProt = "") =>
  `<protNFe versao="4.00"><infProt><tpAmb>2</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic><chNFe>${KEY}</chNFe><dhRecbto>2026-01-05T10:00:00-03:00</dhRecbto>${nProt ? `<nProt>${nProt}</nProt><digVal>abc=</digVal>` : ""}<cStat>${cStat}</cStat><xMotivo>${xMotivo}</xMotivo></infProt></protNFe>`;
const retEnviNFe = (cStat: string, xMotivo: string, inner = "") => `<retEnviNFe ${NS} versao="4.00">${head}<cStat>${cStat}</cStat><xMotivo>${xMotivo}</xMotivo><cUF>35</cUF><dhRecbto>2026-01-05T10:00:00-03:00</dhRecbto>${inner}</retEnviNFe>`;
const retEvento = (cStat: string, nProt = "") => `<retEvento versao="1.00"><infEvento><tpAmb>2</tpAmb><verAplic>X</verAplic><cOrgao>35</cOrgao><cStat>${cStat}</cStat><xMotivo>m</xMotivo><chNFe>${KEY}</chNFe><dhRegEvento>2026-01-05T10:00:00-03:00</dhRegEvento>${nProt ? `<nProt>${nProt}</nProt>` : ""}</infEvento></retEvento>`;

const loopback = setUpReplayClient();

describe("SoapTaxAuthority classification", () => {
  it("sends enviNFe (indSinc 1) to the table's path with the SOAP 1.2 action", async () => {
    answer("NFeAutorizacao4", retEnviNFe("104", "Lote processado", prot("100", "Autorizado o uso da NF-e", "135260000000001")));
    const result = await loopback.client.authorize(target, `<?xml version="1.0"?><NFe ${NS}><infNFe Id="NFe${KEY}"/></NFe>`, certificate);
    expect(lastRequest()?.url).toBe("/ws/nfeautorizacao4.asmx");
    expect(lastRequest()?.contentType).toBe(`application/soap+xml; charset=utf-8; action="http://www.portalfiscal.inf.br/nfe/wsdl/NFeAutorizacao4/nfeAutorizacaoLote"`);
    expect(lastRequest()?.body).toMatch(/<nfeDadosMsg xmlns="http:\/\/www.portalfiscal.inf.br\/nfe\/wsdl\/NFeAutorizacao4"><enviNFe xmlns="http:\/\/www.portalfiscal.inf.br\/nfe" versao="4.00"><idLote>\d{1,15}<\/idLote><indSinc>1<\/indSinc><NFe /);
    expect(result).toMatchObject({ kind: "authorized", cStat: "100", protocol: "135260000000001", authorizedAt: "2026-01-05T10:00:00-03:00" });
    if (result.kind === "authorized") expect(result.protNFeXml).toBe(prot("100", "Autorizado o uso da NF-e", "135260000000001"));
  });

  it.each([
    ["150", "authorized"],
    ["302", "denied"], // Uso denegado: kept with its protocol (docs/api-notes/documents.md)
    ["204", "refused"], // duplicate: the pipeline consults the protocol
    ["539", "refused"],
    ["656", "communication_failure"],
  ])("protNFe cStat %s is %s", async (cStat, kind) => {
    answer("NFeAutorizacao4", retEnviNFe("104", "Lote processado", prot(cStat, "motivo", cStat === "150" ? "135260000000002" : "")));
    expect(await loopback.client.authorize(target, `<NFe ${NS}/>`, certificate)).toMatchObject({ kind, ...(kind === "communication_failure" ? {} : { cStat }) });
  });

  it.each([
    ["108", "communication_failure"],
    ["109", "communication_failure"],
    ["999", "communication_failure"],
    ["225", "refused"],
  ])("batch cStat %s is %s", async (cStat, kind) => {
    answer("NFeAutorizacao4", retEnviNFe(cStat, "motivo"));
    expect(await loopback.client.authorize(target, `<NFe ${NS}/>`, certificate)).toMatchObject({ kind, cStat });
  });

  it("HTTP 503 and an unreadable body are communication failures", async () => {
    answer("NFeAutorizacao4", retEnviNFe("104", "x"), 503);
    expect(await loopback.client.authorize(target, `<NFe ${NS}/>`, certificate)).toMatchObject({ kind: "communication_failure", reason: "HTTP 503 from the authority" });
    loopback.replay.answer("NFeStatusServico4", "<html>maintenance</html>");
    expect((await loopback.client.status(target, certificate)).kind).toBe("communication_failure");
  });

  it("a 103 that stays 105 (in process) ends as a communication failure with the receipt", async () => {
    answer("NFeAutorizacao4", retEnviNFe("103", "Lote recebido com sucesso", "<infRec><nRec>351000000000001</nRec><tMed>1</tMed></infRec>"));
    answer("NFeRetAutorizacao4", `<retConsReciNFe ${NS} versao="4.00">${head}<nRec>351000000000001</nRec><cStat>105</cStat><xMotivo>Lote em processamento</xMotivo><cUF>35</cUF></retConsReciNFe>`);
    expect(await loopback.client.authorize(target, `<NFe ${NS}/>`, certificate)).toMatchObject({ kind: "communication_failure", cStat: "105" });
    expect(lastRequest()?.body).toContain("<consReciNFe xmlns=\"http://www.portalfiscal.inf.br/nfe\" versao=\"4.00\"><tpAmb>2</tpAmb><nRec>351000000000001</nRec></consReciNFe>");
  });

  it("events: 135, 136 and 155 are registered; a 573 inside 128 is refused", async () => {
    for (const cStat of ["135", "136", "155"]) {
      answer("NFeRecepcaoEvento4", `<retEnvEvento ${NS} versao="1.00"><idLote>1</idLote>${head}<cOrgao>35</cOrgao><cStat>128</cStat><xMotivo>Lote de Evento Processado</xMotivo>${retEvento(cStat, "135260000000003")}</retEnvEvento>`);
      expect(await loopback.client.sendEvent(target, `<evento ${NS}><infEvento><cOrgao>35</cOrgao></infEvento></evento>`, certificate)).toMatchObject({ kind: "authorized", cStat, protocol: "135260000000003" });
    }
    expect(lastRequest()?.url).toBe("/ws/nferecepcaoevento4.asmx");
    answer("NFeRecepcaoEvento4", `<retEnvEvento ${NS} versao="1.00"><idLote>1</idLote>${head}<cOrgao>35</cOrgao><cStat>128</cStat><xMotivo>Lote de Evento Processado</xMotivo>${retEvento("573")}</retEnvEvento>`);
    expect(await loopback.client.sendEvent(target, `<evento ${NS}><infEvento><cOrgao>91</cOrgao></infEvento></evento>`, certificate)).toMatchObject({ kind: "refused", cStat: "573" });
    // cOrgao 91 (delivery receipt) goes to the national environment's path.
    expect(lastRequest()?.url).toBe("/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx");
  });

  it("inutilization 102 is authorized; status 107 running, 108 a communication failure", async () => {
    answer("NFeInutilizacao4", `<retInutNFe ${NS} versao="4.00"><infInut Id="ID135260000000004">${head}<cStat>102</cStat><xMotivo>Inutilização de número homologado</xMotivo><cUF>35</cUF><dhRecbto>2026-01-05T10:00:00-03:00</dhRecbto><nProt>135260000000004</nProt></infInut></retInutNFe>`);
    expect(await loopback.client.inutilize(target, `<inutNFe ${NS}/>`, certificate)).toMatchObject({ kind: "authorized", cStat: "102", protocol: "135260000000004" });
    answer("NFeStatusServico4", `<retConsStatServ ${NS} versao="4.00">${head}<cStat>107</cStat><xMotivo>Serviço em Operação</xMotivo><cUF>35</cUF><dhRecbto>2026-01-05T10:00:00-03:00</dhRecbto><tMed>2</tMed></retConsStatServ>`);
    expect(await loopback.client.status(target, certificate)).toMatchObject({ kind: "authorized", cStat: "107", averageSeconds: 2 });
    answer("NFeStatusServico4", `<retConsStatServ ${NS} versao="4.00">${head}<cStat>108</cStat><xMotivo>Serviço Paralisado Momentaneamente</xMotivo><cUF>35</cUF><dhRecbto>2026-01-05T10:00:00-03:00</dhRecbto></retConsStatServ>`);
    expect(await loopback.client.status(target, certificate)).toMatchObject({ kind: "communication_failure", cStat: "108" });
  });

  it("refuses plain HTTP outside loopback and HTTPS without a certificate, without sending", async () => {
    const remote = new SoapTaxAuthority({ timeoutMs: 1_000, baseUrl: "http://sefaz.example.com" });
    expect(await remote.status(target, certificate)).toMatchObject({ kind: "communication_failure", reason: expect.stringContaining("non-TLS") });
    const real = new SoapTaxAuthority({ timeoutMs: 1_000 });
    expect(await real.status(target, certificate)).toMatchObject({ kind: "communication_failure", reason: "A client certificate is required for HTTPS" });
  });
});
