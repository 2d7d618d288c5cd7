// Public surface of the document events: cancellation, correction letter and delivery receipts.
export { cancelDocument } from "./cancel-document";
export { issueCorrectionLetter } from "./issue-correction-letter";
export { registerDeliveryReceipt } from "./register-delivery-receipt";
export { cancelDeliveryReceipt } from "./cancel-delivery-receipt";
export { listDocumentTimeline, type TimelineEntry } from "./list-document-timeline";
export * from "./schemas";
