import { z } from "zod";
import { PaginationQuery, pageSchema } from "@/lib/contracts/pagination";
import { MANIFESTATION_TYPES } from "./manifestation-types";

// Received documents (issue 38; docs/api-notes/received-documents.md). The
// spec (api.md) defines nothing for them: names follow its conventions.

export const MANIFESTATION_STATES = ["PENDING", "CIENCIA", "CONFIRMED", "UNKNOWN", "NOT_PERFORMED"] as const;
export const AUTHORITY_STATUSES = ["AUTHORIZED", "CANCELLED", "DENIED"] as const;
export const RECEIVED_DOCUMENT_TYPES = ["NFE", "NFSE"] as const;

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (YYYY-MM-DD)");
const booleanFlag = z.enum(["true", "false"]).transform((value) => value === "true");

export const ListReceivedDocumentsQuery = PaginationQuery.extend({
  manifestation: z.enum(MANIFESTATION_STATES).optional(),
  issuerDocument: z.string().trim().regex(/^[0-9A-Za-z./-]{11,18}$/, "must be a CNPJ or CPF").optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  hasXml: booleanFlag.optional(),
  authorityStatus: z.enum(AUTHORITY_STATUSES).optional(),
  type: z.enum(RECEIVED_DOCUMENT_TYPES).optional(),
});
export type ListReceivedDocumentsQuery = z.infer<typeof ListReceivedDocumentsQuery>;

export const ReceivedDocumentResponse = z.object({
  id: z.string(),
  // NFE from the Ambiente Nacional's NF-e distribution, NFSE from the ADN's (issue 57).
  type: z.enum(RECEIVED_DOCUMENT_TYPES),
  accessKey: z.string(),
  issuer: z.object({ document: z.string(), name: z.string(), stateRegistration: z.string().nullable() }),
  issueDate: z.string(),
  totalValue: z.string(),
  operation: z.enum(["entrada", "saida"]),
  authorityStatus: z.enum(AUTHORITY_STATUSES),
  manifestation: z.object({ type: z.enum(MANIFESTATION_STATES), registeredAt: z.string().nullable(), protocol: z.string().nullable() }).nullable(),
  hasXml: z.boolean(),
  nsu: z.string(),
  receivedAt: z.string(),
  environment: z.enum(["PRODUCTION", "HOMOLOGATION"]),
});
export type ReceivedDocumentResponse = z.infer<typeof ReceivedDocumentResponse>;

export const ReceivedDocumentPage = pageSchema(ReceivedDocumentResponse).extend({
  // Our addition for the accountants' page: the sum and count of the filtered documents.
  totals: z.object({ count: z.number().int(), totalValue: z.string() }),
});

export const ReceivedDocumentIdParams = z.object({ id: z.string().min(1).max(64) });
export const ReceivedXmlQuery = z.object({ download: z.enum(["true", "false"]).default("false").transform((value) => value === "true") });
export type ReceivedXmlQuery = z.infer<typeof ReceivedXmlQuery>;

export const ManifestationInput = z
  .object({
    type: z.enum(MANIFESTATION_TYPES),
    // xJust of 210240: 15-255 characters (leiauteConfRecebto); ignored by the other types.
    justification: z.string().trim().min(15).max(255).nullable().optional(),
  })
  .strict()
  .refine((input) => input.type !== "NAO_REALIZADA" || Boolean(input.justification), {
    path: ["justification"],
    message: "is required for NAO_REALIZADA (15 to 255 characters)",
  });
export type ManifestationInput = z.infer<typeof ManifestationInput>;

export const SyncResponse = z.object({
  status: z.enum(["synced", "failed"]),
  created: z.number().int(),
  lastNsu: z.string(),
  maxNsu: z.string(),
  nextSyncAt: z.string().nullable(),
  reason: z.string().nullable(),
  // The ADN's NFS-e distribution (issue 57), its own cursor and wait.
  nfse: z.object({
    status: z.enum(["synced", "waiting", "failed"]),
    created: z.number().int(),
    lastNsu: z.string().nullable(),
    nextSyncAt: z.string().nullable(),
    reason: z.string().nullable(),
  }),
});
