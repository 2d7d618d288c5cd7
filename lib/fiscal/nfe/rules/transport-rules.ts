import { NFCE_ONLY, NFE_ONLY, type BusinessRule } from "./business-rule";
import { amount, child, str } from "./nfe-view";

// Group X (transp): MOC 4.00 Anexo I.

export const interstateVehicleRule: BusinessRule = {
  id: "X02-20", name: "no-vehicle-interstate", cStat: "868", models: NFE_ONLY,
  xMotivo: "Rejeição: Grupos Veiculo Transporte e Reboque não devem ser informados",
  // A state may extend it to internal operations between municipalities (Obs. 1): not applied here.
  check: (nfe) => (str(nfe.ide.idDest) === "2" && (child(nfe.transp, "veicTransp") || nfe.transp?.reboque) ? { detail: "veicTransp em operação interestadual" } : null),
};

export const nfceFreightRule: BusinessRule = {
  id: "X03-10", name: "nfce-without-freight", cStat: "753", models: NFCE_ONLY,
  xMotivo: "Rejeição: NFC-e com Frete",
  check: (nfe) => (amount(nfe.icmsTot.vFrete).greaterThan(0) ? { detail: `vFrete ${str(nfe.icmsTot.vFrete)}` } : null),
};

export const nfceCarrierRule: BusinessRule = {
  id: "X03-20", name: "nfce-without-carrier", cStat: "754", models: NFCE_ONLY,
  xMotivo: "Rejeição: NFC-e com dados do Transportador",
  // Home delivery (indPres 4) may name the carrier.
  check: (nfe) => (str(nfe.ide.indPres) !== "4" && child(nfe.transp, "transporta") ? { detail: "transporta informado" } : null),
};

export const nfceVehicleRule: BusinessRule = {
  id: "X18-10", name: "nfce-without-vehicle", cStat: "756", models: NFCE_ONLY,
  xMotivo: "Rejeição: NFC-e com dados do veículo de Transporte",
  check: (nfe) => (child(nfe.transp, "veicTransp") ? { detail: "veicTransp informado" } : null),
};
