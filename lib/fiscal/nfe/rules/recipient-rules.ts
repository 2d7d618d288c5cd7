import { BOTH, NFCE_ONLY, NFE_ONLY, firstLine, type BusinessRule } from "./business-rule";
import { str } from "./nfe-view";

// Groups E (recipient) and the CFOP/destination consistency of I08 (MOC 4.00 Anexo I).

const cfopScope = (cfop: string) => (cfop.startsWith("7") || cfop.startsWith("3") ? "3" : cfop.startsWith("6") || cfop.startsWith("2") ? "2" : "1");

export const nonContributorFinalConsumerRule: BusinessRule = {
  id: "E16a-30", name: "non-contributor-is-final-consumer", cStat: "696", models: NFE_ONLY,
  xMotivo: "Rejeição: Operação com não contribuinte deve indicar operação com consumidor final",
  check(nfe) {
    if (!nfe.dest || str(nfe.dest.indIEDest) !== "9" || str(nfe.ide.idDest) === "3") return null;
    return str(nfe.ide.indFinal) === "1" ? null : { detail: "indIEDest 9 com indFinal 0" };
  },
};

export const nfceContributorRule: BusinessRule = {
  id: "E16a-20", name: "nfce-not-to-contributor", cStat: "789", models: NFCE_ONLY,
  xMotivo: "Rejeição: NFC-e para destinatário contribuinte de ICMS",
  check: (nfe) => (nfe.dest && str(nfe.dest.indIEDest) !== "" && str(nfe.dest.indIEDest) !== "9" ? { detail: `indIEDest ${str(nfe.dest.indIEDest)}` } : null),
};

export const interstateSameStateRule: BusinessRule = {
  id: "B11a-20", name: "interstate-destination-differs", cStat: "772", models: BOTH,
  xMotivo: "Rejeição: Operação Interestadual e UF de destino igual à UF do emitente",
  check: (nfe) => (str(nfe.ide.idDest) === "2" && nfe.recipientUf === nfe.issuerUf ? { detail: `UF ${nfe.recipientUf}` } : null),
};

export const internalOtherStateRule: BusinessRule = {
  id: "B11a-30", name: "internal-destination-same-state", cStat: "773", models: NFE_ONLY,
  xMotivo: "Rejeição: Operação Interna e UF de destino difere da UF do emitente",
  check: (nfe) =>
    str(nfe.ide.idDest) === "1" && nfe.recipientUf && nfe.recipientUf !== "EX" && nfe.recipientUf !== nfe.issuerUf ? { detail: `UF ${nfe.recipientUf}` } : null,
};

// I08-10/I08-11: the CFOP's first digit says entry (1, 2, 3) or exit (5, 6, 7); it must agree with tpNF.
const isEntryCfop = (cfop: string) => /^[123]/.test(cfop);

export const entryCfopInExitRule: BusinessRule = {
  id: "I08-10", name: "entry-cfop-in-exit", cStat: "518", models: BOTH,
  xMotivo: "Rejeição: CFOP de entrada para NF-e de saída",
  check: (nfe) => (str(nfe.ide.tpNF) === "1" ? firstLine(nfe, (item) => isEntryCfop(str(item.prod.CFOP)) && `CFOP ${str(item.prod.CFOP)} com tpNF 1`) : null),
};

export const exitCfopInEntryRule: BusinessRule = {
  id: "I08-11", name: "exit-cfop-in-entry", cStat: "519", models: BOTH,
  xMotivo: "Rejeição: CFOP de saída para NF-e de entrada",
  check: (nfe) => (str(nfe.ide.tpNF) === "0" ? firstLine(nfe, (item) => !isEntryCfop(str(item.prod.CFOP)) && `CFOP ${str(item.prod.CFOP)} com tpNF 0`) : null),
};

export const foreignCfopRule: BusinessRule = {
  id: "I08-20", name: "foreign-cfop-id-dest-3", cStat: "731", models: BOTH,
  xMotivo: "Rejeição: CFOP de operação com Exterior e idDest <> 3",
  check: (nfe) => firstLine(nfe, (item) => cfopScope(str(item.prod.CFOP)) === "3" && str(nfe.ide.idDest) !== "3" && `CFOP ${str(item.prod.CFOP)}`),
};

export const interstateCfopRule: BusinessRule = {
  id: "I08-30", name: "interstate-cfop-id-dest-2", cStat: "732", models: BOTH,
  xMotivo: "Rejeição: CFOP de operação interestadual e idDest <> 2",
  check: (nfe) => firstLine(nfe, (item) => cfopScope(str(item.prod.CFOP)) === "2" && str(nfe.ide.idDest) !== "2" && `CFOP ${str(item.prod.CFOP)}`),
};

export const internalCfopRule: BusinessRule = {
  id: "I08-40", name: "internal-cfop-id-dest-1", cStat: "733", models: BOTH,
  xMotivo: "Rejeição: CFOP de operação interna e idDest <> 1",
  check: (nfe) => firstLine(nfe, (item) => cfopScope(str(item.prod.CFOP)) === "1" && str(nfe.ide.idDest) !== "1" && `CFOP ${str(item.prod.CFOP)}`),
};
