"use client";

import Link from "@/components/dashboard/link";
import type { ReactNode } from "react";
import { deliveryDocumentLabel } from "@/lib/webhooks/delivery-document-label";
import type { WebhookDeliveryResponse } from "@/lib/webhooks/schemas";
import { formatDateTime } from "../format";
import { webhooksPage } from "./labels";
import { DeliveryStatusBadge } from "./status-badge";

/** One delivery in a table: status, event (links to the delivery), `middle` cells, attempts, last answer, creation. */
export function DeliveryRow({ companyId, delivery, testId, middle }: { companyId: string; delivery: WebhookDeliveryResponse; testId: string; middle?: ReactNode }) {
  return (
    <tr data-testid={testId} className="hover:bg-slate-50">
      <td className="px-3 py-2">
        <DeliveryStatusBadge status={delivery.status} />
      </td>
      <td className="px-3 py-2">
        <Link href={webhooksPage(companyId, `/deliveries/${encodeURIComponent(delivery.id)}`)} className="font-mono text-xs text-indigo-700 hover:underline">
          {delivery.eventType}
        </Link>
        <span className="block font-mono text-[11px] text-slate-500">{delivery.eventId}</span>
      </td>
      {middle}
      <td className="px-3 py-2">{delivery.attempts}</td>
      <td className="px-3 py-2 font-mono text-xs">{delivery.responseStatus !== null ? `HTTP ${delivery.responseStatus}` : (delivery.errorMessage ?? "—")}</td>
      <td className="whitespace-nowrap px-3 py-2 text-xs">{formatDateTime(delivery.createdAt)}</td>
    </tr>
  );
}

/** The document a delivery is about, named by type, series and number (its payload's), linked to its page; "—" for a test or ping. */
export function DocumentIdLink({ companyId, documentId, payload, className = "hover:underline" }: { companyId: string; documentId: string | null; payload?: string; className?: string }) {
  if (!documentId) return <>—</>;
  const label = payload ? deliveryDocumentLabel(payload) : null;
  return (
    <Link href={`/dashboard/c/${encodeURIComponent(companyId)}/documents/${encodeURIComponent(documentId)}`} className={className} title={documentId}>
      {label ?? documentId}
    </Link>
  );
}
