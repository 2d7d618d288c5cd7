"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { DELIVERY_STATUSES, DOCUMENT_TYPES, ENVIRONMENTS, EVENT_FILTERS, EVENT_TYPES, TRIGGERS } from "./labels";

type EventTypeKey = Parameters<ReturnType<typeof useTranslations<"enums.webhookEventType">>>[0];

const labelsOf = <K extends string>(keys: readonly K[], label: (key: K) => string) => Object.fromEntries(keys.map((key) => [key, label(key)])) as Record<K, string>;

/** Every code the webhook screens show, by its label in the user's language. */
export function useWebhookLabels() {
  const status = useTranslations("enums.deliveryStatus");
  const trigger = useTranslations("enums.deliveryTrigger");
  const eventFilter = useTranslations("enums.webhookEventFilter");
  const eventType = useTranslations("enums.webhookEventType");
  const environment = useTranslations("enums.environment");
  const documentType = useTranslations("enums.documentType");
  return useMemo(
    () => ({
      deliveryStatus: labelsOf(DELIVERY_STATUSES, (key) => status(key)),
      trigger: labelsOf(TRIGGERS, (key) => trigger(key)),
      eventFilter: labelsOf(EVENT_FILTERS, (key) => eventFilter(key)),
      // "document.authorized" is a catalogue path; the key uses "_" (the code stays visible: ERPs match on it).
      eventType: labelsOf(EVENT_TYPES, (key) => `${eventType(key.replace(".", "_") as EventTypeKey)} (${key})`),
      environment: labelsOf(ENVIRONMENTS, (key) => environment(key)),
      documentType: labelsOf(DOCUMENT_TYPES, (key) => documentType(key)),
    }),
    [status, trigger, eventFilter, eventType, environment, documentType],
  );
}
