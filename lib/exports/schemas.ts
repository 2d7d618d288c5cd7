import { z } from "zod";
import { pageSchema, PaginationQuery } from "@/lib/contracts/pagination";

// Exports for the accountant (docs/api-notes/exports.md).

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a calendar day, YYYY-MM-DD").refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), "not a valid day");

export const ExportInclude = z
  .object({
    xml: z.boolean().default(true),
    pdf: z.boolean().default(false),
    events: z.boolean().default(true),
    inutilizations: z.boolean().default(true),
    // Received documents (manifestação do destinatário): accepted; empty until that table exists.
    received: z.boolean().default(false),
  })
  .strict();
export type ExportInclude = z.infer<typeof ExportInclude>;

export const CreateExportInput = z
  .object({
    from: day,
    to: day,
    documentTypes: z.array(z.enum(["NFE", "NFCE", "NFSE"])).min(1).max(3).optional(),
    include: ExportInclude.default({ xml: true, pdf: false, events: true, inutilizations: true, received: false }),
    /** Defaults to the company's current environment. */
    environment: z.enum(["PRODUCTION", "HOMOLOGATION"]).optional(),
  })
  .strict()
  .refine((input) => input.from <= input.to, { message: "from must not be after to", path: ["to"] });
export type CreateExportInput = z.infer<typeof CreateExportInput>;

export const ExportIdParams = z.object({ id: z.string().min(1).max(64) });

export const ExportStatusSchema = z.enum(["QUEUED", "RUNNING", "READY", "FAILED", "EXPIRED"]);

export const ExportRecord = z.object({
  id: z.string(),
  status: ExportStatusSchema,
  from: z.string(),
  to: z.string(),
  environment: z.enum(["PRODUCTION", "HOMOLOGATION"]),
  documentTypes: z.array(z.enum(["NFE", "NFCE", "NFSE"])),
  include: ExportInclude,
  origin: z.enum(["API", "DASHBOARD", "MONTHLY"]),
  progress: z.object({ done: z.number().int(), total: z.number().int(), percent: z.number().int() }),
  /** Bytes of the ZIP written so far (final once READY). */
  sizeBytes: z.number().int(),
  fileName: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type ExportRecord = z.infer<typeof ExportRecord>;

export const CreateExportResponse = z.object({ id: z.string(), status: ExportStatusSchema });
export const ExportPage = pageSchema(ExportRecord);
export const ListExportsQuery = PaginationQuery;

export const ExportSettings = z.object({ accountantEmail: z.string().nullable() });
export const UpdateExportSettingsInput = z
  .object({ accountantEmail: z.union([z.email().max(254), z.literal(""), z.null()]).transform((value) => (value ? value.toLowerCase() : null)) })
  .strict();
export type UpdateExportSettingsInput = z.infer<typeof UpdateExportSettingsInput>;

export const SignedDownloadQuery = z.object({ expires: z.coerce.number().int().min(0), signature: z.string().regex(/^[0-9a-f]{64}$/) });
