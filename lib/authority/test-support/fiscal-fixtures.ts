import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { buildAccessKey, randomCnf } from "@/lib/fiscal/nfe/access-key";
import { testSigningCredentials } from "@/lib/fiscal/nfe/test-support/test-credentials";
import { signXml, type SigningCredentials } from "@/lib/fiscal/xml/xml-signature";
import { formatDateTimeWithOffset } from "../simulator/clock";

// Signed requests for the client ↔ simulator tests, made with the real
// signer and checked by the real schemas. The NF-e starts from the vendored
// sped-nfe example (schema-valid), re-numbered for the test's company and
// re-signed; events and voiding requests are written field by field.

const NFE_EXAMPLE = "/work/shared/fiscal/examples/nfe/nfe-55-signed-hom.xml";
const NFE_NS = "http://www.portalfiscal.inf.br/nfe";
const TZ = "America/Sao_Paulo";

export function credentialsFor(cnpj: string): SigningCredentials {
  return testSigningCredentials(cnpj);
}

export type NfeFixture = { xml: string; accessKey: string; cnpj: string; series: number; number: number };

/** An RS (cUF 43) homologation NF-e 55 for `cnpj`, numbered and signed with that CNPJ's test certificate. */
export function signedNfe(options: { cnpj: string; series: number; number: number; issuedAt?: Date; signWith?: SigningCredentials }): NfeFixture {
  const issuedAt = options.issuedAt ?? new Date();
  const dhEmi = formatDateTimeWithOffset(issuedAt, TZ);
  const cNF = randomCnf(options.number);
  const key = buildAccessKey({
    cUF: "43",
    yearMonth: dhEmi.slice(2, 4) + dhEmi.slice(5, 7),
    issuerDocument: options.cnpj,
    model: "55",
    series: options.series,
    number: options.number,
    tpEmis: "1",
    cNF,
  });
  const unsigned = readFileSync(NFE_EXAMPLE, "utf8")
    .replace(/^<\?xml[^>]*>\s*/, "")
    .replace(/<Signature[\s\S]*<\/Signature>/, "")
    .replace(/>\s+</g, "><")
    .trim()
    .replace(/Id="NFe\d{44}"/, `Id="NFe${key}"`)
    .replace(/<cNF>\d+<\/cNF>/, `<cNF>${cNF}</cNF>`)
    .replace(/<serie>\d+<\/serie>/, `<serie>${options.series}</serie>`)
    .replace(/<nNF>\d+<\/nNF>/, `<nNF>${options.number}</nNF>`)
    .replace(/<dhEmi>[^<]+<\/dhEmi>/, `<dhEmi>${dhEmi}</dhEmi>`)
    .replace(/<dhSaiEnt>[^<]+<\/dhSaiEnt>/, `<dhSaiEnt>${dhEmi}</dhSaiEnt>`)
    .replace(/<cDV>\d<\/cDV>/, `<cDV>${key.slice(-1)}</cDV>`)
    .replace(/<emit><CNPJ>\d+<\/CNPJ>/, `<emit><CNPJ>${options.cnpj}</CNPJ>`);
  const xml = signXml(unsigned, options.signWith ?? credentialsFor(options.cnpj), { tag: "infNFe" });
  return { xml, accessKey: key, cnpj: options.cnpj, series: options.series, number: options.number };
}

const CCE_CONDITIONS =
  "A Carta de Correcao e disciplinada pelo paragrafo 1o-A do art. 7o do Convenio S/N, de 15 de dezembro de 1970 e pode ser utilizada para regularizacao de erro ocorrido na emissao de documento fiscal, desde que o erro nao esteja relacionado com: I - as variaveis que determinam o valor do imposto tais como: base de calculo, aliquota, diferenca de preco, quantidade, valor da operacao ou da prestacao; II - a correcao de dados cadastrais que implique mudanca do remetente ou do destinatario; III - a data de emissao ou de saida.";

export type EventFixture =
  | { tpEvento: "110110"; correction: string }
  | { tpEvento: "110111"; protocol: string; justification: string }
  | { tpEvento: "110130"; deliveredAt: Date; receiverName: string; receiverDocument: string; proof: Buffer }
  | { tpEvento: "110131"; receiptProtocol: string };

