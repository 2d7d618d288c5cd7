import { STATES } from "@/lib/br";
import { db } from "@/lib/db/client";
import { nfeCargoOf } from "./nfe-cargo";

// What the dashboard's "Novo manifesto" offers (issue 55 item 6: create from selected NF-e): the
// company's AUTHORIZED NF-e of its current environment, newest first, each with where it is
// unloaded — read from the NF-e as authorized, as POST /v1/transport-manifests reads it (delivery
// place, else recipient: nfe-cargo.ts) — and whether an open manifest already carries it; the vehicles of its carriers with the MDF-e data stored with them;
// and the loading municipality the API defaults to (the company's), offered for "carregamento posterior".

export type ManifestCandidate = {
  id: string;
  accessKey: string;
  series: number | null;
  number: number;
  issuedAt: string;
  totalValue: string;
  clientName: string;
  municipalityCode: string | null;
  municipalityName: string | null;
  state: string | null;
  onOpenManifest: boolean;
};

export type ManifestVehicleOption = { id: string; plate: string; state: string; carrierName: string; ready: boolean };

const LIMIT = 100;

export async function listManifestCandidates(companyId: string): Promise<{ documents: ManifestCandidate[]; vehicles: ManifestVehicleOption[]; loading: { code: string; name: string } }> {
  const company = await db.company.findFirstOrThrow({ where: { id: companyId }, select: { environment: true, municipalityCode: true, city: true } });
  const documents = await db.fiscalDocument.findMany({
    where: { companyId, type: "NFE", status: "AUTHORIZED", environment: company.environment, accessKey: { not: null } },
    orderBy: [{ issueDateTime: "desc" }, { id: "desc" }],
    take: LIMIT,
    select: { id: true, accessKey: true, series: true, number: true, issueDateTime: true, totalValue: true, clientSnapshot: true, authorizedXml: true },
  });
  const carried = await db.transportManifestDocument.findMany({
    where: { documentId: { in: documents.map((d) => d.id) }, manifest: { companyId, status: { in: ["AUTHORIZED", "PROCESSING", "CONTINGENCY"] } } },
    select: { documentId: true },
  });
  const onOpen = new Set(carried.map((c) => c.documentId));
  const vehicles = await db.vehicle.findMany({
    where: { carrier: { companyId } },
    orderBy: [{ plate: "asc" }],
    select: { id: true, plate: true, state: true, tareKg: true, bodyType: true, wheelType: true, carrier: { select: { name: true } } },
  });
  return {
    documents: documents.map((d) => {
      const client = d.clientSnapshot as { name?: string };
      const unloading = d.authorizedXml ? nfeCargoOf(d.authorizedXml).unloading : null;
      return {
        id: d.id,
        accessKey: d.accessKey!,
        series: d.series,
        number: d.number,
        issuedAt: d.issueDateTime.toISOString(),
        totalValue: d.totalValue.toFixed(2),
        clientName: client.name ?? "",
        municipalityCode: unloading?.code ?? null,
        municipalityName: unloading?.name ?? null,
        state: unloading ? (STATES.find((s) => s.cUF === unloading.code.slice(0, 2))?.uf ?? null) : null,
        onOpenManifest: onOpen.has(d.id),
      };
    }),
    // ready: the stored data covers what an MDF-e needs (tara, tpCar, tpRod); otherwise the form asks for it.
    vehicles: vehicles.map((v) => ({ id: v.id, plate: v.plate, state: v.state, carrierName: v.carrier.name, ready: v.tareKg !== null && !!v.bodyType && !!v.wheelType })),
    loading: { code: company.municipalityCode, name: company.city ?? "" },
  };
}

/**
 * What the manifest page's "Incluir NF-e" (110115) offers: the same candidates, minus those an open
 * manifest already carries and those unloaded outside the manifest's unloading state (UFFim, K08
 * rule 612), which POST …/documents would refuse anyway.
 */
export async function listInclusionCandidates(companyId: string, manifest: { endState: string }): Promise<ManifestCandidate[]> {
  const { documents } = await listManifestCandidates(companyId);
  return documents.filter((d) => !d.onOpenManifest && d.state === manifest.endState);
}
