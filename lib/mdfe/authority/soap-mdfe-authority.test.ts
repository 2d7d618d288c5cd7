import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { mdfeInput } from "../testing/mdfe-inputs";
import { buildSignedMdfe } from "../xml/build-signed-mdfe";
import { mdfeEndpoint } from "./endpoints";
import { SoapMdfeAuthority, type MdfeTransport } from "./soap-mdfe-authority";

const credentials = testSigningCredentials();
const certificate = { privateKeyPem: credentials.privateKeyPem, certificatePem: credentials.certificatePem };

function capturing(answer: string): { transport: MdfeTransport; calls: Parameters<MdfeTransport>[0][] } {
  const calls: Parameters<MdfeTransport>[0][] = [];
  return { calls, transport: async (call) => (calls.push(call), { ok: true, body: answer }) };
}

describe("SoapMdfeAuthority (the real service's client)", () => {
  it("posts MDFeRecepcaoSinc to the SVRS with mdfeCabecMsg and the MDFe gzipped in base64", async () => {
    const built = buildSignedMdfe(mdfeInput(), credentials);
    const { transport, calls } = capturing(
      '<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><mdfeRecepcaoResult xmlns="http://www.portalfiscal.inf.br/mdfe/wsdl/MDFeRecepcaoSinc"><retMDFe xmlns="http://www.portalfiscal.inf.br/mdfe" versao="3.00"><tpAmb>2</tpAmb><cUF>35</cUF><verAplic>RS20240101</verAplic><cStat>108</cStat><xMotivo>Servico Paralisado Momentaneamente</xMotivo></retMDFe></mdfeRecepcaoResult></soap:Body></soap:Envelope>',
    );
    const result = await new SoapMdfeAuthority({ timeoutMs: 1_000, transport }).authorize({ environment: "HOMOLOGATION", uf: "SP" }, built.xml, certificate);
    expect(result).toMatchObject({ kind: "communication_failure", cStat: "108" });
    const call = calls[0]!;
    expect(call.url).toBe("https://mdfe-homologacao.svrs.rs.gov.br/ws/MDFeRecepcaoSinc/MDFeRecepcaoSinc.asmx");
    expect(call.action).toBe("http://www.portalfiscal.inf.br/mdfe/wsdl/MDFeRecepcaoSinc/mdfeRecepcao");
    expect(call.envelope).toContain('<mdfeCabecMsg xmlns="http://www.portalfiscal.inf.br/mdfe/wsdl/MDFeRecepcaoSinc"><cUF>35</cUF><versaoDados>3.00</versaoDados></mdfeCabecMsg>');
    const payload = /<mdfeDadosMsg[^>]*>([^<]+)<\/mdfeDadosMsg>/.exec(call.envelope)![1]!;
    expect(gunzipSync(Buffer.from(payload, "base64")).toString("utf8")).toBe(built.xml);
  });

  it("uses the production host for PRODUCTION and reads a refusal", async () => {
    expect(mdfeEndpoint("PRODUCTION", "MDFeRecepcaoEvento").url).toBe("https://mdfe.svrs.rs.gov.br/ws/MDFeRecepcaoEvento/MDFeRecepcaoEvento.asmx");
    const { transport } = capturing(
      '<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><mdfeRecepcaoEventoResult xmlns="http://www.portalfiscal.inf.br/mdfe/wsdl/MDFeRecepcaoEvento"><retEventoMDFe xmlns="http://www.portalfiscal.inf.br/mdfe" versao="3.00"><infEvento><tpAmb>1</tpAmb><verAplic>RS1</verAplic><cOrgao>35</cOrgao><cStat>609</cStat><xMotivo>Rejeição: MDF-e já está encerrado na base de dados da SEFAZ</xMotivo></infEvento></retEventoMDFe></mdfeRecepcaoEventoResult></soap:Body></soap:Envelope>',
    );
    const result = await new SoapMdfeAuthority({ timeoutMs: 1_000, transport }).sendEvent({ environment: "PRODUCTION", uf: "SP" }, "<eventoMDFe/>", certificate);
    expect(result).toMatchObject({ kind: "refused", cStat: "609" });
  });
});
