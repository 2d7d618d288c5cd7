import { db } from "@/lib/db/client";
import { DomainError, notFound } from "@/lib/errors";
import { resolveManifest } from "../resolve-manifest";
import type { CreateTransportManifestInput } from "../schemas";
import { buildMdfe } from "../xml/build-mdfe";
import type { MdfeInput } from "../xml/types";
import { damdfePreviewData, type DamdfeData } from "./damdfe-data";

// The DAMDFE before emission (issue 55 item 4), as the DANFE preview of a draft NF-e
// (lib/downloads/preview-danfe-data.ts): the manifest as emission would resolve and build it, printed
// without key, barcode, QR Code or protocol and marked PRÉ-VISUALIZAÇÃO – SEM VALOR FISCAL. Nothing
// is numbered, signed, stored or sent. An MDF-e has no draft (POST /v1/transport-manifests issues at
// once), so the preview of a new one takes the creation body; a REJECTED one, never authorized,
// previews from what it was built from.

/** The number the unsigned build needs to compose a key; never printed (the preview has no number). */
const PLACEHOLDER_NUMBER = 1;

/**
 * POST /v1/transport-manifests/preview: the creation body's DAMDFE. The same resolution as
 * emission (documents, vehicle, route, municipalities), so it refuses what emission refuses with the
 * same 422 codes; the XML is built unsigned (no certificate needed) and thrown away.
 */
export async function newManifestPreviewData(input: { companyId: string; body: CreateTransportManifestInput; now?: Date }): Promise<DamdfeData> {
  const company = await db.company.findFirstOrThrow({ where: { id: input.companyId } });
  const resolved = await resolveManifest(company, input.body, input.now ?? new Date());
  buildMdfe({ ...resolved.input, number: PLACEHOLDER_NUMBER, tpEmis: "1" });
  const documents = resolved.documents.map((d) => ({ accessKey: d.accessKey, unloadingMunicipalityCode: d.municipalityCode, unloadingMunicipalityName: d.municipalityName }));
  return damdfePreviewData(resolved.input, documents, null);
}

/** GET /v1/transport-manifests/{id}/damdfe?preview=true: a REJECTED manifest as it would print (its number kept, no key). */
export async function rejectedManifestPreviewData(companyId: string, id: string): Promise<DamdfeData> {
  const manifest = await db.transportManifest.findFirst({ where: { id, companyId }, include: { documents: { orderBy: { id: "asc" } } } });
  if (!manifest) throw notFound("Transport manifest");
  if (manifest.status !== "REJECTED") {
    throw new DomainError(422, "preview_not_applicable", `A preview is for a REJECTED manifest (never authorized); this one is ${manifest.status}${manifest.status === "PROCESSING" ? " (its outcome is unknown: emit it to settle it)" : " (download its DAMDFE without preview)"}`);
  }
  return damdfePreviewData(manifest.input as unknown as MdfeInput, manifest.documents, manifest.number);
}
