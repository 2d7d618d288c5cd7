import { Font, renderToBuffer, type DocumentProps } from "@react-pdf/renderer";
import { createElement, type ReactElement } from "react";
import { logoForPrinting } from "@/lib/branding/company-logo";
import { qrCodePng } from "@/lib/danfe/barcode";
import type { DanfeLogo } from "@/lib/danfe/danfe-logo";
import "@/lib/danfe/standard-font-cache";
import { loadTextMetrics } from "@/lib/danfe/text-width";
import { db } from "@/lib/db/client";
import { answerInvitesRetry } from "@/lib/db/idempotent-run";
import { DomainError, notFound } from "@/lib/errors";
import { damdfeData, type DamdfeData } from "./damdfe-data";
import { DamdfeDocument } from "./damdfe-document";
import { newManifestPreviewData, rejectedManifestPreviewData } from "./preview-damdfe";
import type { CreateTransportManifestInput } from "../schemas";

Font.registerHyphenationCallback((word) => [word]);

export type DamdfeFile = { fileName: string; contentType: string; body: Buffer; download: boolean };

/**
 * GET /v1/transport-manifests/{id}/damdfe: the PDF of a manifest the authority answered or issued in
 * contingency (not of a PROCESSING or REJECTED one); with preview=true, a REJECTED one as it would
 * print, without fiscal value (preview-damdfe.ts).
 */
export async function renderTransportManifestDamdfe(companyId: string, id: string, query: { preview?: boolean } = {}): Promise<DamdfeFile> {
  if (query.preview) {
    const body = await renderDamdfe(await rejectedManifestPreviewData(companyId, id), { logo: await logoForPrinting(companyId) });
    return { fileName: `${id}-preview-damdfe.pdf`, contentType: "application/pdf", body, download: false };
  }
  const manifest = await db.transportManifest.findFirst({ where: { id, companyId }, include: { documents: { orderBy: { id: "asc" } } } });
  if (!manifest) throw notFound("Transport manifest");
  if (manifest.status === "PROCESSING" || manifest.status === "REJECTED") {
    throw new DomainError(422, "invalid_status", `A DAMDFE is printed for an authorized manifest; this one is ${manifest.status}${manifest.status === "REJECTED" ? " (preview=true shows it as it would print, without fiscal value)" : ""}`);
  }
  const data = damdfeData(manifest, await qrCodePng(manifest.qrCode));
  // The company's logo unless switched off (docs/api-notes/branding.md), rendered on each request as the DANFE.
  const body = await renderDamdfe(data, { logo: await logoForPrinting(companyId) });
  return { fileName: `${manifest.accessKey}-damdfe.pdf`, contentType: "application/pdf", body, download: false };
}

/** POST /v1/transport-manifests/preview: the DAMDFE a creation body would print, before anything is issued. */
export async function previewTransportManifestDamdfe(input: { companyId: string; body: CreateTransportManifestInput; now?: Date }): Promise<DamdfeFile> {
  // An Idempotency-Key's record keeps answers as text, which a PDF is not: the preview's answer is not
  // kept, so a repeated key renders again (harmless: a preview writes nothing).
  answerInvitesRetry();
  const body = await renderDamdfe(await newManifestPreviewData(input), { logo: await logoForPrinting(input.companyId) });
  return { fileName: "preview-damdfe.pdf", contentType: "application/pdf", body, download: false };
}

/** The DAMDFE PDF of read data; `logo` prints in the issuer's box. */
export async function renderDamdfe(data: DamdfeData, options: { logo?: DanfeLogo } = {}): Promise<Buffer> {
  await loadTextMetrics();
  return renderToBuffer(createElement(DamdfeDocument, { data, logo: options.logo }) as ReactElement<DocumentProps>);
}
