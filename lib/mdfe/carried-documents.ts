import type { Company } from "@prisma/client";
import Decimal from "decimal.js";
import { db } from "@/lib/db/client";
import { unprocessable } from "@/lib/errors";
import { cteKeyProblem, CTE_MODEL } from "./cte-keys";
import { nfeCargoOf } from "./nfe-cargo";
import type { CreateTransportManifestInput } from "./schemas";
import { groupByUnloadingMunicipality, type UnloadingMunicipality } from "./unloading-groups";

// The documents on board, checked and placed in their unloading municipality (infMunDescarga):
// the company's own AUTHORIZED NF-e (model 55) of its current environment, by id or key — grouped by
// the server from the NF-e as authorized (`documents`) or placed by the caller (`unloading`) — and,
// in `unloading` only, CT-e keys (model 57), whose municipality we cannot know (we hold no CT-e).

export type CarriedDocumentRow = { documentId: string | null; accessKey: string; municipalityCode: string; municipalityName: string };

export type CarriedDocuments = {
  rows: CarriedDocumentRow[];
  /** The NF-e totals (vNF), for vCarga by default. */
  total: Decimal;
  /** The NF-e gross weights in kg, for qCarga by default; null with the reason when one is unknown. */
  weight: { kg: Decimal } | { missing: string };
  nfeCount: number;
  cteCount: number;
};

type NfeRef = { documentId: string } | { accessKey: string };
type OwnNfe = { id: string; accessKey: string; series: number | null; number: number; totalValue: Decimal; authorizedXml: string | null };

const labelOf = (ref: NfeRef) => ("documentId" in ref ? `Document ${ref.documentId}` : `NF-e ${ref.accessKey}`);
/** A key of model 57 (positions 21-22 of the key). */
export const isCteKey = (key: string) => key.slice(20, 22) === CTE_MODEL;

/** The company's own NF-e named by `refs`, in their order: each must be an AUTHORIZED NF-e of the company's current environment, listed once. */
async function loadOwnNfe(companyId: string, environment: Company["environment"], refs: NfeRef[], withXml: boolean): Promise<OwnNfe[]> {
  const ids = refs.flatMap((r) => ("documentId" in r ? [r.documentId] : []));
  const keys = refs.flatMap((r) => ("accessKey" in r ? [r.accessKey] : []));
  const found = await db.fiscalDocument.findMany({
    where: { companyId, OR: [{ id: { in: ids } }, { accessKey: { in: keys } }] },
    select: { id: true, type: true, status: true, accessKey: true, environment: true, totalValue: true, series: true, number: true, authorizedXml: withXml },
  });
  const byId = new Map(found.map((d) => [d.id, d]));
  const byKey = new Map(found.filter((d) => d.accessKey).map((d) => [d.accessKey!, d]));
  const seen = new Set<string>();
  return refs.map((ref) => {
    const label = labelOf(ref);
    const document = "documentId" in ref ? byId.get(ref.documentId) : byKey.get(ref.accessKey);
    // Another company's document reads as unknown: its existence is not ours to tell.
    if (!document) throw unprocessable("invalid_document", `${label} is not a document of this company`);
    if (document.type !== "NFE") throw unprocessable("invalid_document", `${label} is an ${document.type}: an MDF-e carries NF-e (model 55)`);
    if (document.status !== "AUTHORIZED" || !document.accessKey) {
      throw unprocessable("invalid_document", `${label} is ${document.status}: only AUTHORIZED NF-e can be manifested (a cancelled, denied or unauthorized NF-e covers no goods in transit)`);
    }
    if (document.environment !== environment) throw unprocessable("invalid_document", `${label} was issued in ${document.environment}; the company now issues in ${environment}`);
    if (seen.has(document.accessKey)) throw unprocessable("invalid_document", `${label} is listed twice`);
    seen.add(document.accessKey);
    return { id: document.id, accessKey: document.accessKey, series: document.series, number: document.number, totalValue: new Decimal(document.totalValue.toString()), authorizedXml: document.authorizedXml ?? null };
  });
}

function weightOf(documents: { nfe: OwnNfe; grossWeightKg: Decimal | null }[], cteCount: number): CarriedDocuments["weight"] {
  if (cteCount > 0) return { missing: "the weight of the goods of a CT-e is not known here" };
  const unknown = documents.find((d) => d.grossWeightKg === null);
  if (unknown) return { missing: `NF-e ${unknown.nfe.series ?? 0}/${unknown.nfe.number} has no gross weight (transp/vol/pesoB)` };
  return { kg: documents.reduce((sum, d) => sum.plus(d.grossWeightKg!), new Decimal(0)) };
}

