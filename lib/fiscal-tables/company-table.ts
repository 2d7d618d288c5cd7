import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { TABLE_LOADERS, type FiscalTableName } from "./load-tables";
import { searchTable, type TableMatch, type TableSearch } from "./search-table";

/** Tables a picker can ask for; icms-situation is CST or CSOSN by the company's regime (CRT). */
export const FISCAL_TABLE_NAMES = [...(Object.keys(TABLE_LOADERS) as FiscalTableName[]), "icms-situation"] as const;
export type PickerTableName = (typeof FISCAL_TABLE_NAMES)[number];

/**
 * A picker's search. ICMS situations follow the issuer's regime: Simples
 * Nacional and MEI (CRT 1 and 4) use CSOSN, the others CST (MOC 4.00, CRT).
 */
export async function searchCompanyTable(input: { companyId: string; table: PickerTableName; search: TableSearch }): Promise<{ table: FiscalTableName; data: TableMatch[] }> {
  let table: FiscalTableName;
  if (input.table === "icms-situation") {
    const company = await db.company.findFirst({ where: { id: input.companyId }, select: { taxRegime: true } });
    if (!company) throw notFound("Company");
    table = company.taxRegime === "SIMPLES_NACIONAL" || company.taxRegime === "MEI" ? "icms-csosn" : "icms-cst";
  } else {
    table = input.table;
  }
  return { table, data: searchTable(table, input.search) };
}
