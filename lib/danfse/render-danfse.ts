import { renderToBuffer, type DocumentProps } from "@react-pdf/renderer";
import { createElement, type ReactElement } from "react";
import { qrCodePng } from "@/lib/danfe/barcode";
import type { DanfeLogo } from "@/lib/danfe/danfe-logo";
import { DanfseDocument } from "./danfse-document";
import { parseNfse, type DanfseData } from "./parse-nfse";

/** QR content of the DANFSe v2.0: the public consultation with the key (NOTES.md §5). */
export function danfseQrContent(accessKey: string): string {
  return `https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=${accessKey}`;
}

export type RenderDanfseOptions = {
  cancelled?: boolean;
  /** The provider's logo (the company's, unless switched off): in the header's left cell, docs/api-notes/branding.md. */
  logo?: DanfeLogo;
};

/** The DANFSe v2.0 PDF of an authorized NFS-e, from its XML. */
export async function renderDanfse(nfseXml: string, options: RenderDanfseOptions = {}): Promise<Buffer> {
  return renderDanfseData(parseNfse(nfseXml), options);
}

/** The DANFSe of parsed data: a preview (parseDpsPreview) has no key, so no QR code. */
export async function renderDanfseData(data: DanfseData, options: RenderDanfseOptions = {}): Promise<Buffer> {
  const qrCode = data.preview ? undefined : await qrCodePng(danfseQrContent(data.accessKey));
  const element = createElement(DanfseDocument, { data, qrCode, cancelled: options.cancelled ?? false, logo: options.logo }) as ReactElement<DocumentProps>;
  return renderToBuffer(element);
}
