/**
 * Inclusão de DF-e (110115) is taken only for an open (AUTHORIZED) manifest issued for loading later,
 * indCarregaPosterior=1 (MOC MDF-e 3.00 6.4.1 K05: 708 for any other). The API refuses the rest before
 * calling the SVRS; the dashboard offers the action only where this holds.
 */
export function acceptsDocumentInclusion(manifest: { status: string; loadingLater: boolean }): boolean {
  return manifest.status === "AUTHORIZED" && manifest.loadingLater;
}
