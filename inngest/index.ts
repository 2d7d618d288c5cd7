import { autoInutilizeGapsFunction } from "./functions/auto-inutilize-gaps";
import { backfillWebhooksFunction } from "./functions/backfill-webhooks";
import { buildExportFunction } from "./functions/build-export";
import { certificateExpiryCheckFunction } from "./functions/certificate-expiry-check";
import { deliverWebhooksFunction } from "./functions/deliver-webhooks";
import { emitDocumentFunction } from "./functions/emit-document";
import { exportsHousekeepingFunction } from "./functions/exports-housekeeping";
import { reconcileDocumentEventFunction } from "./functions/reconcile-document-event";
import { transmitContingencyFunction } from "./functions/transmit-contingency";
import { watchContingencyFunction } from "./functions/watch-contingency";
import { sendDocumentEmailFunction } from "./functions/send-document-email";
import { syncReceivedDocumentsFunction } from "./functions/sync-received-documents";

// Every background function: served to Inngest by app/api/inngest/route.ts and
// run in-process by the local driver (lib/jobs) when Inngest is not configured.
export const functions = [
  emitDocumentFunction,
  deliverWebhooksFunction,
  backfillWebhooksFunction,
  reconcileDocumentEventFunction,
  transmitContingencyFunction,
  watchContingencyFunction,
  sendDocumentEmailFunction,
  syncReceivedDocumentsFunction,
  buildExportFunction,
  exportsHousekeepingFunction,
  certificateExpiryCheckFunction,
  autoInutilizeGapsFunction,
];
