import { describe, expect, it } from "vitest";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { SoapMdfeAuthority, type MdfeTransport } from "./soap-mdfe-authority";
import type { MdfeTarget } from "./types";

// The client of the real SVRS (not the simulator) against answers shaped as the SVRS sends them.
// Each literal below is typed here: it reproduces the structure, codes and texts of an answer
// recorded from the SVRS in public material (named above each one), with our own keys and numbers.

const credentials = testSigningCredentials();
const certificate = { privateKeyPem: credentials.privateKeyPem, certificatePem: credentials.certificatePem };
const target: MdfeTarget = { environment: "PRODUCTION", uf: "PR" };
const NS = "http://www.portalfiscal.inf.br/mdfe";
const KEY = "41261211222333000181580010000000421000000426";
const OTHER_KEY = "41261211222333000181580010000000411000000410";

function answering(method: string, service: string, ret: string): MdfeTransport {
  const body =
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">` +
    `<soap:Body><${method} xmlns="http://www.portalfiscal.inf.br/mdfe/wsdl/${service}">${ret}</${method}></soap:Body></soap:Envelope>`;
  return async () => ({ ok: true, body });
}

const authority = (transport: MdfeTransport) => new SoapMdfeAuthority({ timeoutMs: 1_000, transport });

describe("SoapMdfeAuthority reads answers as the SVRS writes them", () => {
  it("retMDFe 104 with protMDFe 100 (its own xmlns, infProt Id=MDFe+nProt): authorized with protocol and time", async () => {
    // Shape of the SVRS production answer kept as a test model in Unimake/Uninfe (FinalizarMDFeSincrono):
    // top cStat 104 "Arquivo Processado", protMDFe redeclaring the namespace, verAplic "RS…".
    const ret =
      `<retMDFe xmlns="${NS}" versao="3.00"><tpAmb>1</tpAmb><cUF>41</cUF><verAplic>RS20261201101010</verAplic><cStat>104</cStat><xMotivo>Arquivo Processado</xMotivo>` +
      `<protMDFe versao="3.00" xmlns="${NS}"><infProt Id="MDFe941260000012345"><tpAmb>1</tpAmb><verAplic>RS20261130090909</verAplic><chMDFe>${KEY}</chMDFe>` +
      `<dhRecbto>2026-12-07T08:36:36-03:00</dhRecbto><nProt>941260000012345</nProt><digVal>q1w2e3r4t5y6u7i8o9p0a1s2d3f=</digVal><cStat>100</cStat><xMotivo>Autorizado o uso do MDF-e</xMotivo></infProt></protMDFe></retMDFe>`;
    const result = await authority(answering("mdfeRecepcaoResult", "MDFeRecepcaoSinc", ret)).authorize(target, "<MDFe/>", certificate);
    expect(result).toMatchObject({ kind: "authorized", cStat: "100", reason: "Autorizado o uso do MDF-e", protocol: "941260000012345", authorizedAt: "2026-12-07T08:36:36-03:00" });
    if (result.kind === "authorized") expect(result.protMDFeXml).toMatch(/^<protMDFe versao="3.00" xmlns="http:\/\/www.portalfiscal.inf.br\/mdfe"><infProt Id="MDFe941260000012345">[\s\S]*<\/protMDFe>$/);
  });

  it("retMDFe 611 without protMDFe: refused with the open key and protocol in xMotivo", async () => {
    // The text and suffix as quoted from real SVRS answers in public code (e.g. an ERP's switch on
    // cStat 611 and SQL notes of a carrier): "[chMDFe Não Encerrada:<key>][NroProtocolo:<nProt>]".
    const reason = `Rejeição: Existe MDF-e não encerrado para esta placa, tipo de emitente e UF descarregamento [chMDFe Não Encerrada:${OTHER_KEY}][NroProtocolo:941260000012000]`;
    const ret = `<retMDFe xmlns="${NS}" versao="3.00"><tpAmb>1</tpAmb><cUF>41</cUF><verAplic>RS20261201101010</verAplic><cStat>611</cStat><xMotivo>${reason}</xMotivo></retMDFe>`;
    const result = await authority(answering("mdfeRecepcaoResult", "MDFeRecepcaoSinc", ret)).authorize(target, "<MDFe/>", certificate);
    expect(result).toMatchObject({ kind: "refused", cStat: "611", reason });
  });

  it("retMDFe 580 (schema of the modal) is a refusal, not a failure to retry", async () => {
    // wmixvideo/nfe PR #1125 quotes the SVRS: "Rejeição: Falha no Schema XML específico para o modal [The element 'veicReboque' …]".
    const reason = "Rejeição: Falha no Schema XML específico para o modal [The element 'veicReboque' in namespace 'http://www.portalfiscal.inf.br/mdfe' has invalid child element 'prop']";
    const ret = `<retMDFe xmlns="${NS}" versao="3.00"><tpAmb>1</tpAmb><cUF>41</cUF><verAplic>RS20261201101010</verAplic><cStat>580</cStat><xMotivo>${reason}</xMotivo></retMDFe>`;
    expect(await authority(answering("mdfeRecepcaoResult", "MDFeRecepcaoSinc", ret)).authorize(target, "<MDFe/>", certificate)).toMatchObject({ kind: "refused", cStat: "580", reason });
  });

  it("retEventoMDFe 135 (infEvento Id=ID+nProt, 'vinculado ao MDF-e'): registered with protocol and time", async () => {
    // Shape of the SVRS answer to an encerramento in Unimake/DFe (procEventoMDFe_Encerramento_110112_01.xml).
    const ret =
      `<retEventoMDFe xmlns="${NS}" versao="3.00"><infEvento Id="ID941260000054321"><tpAmb>1</tpAmb><verAplic>RS20261115131833</verAplic><cOrgao>41</cOrgao>` +
      `<cStat>135</cStat><xMotivo>Evento registrado e vinculado ao MDF-e</xMotivo><chMDFe>${KEY}</chMDFe><tpEvento>110112</tpEvento><xEvento>Encerramento</xEvento>` +
      `<nSeqEvento>1</nSeqEvento><dhRegEvento>2026-12-08T14:39:56-03:00</dhRegEvento><nProt>941260000054321</nProt></infEvento></retEventoMDFe>`;
    const result = await authority(answering("mdfeRecepcaoEventoResult", "MDFeRecepcaoEvento", ret)).sendEvent(target, "<eventoMDFe/>", certificate);
    expect(result).toMatchObject({ kind: "authorized", cStat: "135", reason: "Evento registrado e vinculado ao MDF-e", protocol: "941260000054321", registeredAt: "2026-12-08T14:39:56-03:00" });
  });

  it("retEventoMDFe 631 carries the registered event's protocol and time; 220 after 24 h", async () => {
    // Texts of MOC MDF-e 3.00 (J08, and 6.1.1 K04) with the SVRS's suffix for 631 (ValidadorEventoMDFe.vb).
    for (const [cStat, reason] of [
      ["631", "Rejeição: Duplicidade de evento [nProt:941260000054321][dhRegEvento:2026-12-08T14:39:56-03:00]"],
      ["220", "Rejeição: MDF-e autorizado há mais de 24 horas"],
    ] as const) {
      const ret = `<retEventoMDFe xmlns="${NS}" versao="3.00"><infEvento><tpAmb>1</tpAmb><verAplic>RS20261115131833</verAplic><cOrgao>41</cOrgao><cStat>${cStat}</cStat><xMotivo>${reason}</xMotivo><chMDFe>${KEY}</chMDFe></infEvento></retEventoMDFe>`;
      expect(await authority(answering("mdfeRecepcaoEventoResult", "MDFeRecepcaoEvento", ret)).sendEvent(target, "<eventoMDFe/>", certificate)).toMatchObject({ kind: "refused", cStat, reason });
    }
  });

  it("retConsSitMDFe 132 closed by the fisco, with a passage record and procInfraSA: CLOSED, both events listed, protocol of the authorization", async () => {
    // Shape of Unimake/DFe's retConsSitMDFe-com-evento-de-encerramentofisco (SVRS, 2024/2025): 132,
    // protMDFe, procEventoMDFe of 310112 (Encerramento Fisco) and of 510620 (Registro de Passagem
    // Automático, cOrgao 93), then procInfraSA. The events' namespace is inherited.
    const proc = (tpEvento: string, cOrgao: string, detail: string, nProt: string, xEvento: string) =>
      `<procEventoMDFe versao="3.00"><eventoMDFe versao="3.00"><infEvento Id="ID${tpEvento}${KEY}001"><cOrgao>${cOrgao}</cOrgao><tpAmb>1</tpAmb><CNPJ>11222333000181</CNPJ><chMDFe>${KEY}</chMDFe>` +
      `<dhEvento>2026-12-09T09:11:17-03:00</dhEvento><tpEvento>${tpEvento}</tpEvento><nSeqEvento>1</nSeqEvento><detEvento versaoEvento="3.00">${detail}</detEvento></infEvento></eventoMDFe>` +
      `<retEventoMDFe versao="3.00"><infEvento Id="ID${nProt}"><tpAmb>1</tpAmb><verAplic>RS20261115131833</verAplic><cOrgao>41</cOrgao><cStat>135</cStat><xMotivo>Evento registrado e vinculado ao MDF-e</xMotivo>` +
      `<chMDFe>${KEY}</chMDFe><tpEvento>${tpEvento}</tpEvento><xEvento>${xEvento}</xEvento><nSeqEvento>1</nSeqEvento><dhRegEvento>2026-12-09T09:11:18-03:00</dhRegEvento><nProt>${nProt}</nProt></infEvento></retEventoMDFe></procEventoMDFe>`;
    const ret =
      `<retConsSitMDFe versao="3.00" xmlns="${NS}"><tpAmb>1</tpAmb><verAplic>RS20261115131806</verAplic><cStat>132</cStat><xMotivo>Encerramento de MDF-e homologado</xMotivo><cUF>41</cUF>` +
      `<protMDFe versao="3.00"><infProt Id="MDFe941260000012345"><tpAmb>1</tpAmb><verAplic>RS20261130090909</verAplic><chMDFe>${KEY}</chMDFe><dhRecbto>2026-12-07T08:36:36-03:00</dhRecbto>` +
      `<nProt>941260000012345</nProt><digVal>q1w2e3r4t5y6u7i8o9p0a1s2d3f=</digVal><cStat>100</cStat><xMotivo>Autorizado o uso do MDF-e</xMotivo></infProt></protMDFe>` +
      proc("510620", "93", "<evMDFeRegPassagemAuto><descEvento>Registro de Passagem Automático</descEvento><tpTransm>N</tpTransm></evMDFeRegPassagemAuto>", "941260000060001", "Registro de Passagem Automático") +
      proc("310112", "41", "<evMDFeEncFisco><descEvento>Encerramento Fisco</descEvento><tpEnc>3</tpEnc><xJust>Encerramento do Fisco - Processo Automatizado</xJust></evMDFeEncFisco>", "941260000060002", "Encerramento Fisco") +
      `<procInfraSA><nProtDTe>000001234567890</nProtDTe><dhProt>2026-12-07T08:36:36-03:00</dhProt></procInfraSA></retConsSitMDFe>`;
    const result = await authority(answering("mdfeConsultaMDFResult", "MDFeConsulta", ret)).consult(target, KEY, certificate);
    expect(result).toMatchObject({ kind: "found", cStat: "132", reason: "Encerramento de MDF-e homologado", situation: "CLOSED", protocol: "941260000012345" });
    if (result.kind !== "found") return;
    expect(result.events.map((e) => [e.tpEvento, e.sequence, e.protocol, e.registeredAt])).toEqual([
      ["510620", 1, "941260000060001", "2026-12-09T09:11:18-03:00"],
      ["310112", 1, "941260000060002", "2026-12-09T09:11:18-03:00"],
    ]);
    expect(result.protMDFeXml).toContain("<nProt>941260000012345</nProt>");
  });

  it("retConsSitMDFe 217: not found", async () => {
    const ret = `<retConsSitMDFe versao="3.00" xmlns="${NS}"><tpAmb>1</tpAmb><verAplic>RS20261115131806</verAplic><cStat>217</cStat><xMotivo>Rejeição: MDF-e não consta na base de dados da SEFAZ</xMotivo><cUF>41</cUF></retConsSitMDFe>`;
    expect(await authority(answering("mdfeConsultaMDFResult", "MDFeConsulta", ret)).consult(target, KEY, certificate)).toEqual({ kind: "not_found", cStat: "217", reason: "Rejeição: MDF-e não consta na base de dados da SEFAZ" });
  });
});
