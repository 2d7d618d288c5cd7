import { z } from "zod";
import { PaginationQuery, pageSchema } from "@/lib/contracts/pagination";

// api.md, Inutilizations and Resources → Inutilization record.

// TNF: 1-999999999; TSerie: 0-999 (MOC 4.00, inutNFe).
const MAX_NUMBER = 999_999_999;

export const CreateInutilizationInput = z
  .object({
    series: z.number().int().min(0).max(999),
    startNumber: z.number().int().min(1).max(MAX_NUMBER),
    endNumber: z.number().int().min(1).max(MAX_NUMBER),
    // xJust: 15-255 characters (TJust).
    justification: z.string().trim().min(15).max(255),
    model: z.enum(["55", "65"]).default("55"),
    // Our addition: numbers at or above the series' next number are voided only when asked, and the series then skips past them.
    advanceSeries: z.boolean().default(false),
  })
  .refine((input) => input.endNumber >= input.startNumber, { path: ["endNumber"], message: "must be greater than or equal to startNumber" });
export type CreateInutilizationInput = z.infer<typeof CreateInutilizationInput>;

export const InutilizationRecord = z.object({
  id: z.string(),
  series: z.number().int(),
  model: z.enum(["55", "65"]),
  startNumber: z.number().int(),
  endNumber: z.number().int(),
  year: z.string(),
  status: z.enum(["PENDING", "AUTHORIZED", "REJECTED"]),
  protocol: z.string().nullable(),
  justification: z.string(),
  inutilizationDate: z.string().nullable(),
  createdAt: z.string(),
  // Our additions: the authority's answer on a refusal, and the environment of the range.
  environment: z.enum(["PRODUCTION", "HOMOLOGATION"]),
  cStat: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  // Our addition: who asked for it, a person (MANUAL) or the gap job (AUTOMATIC, docs/api-notes/inutilizations.md).
  origin: z.enum(["MANUAL", "AUTOMATIC"]),
});
export type InutilizationRecord = z.infer<typeof InutilizationRecord>;

export const CreateInutilizationResponse = z.object({
  success: z.literal(true),
  protocol: z.string().nullable(),
  record: z.object({ id: z.string(), status: z.enum(["PENDING", "AUTHORIZED", "REJECTED"]) }),
});
export type CreateInutilizationResponse = z.infer<typeof CreateInutilizationResponse>;

export const InutilizationIdParams = z.object({ id: z.string().min(1).max(64) });
export const ListInutilizationsQuery = PaginationQuery;
export const InutilizationPage = pageSchema(InutilizationRecord);
