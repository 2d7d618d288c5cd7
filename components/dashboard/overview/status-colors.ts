import type { OverviewDocumentStatus } from "@/lib/overview/contracts";

// One colour and label per document status, shared by the chart, its legend and the counts.
export const STATUS_STYLE: Record<OverviewDocumentStatus, { label: string; color: string }> = {
  AUTHORIZED: { label: "Authorized", color: "#059669" },
  REJECTED: { label: "Rejected", color: "#dc2626" },
  PROCESSING: { label: "Processing", color: "#0284c7" },
  CANCELLED: { label: "Cancelled", color: "#71717a" },
  DRAFT: { label: "Draft", color: "#94a3b8" },
};

/** Stacking order: outcomes at the bottom, drafts on top. */
export const CHART_STATUS_ORDER: readonly OverviewDocumentStatus[] = ["AUTHORIZED", "REJECTED", "CANCELLED", "PROCESSING", "DRAFT"];
