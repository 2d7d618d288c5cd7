import { isReturnCfop } from "@/lib/fiscal-tables/return-cfops";
import { NFE_ONLY, firstLine, type BusinessRule } from "./business-rule";
import { str } from "./nfe-view";

// finNFe and the CFOPs of a return of goods (MOC 4.00 B25-70, I08-140, I08-144).

/** MOC B25-70: a return of these needs no referenced document (the returned sale may have had none). */
export const RETURNS_WITHOUT_REFERENCE = new Set(["1201", "1202", "1410", "1411", "5921", "6921"]);
/** MOC I08-140, exception 1: a sale returned by a non-contributor may come back under 1949/2949 (NT 2015.002). */
export const NON_CONTRIBUTOR_RETURNS = new Set(["1949", "2949"]);

export const returnWithoutReferenceRule: BusinessRule = {
  id: "B25-70", name: "return-references-a-document", cStat: "321", models: NFE_ONLY,
  xMotivo: "Rejeição: NF-e de devolução de mercadoria não possui documento fiscal referenciado",
  check(nfe) {
    if (str(nfe.ide.finNFe) !== "4" || (Array.isArray(nfe.ide.NFref) && nfe.ide.NFref.length > 0)) return null;
    return nfe.items.every((item) => RETURNS_WITHOUT_REFERENCE.has(str(item.prod.CFOP))) ? null : { detail: "finNFe 4 sem NFref" };
  },
};

export const returnCfopRule: BusinessRule = {
  id: "I08-140", name: "return-with-return-cfop", cStat: "327", models: NFE_ONLY,
  xMotivo: "Rejeição: CFOP inválido para Nota Fiscal com finalidade de devolução de mercadoria [nItem:999]",
  check(nfe) {
    if (str(nfe.ide.finNFe) !== "4") return null;
    const nonContributor = str(nfe.dest?.indIEDest) === "9";
    return firstLine(nfe, (item) => {
      const cfop = str(item.prod.CFOP);
      return !isReturnCfop(cfop) && !(nonContributor && NON_CONTRIBUTOR_RETURNS.has(cfop)) && `CFOP ${cfop}`;
    });
  },
};

export const returnCfopOutsideReturnRule: BusinessRule = {
  id: "I08-144", name: "return-cfop-needs-return-purpose", cStat: "328", models: NFE_ONLY,
  xMotivo: "Rejeição: CFOP de devolução de mercadoria para NF-e que não tem finalidade de devolução de mercadoria [nItem:999]",
  // finNFe 1 and 3; credit and debit notes (5, 6) came after the rule and are left to their own NT.
  check: (nfe) => (["1", "3"].includes(str(nfe.ide.finNFe)) ? firstLine(nfe, (item) => isReturnCfop(str(item.prod.CFOP)) && `CFOP ${str(item.prod.CFOP)}`) : null),
};
