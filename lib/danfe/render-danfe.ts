import { Font, renderToBuffer, type DocumentProps } from "@react-pdf/renderer";
import { createElement, type ReactElement } from "react";
import { qrCodePng } from "./barcode";
import { DanfeNfceDocument } from "./danfe-nfce-document";
import { DanfeNfeDocument } from "./danfe-nfe-document";
import { parseAuthorizedXml } from "./parse-authorized-xml";

// Hyphenating every word triples react-pdf's layout time; a DANFE's short
// fields wrap at word boundaries without it.
Font.registerHyphenationCallback((word) => [word]);

export type RenderDanfeOptions = {
  /** Prints the "CANCELADA" mark (the authorized XML itself does not say so). */
  cancelled?: boolean;
};

/**
 * The PDF of an authorized NF-e or NFC-e, from its nfeProc XML: model 55 gives
 * the A4 DANFE, model 65 the 80 mm DANFE NFC-e with its QR code.
 */
export async function renderDanfe(authorizedXml: string, options: RenderDanfeOptions = {}): Promise<Buffer> {
  const data = parseAuthorizedXml(authorizedXml);
  const cancelled = options.cancelled ?? false;
  if (data.model === "65") {
    const qrCode = data.qrCode ? await qrCodePng(data.qrCode) : undefined;
    return renderToBuffer(asDocument(createElement(DanfeNfceDocument, { data, qrCode, cancelled })));
  }
  return renderToBuffer(asDocument(createElement(DanfeNfeDocument, { data, cancelled })));
}

// Both components return a <Document>; renderToBuffer's typing wants to see it directly.
const asDocument = (element: ReactElement) => element as ReactElement<DocumentProps>;
