// Display labels and API paths shared by the webhook support screens (no business rules).

export const DELIVERY_STATUS_LABELS = { PENDING: "Pending", SUCCEEDED: "Succeeded", FAILED: "Failed" } as const;
export type DeliveryStatus = keyof typeof DELIVERY_STATUS_LABELS;

export const DELIVERY_STATUS_CLASSES: Record<DeliveryStatus, string> = {
  PENDING: "bg-amber-50 text-amber-800 ring-amber-200",
  SUCCEEDED: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  FAILED: "bg-red-50 text-red-800 ring-red-200",
};

export const TRIGGER_LABELS = { AUTOMATIC: "Automatic", MANUAL: "Manual (redeliver)", BACKFILL: "Backfill", REDISPATCH: "Re-dispatch", TEST: "Test event" } as const;

export const EVENT_FILTER_LABELS = {
  DOCUMENT_AUTHORIZED: "Document authorized",
  DOCUMENT_REJECTED: "Document rejected",
  DOCUMENT_CANCELLED: "Document cancelled",
  DOCUMENT_INUTILIZED: "Numbers inutilized",
} as const;
export type EventFilter = keyof typeof EVENT_FILTER_LABELS;

export const EVENT_TYPE_LABELS = {
  "document.authorized": "document.authorized",
  "document.rejected": "document.rejected",
  "document.cancelled": "document.cancelled",
  "document.inutilized": "document.inutilized",
  "webhook.ping": "webhook.ping",
  "webhook.test": "webhook.test",
} as const;

export const ENVIRONMENT_LABELS = { PRODUCTION: "Production", HOMOLOGATION: "Homologation (test)" } as const;
export type Environment = keyof typeof ENVIRONMENT_LABELS;

export const DOCUMENT_TYPE_LABELS = { NFE: "NF-e", NFCE: "NFC-e", NFSE: "NFS-e" } as const;
export type DocumentTypeCode = keyof typeof DOCUMENT_TYPE_LABELS;

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
