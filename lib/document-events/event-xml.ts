import { createHash } from "node:crypto";

// The <evento> element of NFeRecepcaoEvento4 (MOC 4.00 item 4.8; schemas
// e110110/e110111 and NT 2020.007 for e110130/e110131), unsigned: the caller
// signs infEvento.

const NFE_NS = "http://www.portalfiscal.inf.br/nfe";
/** Version of this application printed in verAplic (TVerAplic, 1-20 chars). */
export const APP_VERSION = "fiscal-issuer-1.0";

// e110110 xCondUso: one of the two texts the schema enumerates (the one without accents).
const CCE_CONDITIONS =
  "A Carta de Correcao e disciplinada pelo paragrafo 1o-A do art. 7o do Convenio S/N, de 15 de dezembro de 1970 e pode ser utilizada para regularizacao de erro ocorrido na emissao de documento fiscal, desde que o erro nao esteja relacionado com: I - as variaveis que determinam o valor do imposto tais como: base de calculo, aliquota, diferenca de preco, quantidade, valor da operacao ou da prestacao; II - a correcao de dados cadastrais que implique mudanca do remetente ou do destinatario; III - a data de emissao ou de saida.";

export type EventDetail =
  | { tpEvento: "110110"; correction: string }
  | { tpEvento: "110111"; authorizationProtocol: string; justification: string }
  | { tpEvento: "110130"; deliveredAt: string; receiverDocument: string; receiverName: string; proofHash: string; hashedAt: string }
  | { tpEvento: "110131"; receiptProtocol: string };

export type EventXmlInput = {
  accessKey: string;
  /** Issuer CNPJ (or CPF for a natural-person issuer). */
  authorDocument: string;
  environment: "PRODUCTION" | "HOMOLOGATION";
  sequence: number;
  /** dhEvento, already formatted with the state's offset. */
  eventAt: string;
  detail: EventDetail;
};

export const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/** hashComprovante: base64 of SHA-1 over the access key concatenated with the proof (NT 2020.007, P07). */
export function proofHash(accessKey: string, proof: Buffer): string {
  return createHash("sha1").update(accessKey).update(proof).digest("base64");
}

/** Delivery-receipt events go to the national environment (cOrgao 91); the others to the key's state. */
export function eventOrgan(accessKey: string, tpEvento: EventDetail["tpEvento"]): string {
  return tpEvento === "110130" || tpEvento === "110131" ? "91" : accessKey.slice(0, 2);
}

export function eventId(tpEvento: string, accessKey: string, sequence: number): string {
  return `ID${tpEvento}${accessKey}${String(sequence).padStart(2, "0")}`;
}

function detEvento(detail: EventDetail, accessKey: string): string {
  switch (detail.tpEvento) {
    case "110110":
      return `<descEvento>Carta de Correcao</descEvento><xCorrecao>${escapeXml(detail.correction)}</xCorrecao><xCondUso>${CCE_CONDITIONS}</xCondUso>`;
    case "110111":
      return `<descEvento>Cancelamento</descEvento><nProt>${detail.authorizationProtocol}</nProt><xJust>${escapeXml(detail.justification)}</xJust>`;
    case "110130":
      return (
        `<descEvento>Comprovante de Entrega da NF-e</descEvento><cOrgaoAutor>${accessKey.slice(0, 2)}</cOrgaoAutor><tpAutor>1</tpAutor>` +
        `<verAplic>${APP_VERSION}</verAplic><dhEntrega>${detail.deliveredAt}</dhEntrega><nDoc>${detail.receiverDocument}</nDoc>` +
        `<xNome>${escapeXml(detail.receiverName)}</xNome><hashComprovante>${detail.proofHash}</hashComprovante>` +
        `<dhHashComprovante>${detail.hashedAt}</dhHashComprovante>`
      );
    case "110131":
      return (
        `<descEvento>Cancelamento Comprovante de Entrega da NF-e</descEvento><cOrgaoAutor>${accessKey.slice(0, 2)}</cOrgaoAutor>` +
        `<tpAutor>1</tpAutor><verAplic>${APP_VERSION}</verAplic><nProtEvento>${detail.receiptProtocol}</nProtEvento>`
      );
  }
}

export function buildEventXml(input: EventXmlInput): string {
  const { accessKey, detail } = input;
  const author = input.authorDocument.length === 11 ? `<CPF>${input.authorDocument}</CPF>` : `<CNPJ>${input.authorDocument}</CNPJ>`;
  return (
    `<evento xmlns="${NFE_NS}" versao="1.00"><infEvento Id="${eventId(detail.tpEvento, accessKey, input.sequence)}">` +
    `<cOrgao>${eventOrgan(accessKey, detail.tpEvento)}</cOrgao><tpAmb>${input.environment === "PRODUCTION" ? 1 : 2}</tpAmb>${author}` +
    `<chNFe>${accessKey}</chNFe><dhEvento>${input.eventAt}</dhEvento><tpEvento>${detail.tpEvento}</tpEvento>` +
    `<nSeqEvento>${input.sequence}</nSeqEvento><verEvento>1.00</verEvento>` +
    `<detEvento versao="1.00">${detEvento(detail, accessKey)}</detEvento></infEvento></evento>`
  );
}

/** envEvento around one signed evento, as sent and as the schemas validate it. */
export function envEventoXml(signedEvento: string, batchId: string): string {
  return `<envEvento xmlns="${NFE_NS}" versao="1.00"><idLote>${batchId}</idLote>${signedEvento.replace(/^<\?xml[^>]*>/, "")}</envEvento>`;
}

/** procEventoNFe: the signed request with the authority's retEvento (the stored proof of the event). */
export function procEventoXml(signedEvento: string, retEventoXml: string): string {
  return `<procEventoNFe xmlns="${NFE_NS}" versao="1.00">${signedEvento.replace(/^<\?xml[^>]*>/, "")}${retEventoXml.replace(/^<\?xml[^>]*>/, "")}</procEventoNFe>`;
}
