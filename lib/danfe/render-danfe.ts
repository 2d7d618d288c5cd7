import { Font, renderToBuffer, type DocumentProps } from "@react-pdf/renderer";
import { createElement, type ReactElement } from "react";
import { qrCodePng } from "./barcode";
import type { DanfeData } from "./danfe-data";
import { DanfeNfceDocument, type NfceRollWidth } from "./danfe-nfce-document";
import type { DanfeLogo } from "./danfe-logo";
import { DanfeNfeDocument } from "./danfe-nfe-document";
import type { DanfeOrientation } from "./danfe-nfe-pages";
import { parseAuthorizedXml } from "./parse-authorized-xml";
import "./standard-font-cache";
import { loadTextMetrics } from "./text-width";

// Hyphenating every word triples react-pdf's layout time; a DANFE's short
// fields wrap at word boundaries without it.
Font.registerHyphenationCallback((word) => [word]);

export type RenderDanfeOptions = {
  /** Prints the "CANCELADA" mark (the authorized XML itself does not say so). */
  cancelled?: boolean;
  /** NF-e only: A4 portrait (default) or landscape. */
  orientation?: DanfeOrientation;
  /** NFC-e only: roll width in millimetres, 80 (default) or 58. */
  width?: NfceRollWidth;
  /** The issuer's logo (the company's, unless it switched printing off): in "identificação do emitente" of the DANFE, on top of division I of the DANFE NFC-e. */
  logo?: DanfeLogo;
  /** NF-e only: false leaves out the canhoto (the company's choice; default printed). */
  receiptStub?: boolean;
  /** The company's message at the foot of every DANFE sheet and of the DANFE NFC-e roll. */
  footerMessage?: string;
  /** NFC-e only: the summary layout (DANFE NFC-e resumido), without the items (lib/danfe/nfce-receipt.ts). */
  nfceSummary?: boolean;
};

/**
 * The PDF of an authorized NF-e or NFC-e, from its nfeProc XML: model 55 gives
 * the A4 DANFE, model 65 the DANFE NFC-e roll with its QR code.
 */
export async function renderDanfe(authorizedXml: string, options: RenderDanfeOptions = {}): Promise<Buffer> {
  return renderDanfeData(parseAuthorizedXml(authorizedXml), options);
}

/** The PDF of already parsed DANFE data (a preview is parsed from the unsigned XML). */
export async function renderDanfeData(data: DanfeData, options: RenderDanfeOptions = {}): Promise<Buffer> {
  const cancelled = options.cancelled ?? false;
  await loadTextMetrics();
  if (data.model === "65") {
    const qrCode = data.qrCode && !data.preview ? await qrCodePng(data.qrCode) : undefined;
    return renderToBuffer(asDocument(createElement(DanfeNfceDocument, { data, qrCode, cancelled, width: options.width ?? 80, logo: options.logo, footerMessage: options.footerMessage, summary: options.nfceSummary })));
  }
  return renderToBuffer(asDocument(createElement(DanfeNfeDocument, { data, cancelled, orientation: options.orientation ?? "portrait", logo: options.logo, receiptStub: options.receiptStub, footerMessage: options.footerMessage })));
}

// Both components return a <Document>; renderToBuffer's typing wants to see it directly.
const asDocument = (element: ReactElement) => element as ReactElement<DocumentProps>;
