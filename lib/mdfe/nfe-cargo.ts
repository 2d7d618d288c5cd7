import Decimal from "decimal.js";
import { readNfeView, type XmlFields } from "@/lib/fiscal/nfe/rules/nfe-view";
import type { UnloadingMunicipality } from "./unloading-groups";

// What an MDF-e takes from an NF-e as authorized (its XML, not our draft): where the goods are
// unloaded and how much they weigh. The unloading municipality is the delivery place (G01 entrega)
// when the NF-e names one — the goods go there, not to the recipient's address — else the
// recipient's address (enderDest); cMun 9999999 is abroad (MOC NF-e 7.0, C10/E10), which no
// infMunDescarga can name. The weight is the sum of the volumes' gross weights (transp/vol/pesoB, kg).

export type NfeCargo = { unloading: UnloadingMunicipality | null; grossWeightKg: Decimal | null };

const ABROAD = "9999999";
const str = (value: unknown) => (typeof value === "string" ? value.trim() : "");

function municipalityOf(address: XmlFields | null | undefined): UnloadingMunicipality | null {
  const code = str(address?.cMun);
  const name = str(address?.xMun);
  return /^\d{7}$/.test(code) && code !== ABROAD && name.length >= 2 ? { code, name } : null;
}

export function nfeCargoOf(xml: string): NfeCargo {
  const view = readNfeView(xml);
  const recipient = view.dest?.enderDest as XmlFields | undefined;
  const unloading = view.entrega ? municipalityOf(view.entrega) : municipalityOf(recipient);
  const volumes = ((view.transp?.vol as XmlFields[] | undefined) ?? []).map((v) => str(v.pesoB)).filter(Boolean);
  const grossWeightKg = volumes.length > 0 ? volumes.reduce((sum, w) => sum.plus(w), new Decimal(0)) : null;
  return { unloading, grossWeightKg };
}
