import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { recordedAnswer, setUpReplayClient } from "./test-support/replay-server";
import type { AuthorityTarget, ClientCertificate } from "./types";

// The whole lifecycle (authorize sync and async, consult, cancel, CC-e,
// delivery receipt 110130 and its cancellation 110131 at AN, inutilization,
// status) read through each envelope style the authorities use: every answer
// below is put, in place of the ret* message, into the envelope of a recorded
// answer (test/fixtures/authority-answers), with that answer's prefixes and
// quotes, and replayed through the real SOAP loopback.client.

const NFE_NS = "http://www.portalfiscal.inf.br/nfe";
const NS = `xmlns="${NFE_NS}"`;
const KEY = "35260112345678000195550010000000011000000015";
const certificate: ClientCertificate = { privateKeyPem: "", certificatePem: "" };
const sp: AuthorityTarget = { uf: "SP", environment: "HOMOLOGATION", model: 55 };

const STYLES = [
  ["SOAP 1.2 soap:, nfeResultMsg (SP)", "sp-status-107.xml"],
  ["Ambiente Nacional's nfeRecepcaoEventoNFResult", "an-evento-135-nfeRecepcaoEventoNFResult.xml"],
  ["3.10-era nfeStatusServicoNF2Result with a SOAP Header (SP)", "sp-status-310-nfeStatusServicoNF2Result.xml"],
  ["env:, single quotes, env redeclared on Body (PR)", "pr-autorizacao-100-env-single-quotes.xml"],
  ["soapenv: with an empty Header (MS)", "ms-autorizacao-999-soapenv.xml"],
  ["indented env: (GO)", "go-inutilizacao-102-env-indented.xml"],
  ["SOAP 1.1 (SVRS)", "svrs-status-107-soap11.xml"],
  ["JAX-WS S:/ns3: wrapper, ns2: NF-e elements", "constructed-jaxws-S-ns2-status-107.xml"],
] as const;

/** The template's envelope around `message` in place of its ret* element, in the template's prefix and quote style. */
function rewrap(template: string, message: string): string {
  const found = /<((?:[\w.-]+:)?)(ret\w+)[\s>]/.exec(template)!;
  const [, prefix, name] = found;
  const close = `</${prefix}${name}>`;
  const end = template.indexOf(close) + close.length;
  const singleQuoted = /^<[^>]*='/.test(template.slice(found.index));
  let inner = message;
  if (prefix) inner = inner.replaceAll(` ${NS}`, "").replace(/<(\/?)([A-Za-z]\w*)/g, `<$1${prefix}$2`);
  if (singleQuoted) inner = inner.replace(/="([^"]*)"/g, "='$1'");
  return template.slice(0, found.index) + inner + template.slice(end);
}

const head = `<tpAmb>2</tpAmb><verAplic>STYLE</verAplic>`;
const protNFe = `<protNFe versao="4.00"><infProt><tpAmb>2</tpAmb><verAplic>STYLE</verAplic><chNFe>${KEY}</chNFe><dhRecbto>2026-01-05T10:00:00-03:00</dhRecbto><nProt>135260000000001</nProt><digVal>abc=</digVal><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe>`;
const retEvento = (cOrgao: string, tpEvento: string, nProt: string) =>
  `<retEvento versao="1.00"><infEvento><tpAmb>2</tpAmb><verAplic>STYLE</verAplic><cOrgao>${cOrgao}</cOrgao><cStat>135</cStat><xMotivo>Evento registrado e vinculado a NF-e</xMotivo><chNFe>${KEY}</chNFe><tpEvento>${tpEvento}</tpEvento><nSeqEvento>1</nSeqEvento><dhRegEvento>2026-01-05T11:00:00-03:00</dhRegEvento><nProt>${nProt}</nProt></infEvento></retEvento>`;
const retEnvEvento = (cOrgao: string, tpEvento: string, nProt: string) =>
  `<retEnvEvento ${NS} versao="1.00"><idLote>1</idLote>${head}<cOrgao>${cOrgao}</cOrgao><cStat>128</cStat><xMotivo>Lote de evento processado</xMotivo>${retEvento(cOrgao, tpEvento, nProt)}</retEnvEvento>`;

const ANSWERS = {
  authorizedSync: `<retEnviNFe ${NS} versao="4.00">${head}<cStat>104</cStat><xMotivo>Lote processado</xMotivo><cUF>35</cUF><dhRecbto>2026-01-05T10:00:00-03:00</dhRecbto>${protNFe}</retEnviNFe>`,
  received: `<retEnviNFe ${NS} versao="4.00">${head}<cStat>103</cStat><xMotivo>Lote recebido com sucesso</xMotivo><cUF>35</cUF><dhRecbto>2026-01-05T10:00:00-03:00</dhRecbto><infRec><nRec>351000000000001</nRec><tMed>1</tMed></infRec></retEnviNFe>`,
  receipt: `<retConsReciNFe ${NS} versao="4.00">${head}<nRec>351000000000001</nRec><cStat>104</cStat><xMotivo>Lote processado</xMotivo><cUF>35</cUF><dhRecbto>2026-01-05T10:00:01-03:00</dhRecbto>${protNFe}</retConsReciNFe>`,
  consulted: `<retConsSitNFe ${NS} versao="4.00">${head}<cStat>101</cStat><xMotivo>Cancelamento de NF-e homologado</xMotivo><cUF>35</cUF><dhRecbto>2026-01-05T12:00:00-03:00</dhRecbto><chNFe>${KEY}</chNFe>${protNFe}<procEventoNFe versao="1.00"><evento versao="1.00"><infEvento Id="ID110111${KEY}01"><cOrgao>35</cOrgao></infEvento></evento>${retEvento("35", "110111", "135260000000002")}</procEventoNFe></retConsSitNFe>`,
  inutilized: `<retInutNFe ${NS} versao="4.00"><infInut>${head}<cStat>102</cStat><xMotivo>Inutilizacao de numero homologado</xMotivo><cUF>35</cUF><ano>26</ano><CNPJ>12345678000195</CNPJ><mod>55</mod><serie>1</serie><nNFIni>5</nNFIni><nNFFin>9</nNFFin><dhRecbto>2026-01-05T10:00:00-03:00</dhRecbto><nProt>135260000000004</nProt></infInut></retInutNFe>`,
  running: `<retConsStatServ ${NS} versao="4.00">${head}<cStat>107</cStat><xMotivo>Servico em Operacao</xMotivo><cUF>35</cUF><dhRecbto>2026-01-05T10:00:00-03:00</dhRecbto><tMed>2</tMed></retConsStatServ>`,
};

