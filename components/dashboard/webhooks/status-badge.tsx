"use client";

import { useTranslations } from "next-intl";
import { DELIVERY_STATUS_CLASSES, type DeliveryStatus } from "./labels";

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const t = useTranslations("enums.deliveryStatus");
  return (
    <span data-testid="delivery-status" data-status={status} className={`inline-flex rounded px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset ${DELIVERY_STATUS_CLASSES[status]}`}>
      {t(status)}
    </span>
  );
}
