import type { DanfeData } from "@/lib/danfe/danfe-data";
import type { RenderDanfeOptions } from "@/lib/danfe/render-danfe";
import type { DanfeLogo } from "@/lib/danfe/danfe-logo";
import type { DanfseData } from "@/lib/danfse/parse-nfse";

/**
 * One PDF to render, as plain data (it crosses to a render worker by structured clone):
 * the DANFE (A4 or NFC-e) of parsed data, the DANFSe of an NFS-e or of preview data,
 * and the DACCE of a correction letter.
 */
export type PdfJob =
  | { kind: "danfe"; data: DanfeData; options: RenderDanfeOptions }
  | { kind: "danfe-xml"; authorizedXml: string; options: RenderDanfeOptions }
  | { kind: "danfse"; nfseXml: string; cancelled: boolean; logo?: DanfeLogo }
  | { kind: "danfse-preview"; data: DanfseData; logo?: DanfeLogo }
  | { kind: "dacce"; eventXml: string; authorizedXml: string; protocol: string | null; sequence: number };

/** Renders a job in this thread (a render worker, or the web process when the pool has no workers). */
export async function renderPdfJob(job: PdfJob): Promise<Buffer> {
  switch (job.kind) {
    case "danfe":
      return (await import("@/lib/danfe/render-danfe")).renderDanfeData(job.data, job.options);
    case "danfe-xml":
      return (await import("@/lib/danfe/render-danfe")).renderDanfe(job.authorizedXml, job.options);
    case "danfse":
      return (await import("@/lib/danfse/render-danfse")).renderDanfse(job.nfseXml, { cancelled: job.cancelled, logo: job.logo });
    case "danfse-preview":
      return (await import("@/lib/danfse/render-danfse")).renderDanfseData(job.data, { logo: job.logo });
    case "dacce":
      return (await import("@/lib/danfe/render-dacce")).renderDacce(job);
  }
}