/** A cut fragment stands on its own: well-formed, its root's prefix (if any) bound to the NF-e namespace. */
function expectStandalone(fragment: string, name: string) {
  expect(XMLValidator.validate(fragment)).toBe(true);
  const root = new RegExp(`^<(?:([\\w.-]+):)?${name}[\\s>]`).exec(fragment);
  expect(root).not.toBeNull();
  if (root?.[1]) expect(fragment.slice(0, fragment.indexOf(">"))).toContain(`xmlns:${root[1]}="${NFE_NS}"`);
}

const eventFor = (cOrgao: string, tpEvento: string) => `<evento ${NS} versao="1.00"><infEvento Id="ID${tpEvento}${KEY}01"><cOrgao>${cOrgao}</cOrgao><tpEvento>${tpEvento}</tpEvento></infEvento></evento>`;

const loopback = setUpReplayClient();

describe.each(STYLES)("lifecycle in the %s style", (_style, file) => {
  const template = recordedAnswer(file);
  const wrap = (message: string) => rewrap(template, message);

  it("keeps the recorded envelope, prefixes and quotes around the new message", () => {
    const wrapped = wrap(ANSWERS.running);
    const at = /<(?:[\w.-]+:)?ret\w+[\s>]/.exec(template)!.index;
    expect(wrapped.slice(0, at)).toBe(template.slice(0, at));
    expect(wrapped).not.toBe(template);
    expect(XMLValidator.validate(wrapped)).toBe(true);
  });

  it("authorize, synchronous: 104 + 100, protNFe cut and standalone", async () => {
    loopback.replay.answer("NFeAutorizacao4", wrap(ANSWERS.authorizedSync));
    const result = await loopback.client.authorize(sp, `<NFe ${NS}/>`, certificate);
    expect(result).toMatchObject({ kind: "authorized", cStat: "100", protocol: "135260000000001" });
    if (result.kind === "authorized") expectStandalone(result.protNFeXml, "protNFe");
  });

  it("authorize, asynchronous: 103, then the receipt's 104 + 100", async () => {
    loopback.replay.answer("NFeAutorizacao4", wrap(ANSWERS.received));
    loopback.replay.answer("NFeRetAutorizacao4", wrap(ANSWERS.receipt));
    const result = await loopback.client.authorize(sp, `<NFe ${NS}/>`, certificate);
    expect(result).toMatchObject({ kind: "authorized", cStat: "100", protocol: "135260000000001" });
    expect(loopback.replay.requests.at(-1)?.body).toContain("<nRec>351000000000001</nRec>");
  });

  it("consult: the authorization protocol and the registered cancellation", async () => {
    loopback.replay.answer("NFeConsultaProtocolo4", wrap(ANSWERS.consulted));
    const result = await loopback.client.consult(sp, KEY, certificate);
    expect(result).toMatchObject({ kind: "authorized", protocol: "135260000000001", events: [{ tpEvento: "110111", sequence: 1, cStat: "135", protocol: "135260000000002" }] });
    if (result.kind !== "authorized") return;
    expectStandalone(result.protNFeXml, "protNFe");
    expectStandalone(result.events[0]!.procEventoXml, "procEventoNFe");
  });

  it.each([
    ["cancellation", "35", "110111", "/ws/nferecepcaoevento4.asmx"],
    ["CC-e", "35", "110110", "/ws/nferecepcaoevento4.asmx"],
    ["delivery receipt at AN", "91", "110130", "/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx"],
    ["delivery receipt cancellation at AN", "91", "110131", "/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx"],
  ])("event: %s", async (_name, cOrgao, tpEvento, path) => {
    loopback.replay.answer("NFeRecepcaoEvento4", wrap(retEnvEvento(cOrgao, tpEvento, "135260000000003")));
    const result = await loopback.client.sendEvent(sp, eventFor(cOrgao, tpEvento), certificate);
    expect(result).toMatchObject({ kind: "authorized", cStat: "135", protocol: "135260000000003" });
    expect(loopback.replay.requests.at(-1)?.url).toBe(path);
    if (result.kind === "authorized") expectStandalone(result.retEventoXml, "retEvento");
  });

  it("inutilization 102", async () => {
    loopback.replay.answer("NFeInutilizacao4", wrap(ANSWERS.inutilized));
    const result = await loopback.client.inutilize(sp, `<inutNFe ${NS}/>`, certificate);
    expect(result).toMatchObject({ kind: "authorized", cStat: "102", protocol: "135260000000004" });
    if (result.kind === "authorized") expectStandalone(result.retInutNFeXml, "retInutNFe");
  });

  it("status 107", async () => {
    loopback.replay.answer("NFeStatusServico4", wrap(ANSWERS.running));
    expect(await loopback.client.status(sp, certificate)).toMatchObject({ kind: "authorized", cStat: "107", averageSeconds: 2 });
  });
});
