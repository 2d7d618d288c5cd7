import { gzipSync } from "node:zlib";
import { stateInfo } from "@/lib/br";
import { withoutXmlDeclaration } from "@/lib/authority/soap-transport";
import type { MdfeEndpoint } from "./endpoints";
import type { MdfeEnvironment } from "./types";

// Request messages of the MDF-e 3.00 services and their SOAP 1.2 envelope (MOC MDF-e 3.00a, item 3:
// mdfeCabecMsg with cUF and versaoDados in the header, mdfeDadosMsg in the body). MDFeRecepcaoSinc
// receives the MDFe itself compressed with gzip and encoded in base64 (MOC 3.00a, item 4.2).

const NS = "http://www.portalfiscal.inf.br/mdfe";
const VERSION = "3.00";
const SOAP12_NS = "http://www.w3.org/2003/05/soap-envelope";

const tpAmb = (environment: MdfeEnvironment) => (environment === "PRODUCTION" ? "1" : "2");

export function consSitMDFe(environment: MdfeEnvironment, accessKey: string): string {
  return `<consSitMDFe xmlns="${NS}" versao="${VERSION}"><tpAmb>${tpAmb(environment)}</tpAmb><xServ>CONSULTAR</xServ><chMDFe>${accessKey}</chMDFe></consSitMDFe>`;
}

export function consStatServMDFe(environment: MdfeEnvironment): string {
  return `<consStatServMDFe xmlns="${NS}" versao="${VERSION}"><tpAmb>${tpAmb(environment)}</tpAmb><xServ>STATUS</xServ></consStatServMDFe>`;
}

export function consMDFeNaoEnc(environment: MdfeEnvironment, cnpj: string): string {
  return `<consMDFeNaoEnc xmlns="${NS}" versao="${VERSION}"><tpAmb>${tpAmb(environment)}</tpAmb><xServ>CONSULTAR NÃO ENCERRADOS</xServ><CNPJ>${cnpj}</CNPJ></consMDFeNaoEnc>`;
}

/** The MDFeRecepcaoSinc payload: base64(gzip(MDFe)). */
export function compressedMdfe(signedMdfeXml: string): string {
  return gzipSync(Buffer.from(withoutXmlDeclaration(signedMdfeXml), "utf8")).toString("base64");
}

export function mdfeSoapEnvelope(endpoint: MdfeEndpoint, uf: string, payload: string): string {
  return (
    `<?xml version="1.0" encoding="utf-8"?>` +
    `<soap12:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap12="${SOAP12_NS}">` +
    `<soap12:Header><mdfeCabecMsg xmlns="${endpoint.namespace}"><cUF>${stateInfo(uf).cUF}</cUF><versaoDados>${VERSION}</versaoDados></mdfeCabecMsg></soap12:Header>` +
    `<soap12:Body><mdfeDadosMsg xmlns="${endpoint.namespace}">${payload}</mdfeDadosMsg></soap12:Body>` +
    `</soap12:Envelope>`
  );
}

/** A SOAP 1.2 answer around a ret* message (the simulator writes it; SVRS wraps it in mdfe<Method>Result). */
export function mdfeSoapAnswer(endpoint: MdfeEndpoint, retXml: string): string {
  return (
    `<?xml version="1.0" encoding="utf-8"?>` +
    `<soap:Envelope xmlns:soap="${SOAP12_NS}"><soap:Body>` +
    `<${endpoint.method}Result xmlns="${endpoint.namespace}">${retXml}</${endpoint.method}Result>` +
    `</soap:Body></soap:Envelope>`
  );
}