function detEvento(event: EventFixture, accessKey: string, at: string): string {
  switch (event.tpEvento) {
    case "110110":
      return `<descEvento>Carta de Correcao</descEvento><xCorrecao>${event.correction}</xCorrecao><xCondUso>${CCE_CONDITIONS}</xCondUso>`;
    case "110111":
      return `<descEvento>Cancelamento</descEvento><nProt>${event.protocol}</nProt><xJust>${event.justification}</xJust>`;
    case "110130": {
      // hashComprovante: SHA-1 of the access key concatenated with the proof, base64 (NT 2020.007).
      const hash = createHash("sha1").update(accessKey).update(event.proof).digest("base64");
      return (
        `<descEvento>Comprovante de Entrega da NF-e</descEvento><cOrgaoAutor>${accessKey.slice(0, 2)}</cOrgaoAutor><tpAutor>1</tpAutor><verAplic>TESTE-1.0</verAplic>` +
        `<dhEntrega>${formatDateTimeWithOffset(event.deliveredAt, TZ)}</dhEntrega><nDoc>${event.receiverDocument}</nDoc><xNome>${event.receiverName}</xNome>` +
        `<hashComprovante>${hash}</hashComprovante><dhHashComprovante>${at}</dhHashComprovante>`
      );
    }
    case "110131":
      return `<descEvento>Cancelamento Comprovante de Entrega da NF-e</descEvento><cOrgaoAutor>${accessKey.slice(0, 2)}</cOrgaoAutor><tpAutor>1</tpAutor><verAplic>TESTE-1.0</verAplic><nProtEvento>${event.receiptProtocol}</nProtEvento>`;
  }
}

/** A signed <evento> for `accessKey`; delivery-receipt events go to the national environment (cOrgao 91). */
export function signedEvent(options: { cnpj: string; accessKey: string; sequence: number; event: EventFixture; at?: Date; signWith?: SigningCredentials }): string {
  const at = formatDateTimeWithOffset(options.at ?? new Date(), TZ);
  const { tpEvento } = options.event;
  const cOrgao = tpEvento === "110130" || tpEvento === "110131" ? "91" : options.accessKey.slice(0, 2);
  const id = `ID${tpEvento}${options.accessKey}${String(options.sequence).padStart(2, "0")}`;
  const xml =
    `<evento xmlns="${NFE_NS}" versao="1.00"><infEvento Id="${id}"><cOrgao>${cOrgao}</cOrgao><tpAmb>2</tpAmb><CNPJ>${options.cnpj}</CNPJ>` +
    `<chNFe>${options.accessKey}</chNFe><dhEvento>${at}</dhEvento><tpEvento>${tpEvento}</tpEvento><nSeqEvento>${options.sequence}</nSeqEvento>` +
    `<verEvento>1.00</verEvento><detEvento versao="1.00">${detEvento(options.event, options.accessKey, at)}</detEvento></infEvento></evento>`;
  return signXml(xml, options.signWith ?? credentialsFor(options.cnpj), { tag: "infEvento" });
}

/** A signed <inutNFe> for an RS (cUF 43) model 55 series. */
export function signedInutilization(options: { cnpj: string; series: number; start: number; end: number; year?: number; justification?: string }): string {
  const year = String(options.year ?? new Date().getUTCFullYear()).slice(-2);
  const id = `ID43${year}${options.cnpj}55${String(options.series).padStart(3, "0")}${String(options.start).padStart(9, "0")}${String(options.end).padStart(9, "0")}`;
  const xml =
    `<inutNFe xmlns="${NFE_NS}" versao="4.00"><infInut Id="${id}"><tpAmb>2</tpAmb><xServ>INUTILIZAR</xServ><cUF>43</cUF><ano>${year}</ano>` +
    `<CNPJ>${options.cnpj}</CNPJ><mod>55</mod><serie>${options.series}</serie><nNFIni>${options.start}</nNFIni><nNFFin>${options.end}</nNFFin>` +
    `<xJust>${options.justification ?? "Numeracao pulada por falha no sistema emissor"}</xJust></infInut></inutNFe>`;
  return signXml(xml, credentialsFor(options.cnpj), { tag: "infInut" });
}
