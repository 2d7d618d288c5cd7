import { DELIVERY_STATUS_CLASSES, DELIVERY_STATUS_LABELS, type DeliveryStatus } from "./labels";

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  return (
    <span data-testid="delivery-status" className={`inline-flex rounded px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset ${DELIVERY_STATUS_CLASSES[status]}`}>
      {DELIVERY_STATUS_LABELS[status]}
    </span>
  );
}
