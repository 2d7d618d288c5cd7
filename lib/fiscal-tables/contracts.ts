import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";
import { FISCAL_TABLE_NAMES } from "./company-table";

export const FiscalTableParams = z.object({ companyId: z.string().min(1), table: z.enum(FISCAL_TABLE_NAMES) });
export const FiscalTableQuery = z.object({
  q: z.string().max(100).optional(),
  operation: z.enum(["INTERNAL", "INTERSTATE", "EXPORT"]).optional(),
  direction: z.enum(["IN", "OUT"]).optional(),
  ncm: z.string().regex(/^\d{2,8}$/).optional(),
  cst: z.string().regex(/^\d{3}$/).optional(),
  uf: z.string().trim().toUpperCase().regex(/^[A-Z]{1,2}$/).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export const FiscalTableMatch = z.object({ code: z.string(), description: z.string(), detail: z.string().nullable() });
export const FiscalTableResponse = z.object({ table: z.string(), data: z.array(FiscalTableMatch) });
export type FiscalTableResponse = z.infer<typeof FiscalTableResponse>;
export type FiscalTableMatch = z.infer<typeof FiscalTableMatch>;

export const dashboardFiscalTableContract = defineContract({
  method: "GET", path: "/api/dashboard/companies/{companyId}/fiscal-tables/{table}", summary: "Search an official code table (NCM, CFOP, CEST, CST…) for a picker",
  tag: "Dashboard: fiscal tables", scope: null, params: FiscalTableParams, query: FiscalTableQuery, response: FiscalTableResponse, errorStatuses: [404],
});