function cargoOf(nfe: OwnNfe) {
  // A stored AUTHORIZED NF-e always has its XML; without it nothing says where it is unloaded.
  return nfe.authorizedXml ? nfeCargoOf(nfe.authorizedXml) : { unloading: null, grossWeightKg: null };
}

/** POST /v1/transport-manifests with `documents`: our NF-e grouped by where each is unloaded (delivery place, else recipient). */
export async function groupedOwnDocuments(companyId: string, environment: Company["environment"], refs: NfeRef[]): Promise<CarriedDocuments> {
  const loaded = (await loadOwnNfe(companyId, environment, refs, true)).map((nfe) => {
    const cargo = cargoOf(nfe);
    if (!cargo.unloading) {
      throw unprocessable("invalid_municipality", `NF-e ${nfe.series ?? 0}/${nfe.number} names no unloading municipality in Brazil (recipient or delivery place abroad): list its documents under unloading`);
    }
    return { nfe, unloading: cargo.unloading, grossWeightKg: cargo.grossWeightKg };
  });
  const rows = groupByUnloadingMunicipality(loaded).flatMap((g) =>
    g.documents.map((d) => ({ documentId: d.nfe.id, accessKey: d.nfe.accessKey, municipalityCode: g.municipality.code, municipalityName: g.municipality.name })),
  );
  return { rows, total: loaded.reduce((sum, d) => sum.plus(d.nfe.totalValue), new Decimal(0)), weight: weightOf(loaded, 0), nfeCount: loaded.length, cteCount: 0 };
}

type UnloadingInput = UnloadingMunicipality & { documents: (NfeRef | { cteAccessKey: string })[] };

/** `unloading` given by hand (creation and 110115): our NF-e and, where allowed, CT-e keys, each in the caller's municipality. */
export async function carriedDocuments(companyId: string, environment: Company["environment"], body: { unloading: UnloadingInput[] }, options: { withWeights?: boolean } = {}): Promise<CarriedDocuments> {
  const nfeRefs = body.unloading.flatMap((u) => u.documents.flatMap((d) => ("cteAccessKey" in d ? [] : [d])));
  const own = await loadOwnNfe(companyId, environment, nfeRefs, options.withWeights ?? false);
  const byRef = new Map(nfeRefs.map((ref, i) => [ref, own[i]!]));
  const rows: CarriedDocumentRow[] = [];
  const seenCte = new Set<string>();
  for (const unloading of body.unloading) {
    for (const ref of unloading.documents) {
      let accessKey: string;
      let documentId: string | null = null;
      if ("cteAccessKey" in ref) {
        const problem = cteKeyProblem(ref.cteAccessKey);
        if (problem) throw unprocessable("invalid_document", `CT-e key ${ref.cteAccessKey} is not valid: ${problem}`);
        if (seenCte.has(ref.cteAccessKey)) throw unprocessable("invalid_document", `CT-e ${ref.cteAccessKey} is listed twice`);
        seenCte.add(ref.cteAccessKey);
        accessKey = ref.cteAccessKey;
      } else {
        const nfe = byRef.get(ref)!;
        accessKey = nfe.accessKey;
        documentId = nfe.id;
      }
      rows.push({ documentId, accessKey, municipalityCode: unloading.code, municipalityName: unloading.name });
    }
  }
  const weights = options.withWeights ? own.map((nfe) => ({ nfe, grossWeightKg: cargoOf(nfe).grossWeightKg })) : [];
  return {
    rows,
    total: own.reduce((sum, d) => sum.plus(d.totalValue), new Decimal(0)),
    weight: options.withWeights ? weightOf(weights, seenCte.size) : { missing: "not computed" },
    nfeCount: own.length,
    cteCount: seenCte.size,
  };
}

/** The documents of a creation request, by whichever of `documents` or `unloading` it gives. */
export function documentsOfRequest(companyId: string, environment: Company["environment"], body: Pick<CreateTransportManifestInput, "documents" | "unloading">): Promise<CarriedDocuments> {
  if (body.documents) return groupedOwnDocuments(companyId, environment, body.documents);
  return carriedDocuments(companyId, environment, { unloading: body.unloading! }, { withWeights: true });
}
