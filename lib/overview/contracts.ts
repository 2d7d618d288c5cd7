import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";

// The company overview (issue 13 item 7): what needs attention today. One
// GET, internal to the dashboard (handleSession), every role.

export const DOCUMENT_STATUSES = ["DRAFT", "PROCESSING", "AUTHORIZED", "REJECTED", "CANCELLED", "DENIED", "INUTILIZED", "CONTINGENCY"] as const;
export const DocumentStatusSchema = z.enum(DOCUMENT_STATUSES);
export type OverviewDocumentStatus = z.infer<typeof DocumentStatusSchema>;

const StatusCounts = z.record(DocumentStatusSchema, z.number().int());
export type StatusCounts = z.infer<typeof StatusCounts>;

const DocumentRef = z.object({
  id: z.string(),
  type: z.enum(["NFE", "NFCE", "NFSE"]),
  series: z.number().int().nullable(),
  number: z.number().int(),
  totalValue: z.string(),
  clientName: z.string().nullable(),
});

export const CompanyOverview = z.object({
  environment: z.enum(["PRODUCTION", "HOMOLOGATION"]),
  /** The IANA zone of the company's state: days are counted in its local time. */
  timeZone: z.string(),
  generatedAt: z.string(),
  today: z.object({ date: z.string(), counts: StatusCounts, total: z.number().int() }),
  last30Days: z.object({
    from: z.string(),
    to: z.string(),
    counts: StatusCounts,
    total: z.number().int(),
    /** One entry per local day, oldest first, days without documents included. */
    days: z.array(z.object({ date: z.string(), counts: StatusCounts })),
  }),
  rejected: z.object({
    total: z.number().int(),
    latest: z.array(DocumentRef.extend({ rejectionCode: z.string().nullable(), rejectionReason: z.string().nullable(), rejectedAt: z.string() })),
  }),
  stuckProcessing: z.object({
    thresholdMinutes: z.number().int(),
    total: z.number().int(),
    oldest: z.array(DocumentRef.extend({ since: z.string(), minutes: z.number().int() })),
  }),
  certificate: z
    .object({ holderName: z.string(), notAfter: z.string(), daysLeft: z.number().int(), expired: z.boolean(), warning: z.boolean() })
    .nullable(),
});
export type CompanyOverview = z.infer<typeof CompanyOverview>;

export const companyOverviewContract = defineContract({
  method: "GET",
  path: "/api/dashboard/companies/{companyId}/overview",
  summary: "What needs attention today: documents by status, rejections, stuck emissions, certificate",
  tag: "Dashboard: overview",
  scope: null,
  response: CompanyOverview,
});

/** NFeStatusServico4 of the company's authorizers (lib/authority/service-status), for the overview's card. */
export const companyAuthorityStatusContract = defineContract({
  method: "GET",
  path: "/api/dashboard/companies/{companyId}/authority-status",
  summary: "The status of the company's authorizers (each answer shared for 3 minutes: fromCache)",
  tag: "Dashboard: overview",
  scope: null,
  response: z.object({ certificate: z.boolean(), checks: z.array(z.looseObject({ model: z.number(), authorizer: z.string() })) }),
});
