// Codes and API paths shared by the webhook support screens (no business rules).
// Their labels are in the catalogues (enums.*), read through useWebhookLabels.
import { WEBHOOK_EVENT_FILTERS, WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/schemas";

export const DELIVERY_STATUSES = ["PENDING", "SUCCEEDED", "FAILED"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_STATUS_CLASSES: Record<DeliveryStatus, string> = {
  PENDING: "bg-amber-50 text-amber-800 ring-amber-200",
  SUCCEEDED: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  FAILED: "bg-red-50 text-red-800 ring-red-200",
};

export const TRIGGERS = ["AUTOMATIC", "MANUAL", "BACKFILL", "REDISPATCH", "TEST"] as const;
export const EVENT_FILTERS = WEBHOOK_EVENT_FILTERS;
export type EventFilter = (typeof EVENT_FILTERS)[number];
export const EVENT_TYPES = WEBHOOK_EVENT_TYPES;
export const ENVIRONMENTS = ["PRODUCTION", "HOMOLOGATION"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
export const DOCUMENT_TYPES = ["NFE", "NFCE", "NFSE"] as const;
export type DocumentTypeCode = (typeof DOCUMENT_TYPES)[number];

export function webhooksApi(companyId: string): string {
  return `/api/dashboard/companies/${encodeURIComponent(companyId)}/webhooks`;
}

export function webhooksPage(companyId: string, suffix = ""): string {
  return `/dashboard/c/${encodeURIComponent(companyId)}/webhooks${suffix}`;
}

const issueDay = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeZone: "America/Sao_Paulo" });

/** A backfill bound as the fiscal day it covers (São Paulo time). */
export function formatIssueDay(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "—" : issueDay.format(date);
}
