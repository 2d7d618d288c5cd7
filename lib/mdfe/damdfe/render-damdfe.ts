import { Font, renderToBuffer, type DocumentProps } from "@react-pdf/renderer";
import { createElement, type ReactElement } from "react";
import { logoForPrinting } from "@/lib/branding/company-logo";
import { qrCodePng } from "@/lib/danfe/barcode";
import type { DanfeLogo } from "@/lib/danfe/danfe-logo";
import "@/lib/danfe/standard-font-cache";
import { loadTextMetrics } from "@/lib/danfe/text-width";
import { db } from "@/lib/db/client";
import { DomainError, notFound } from "@/lib/errors";
import { damdfeData, type DamdfeData } from "./damdfe-data";
import { DamdfeDocument } from "./damdfe-document";

Font.registerHyphenationCallback((word) => [word]);

export type DamdfeFile = { fileName: string; contentType: string; body: Buffer; download: boolean };

/** GET /v1/transport-manifests/{id}/damdfe: the PDF of a manifest the authority answered (not of a PROCESSING or REJECTED one). */
export async function renderTransportManifestDamdfe(companyId: string, id: string): Promise<DamdfeFile> {
  const manifest = await db.transportManifest.findFirst({ where: { id, companyId }, include: { documents: { orderBy: { id: "asc" } } } });
  if (!manifest) throw notFound("Transport manifest");
  if (manifest.status === "PROCESSING" || manifest.status === "REJECTED") throw new DomainError(422, "invalid_status", `A DAMDFE is printed for an authorized manifest; this one is ${manifest.status}`);
  const data = damdfeData(manifest, await qrCodePng(manifest.qrCode));
  // The company's logo unless switched off (docs/api-notes/branding.md), rendered on each request as the DANFE.
  const body = await renderDamdfe(data, { logo: await logoForPrinting(companyId) });
  return { fileName: `${manifest.accessKey}-damdfe.pdf`, contentType: "application/pdf", body, download: false };
}

/** The DAMDFE PDF of read data; `logo` prints in the issuer's box. */
export async function renderDamdfe(data: DamdfeData, options: { logo?: DanfeLogo } = {}): Promise<Buffer> {
  await loadTextMetrics();
  return renderToBuffer(createElement(DamdfeDocument, { data, logo: options.logo }) as ReactElement<DocumentProps>);
}
