import type { OverviewDocumentStatus } from "@/lib/overview/contracts";

// One colour per document status, shared by the chart, its legend and the counts (labels: enums.documentStatus).
export const STATUS_COLOR: Record<OverviewDocumentStatus, string> = {
  AUTHORIZED: "#059669",
  REJECTED: "#dc2626",
  PROCESSING: "#0284c7",
  CANCELLED: "#71717a",
  DRAFT: "#94a3b8",
  DENIED: "#ea580c",
  INUTILIZED: "#d4d4d8",
  CONTINGENCY: "#ca8a04",
};

/** Stacking order: outcomes at the bottom, drafts on top. */
export const CHART_STATUS_ORDER: readonly OverviewDocumentStatus[] = ["AUTHORIZED", "REJECTED", "DENIED", "CANCELLED", "INUTILIZED", "CONTINGENCY", "PROCESSING", "DRAFT"];

/** "2026-11-23" → "23/11". */
export function dayAndMonth(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}`;
}
