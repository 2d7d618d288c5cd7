import { loadTable } from "./load-tables";

// The indicators of the official IBS/CBS tables (cclasstrib.csv, cst-ibscbs.csv; SOURCES.md) that
// the national NFS-e's IBS/CBS rules read (Anexo I v1.01, rows 629-641: the "CALCULADORA" flags).

export type IbsCbsClassFlags = {
  /** The CST the class belongs to (the sheet's own column, not the code's first digits). */
  cst: string;
  /** indNFSe: the class may be used on an NFS-e (validoParaSiglaDfeInformado; E0958, E0969). */
  validForNfse: boolean;
  /** ind_gTribRegular: the class requires the gTribRegular group (exigeGrupoTributacaoRegular; E0964, E0965). */
  requiresRegularGroup: boolean;
};

let classes: Map<string, IbsCbsClassFlags> | undefined;
let deferral: Map<string, boolean> | undefined;

/** The flags of a cClassTrib, or null when the table has no such code. */
export function ibsCbsClassFlags(code: string): IbsCbsClassFlags | null {
  classes ??= new Map(
    loadTable("cclasstrib").map((entry) => [
      entry.code,
      { cst: String(entry.filters?.cst ?? ""), validForNfse: entry.filters?.nfse === "1", requiresRegularGroup: entry.filters?.gTribRegular === "1" },
    ]),
  );
  return classes.get(code) ?? null;
}

/** ind_gDif of a CST: its documents carry the deferral group (permiteDiferimento; E0971, E0972); null for an unknown CST. */
export function ibsCbsCstDefers(cst: string): boolean | null {
  deferral ??= new Map(loadTable("ibscbs-cst").map((entry) => [entry.code, entry.filters?.gDif === "1"]));
  return deferral.get(cst) ?? null;
}
