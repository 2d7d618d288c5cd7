import { renderToBuffer, type DocumentProps } from "@react-pdf/renderer";
import { createElement, type ReactElement } from "react";
import { qrCodePng } from "@/lib/danfe/barcode";
import { DanfseDocument } from "./danfse-document";
import { parseNfse, type DanfseData } from "./parse-nfse";

/** QR content of the DANFSe v2.0: the public consultation with the key (NOTES.md §5). */
export function danfseQrContent(accessKey: string): string {
  return `https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=${accessKey}`;
}

/** The DANFSe v2.0 PDF of an authorized NFS-e, from its XML. */
export async function renderDanfse(nfseXml: string, options: { cancelled?: boolean } = {}): Promise<Buffer> {
  return renderDanfseData(parseNfse(nfseXml), options);
}

/** The DANFSe of parsed data: a preview (parseDpsPreview) has no key, so no QR code. */
export async function renderDanfseData(data: DanfseData, options: { cancelled?: boolean } = {}): Promise<Buffer> {
  const qrCode = data.preview ? undefined : await qrCodePng(danfseQrContent(data.accessKey));
  const element = createElement(DanfseDocument, { data, qrCode, cancelled: options.cancelled ?? false }) as ReactElement<DocumentProps>;
  return renderToBuffer(element);
}
