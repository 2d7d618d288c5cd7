// The NF-e on board grouped by where they are unloaded (infMunDescarga, MOC MDF-e 3.00a: one group per
// unloading municipality, its documents inside). Pure, so the dashboard previews the same grouping the
// server builds (POST /v1/transport-manifests with `documents`).

export type UnloadingMunicipality = { code: string; name: string };

export type UnloadingGroup<T> = { municipality: UnloadingMunicipality; documents: T[] };

/** Groups in the order each municipality first appears; documents keep their order inside a group. */
export function groupByUnloadingMunicipality<T extends { unloading: UnloadingMunicipality }>(documents: readonly T[]): UnloadingGroup<T>[] {
  const groups = new Map<string, UnloadingGroup<T>>();
  for (const document of documents) {
    const group = groups.get(document.unloading.code) ?? { municipality: document.unloading, documents: [] };
    group.documents.push(document);
    groups.set(document.unloading.code, group);
  }
  return [...groups.values()];
}
