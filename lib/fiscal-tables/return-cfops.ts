import { loadTable } from "./load-tables";

// The CFOPs of a return of goods (devolução): the official table's codes whose
// description names a devolução (1201/1202, 5202/6202, 1410, 5553, 5918,
// 7930…). Our reading of the table's indDevol column, which SEFAZ rules 327
// and 328 follow (MOC I08-140, I08-144) and which our copy does not carry.

let returnCfops: Set<string> | null = null;

export function isReturnCfop(cfop: string): boolean {
  returnCfops ??= new Set(loadTable("cfop").filter((entry) => /devolu[çc][ãa]o/i.test(entry.description)).map((entry) => entry.code));
  return returnCfops.has(cfop);
}
