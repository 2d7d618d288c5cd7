import { z } from "zod";
import { isValidCnpj, isValidCpf, normalizeDocument } from "@/lib/br";
import { CANCELLATION_REASON_CODES } from "@/lib/fiscal/nfse/cancellation-reasons";

// Request and response schemas of the document events (api.md, Endpoints →
// Fiscal documents: cancel, correction-letter, delivery-receipt). Reused by the
// routes, the OpenAPI document and the dashboard forms.

export const DocumentIdParams = z.object({ id: z.string().min(1).max(64) });

// api.md, Limits: cancel justification 15-255 characters (xJust of e110111).
export const CancelDocumentInput = z.object({
  justification: z.string().trim().min(15).max(255),
  /**
   * NFSE only: cMotivo of e101101 (Anexo II): "1" erro na emissão, "2" serviço
   * não prestado, "9" outros (the default). 422 cancellation_reason_not_allowed on NFE/NFCE.
   */
  nfseReasonCode: z.enum(CANCELLATION_REASON_CODES).optional(),
});
export type CancelDocumentInput = z.infer<typeof CancelDocumentInput>;

export const CancelDocumentResponse = z.object({ success: z.literal(true), message: z.string() });
export type CancelDocumentResponse = z.infer<typeof CancelDocumentResponse>;

// api.md, Limits: correction text 15-1000 characters (xCorrecao of e110110).
export const CorrectionLetterInput = z.object({
  correction: z.string().trim().min(15).max(1000),
});
export type CorrectionLetterInput = z.infer<typeof CorrectionLetterInput>;

export const CorrectionLetterResponse = z.object({ success: z.literal(true), sequence: z.number().int(), protocol: z.string() });
export type CorrectionLetterResponse = z.infer<typeof CorrectionLetterResponse>;

export const PROOF_CONTENT_TYPES = ["image/jpeg", "image/png", "application/pdf"] as const;
/** api.md, Limits: the decoded proof is at most 3 MB. */
export const MAX_PROOF_BYTES = 3 * 1024 * 1024;
/** The route's body limit: a 3 MB file is 4 MiB as base64, plus the other fields. */
export const DELIVERY_RECEIPT_MAX_BODY_BYTES = 4.5 * 1024 * 1024;

const receiverDocument = z
  .string()
  .trim()
  .transform(normalizeDocument)
  // An alphanumeric CNPJ keeps its letters (NT Conjunta 2025.001); a CPF is 11 digits.
  .refine((document) => (/^\d{11}$/.test(document) ? isValidCpf(document) : document.length === 14 && isValidCnpj(document)), {
    message: "must be a valid CPF (11 digits) or CNPJ (14 characters, numeric or alphanumeric)",
  });

export const DeliveryReceiptInput = z.object({
  // NT 2020.007 dhEntrega is a TDateTimeUTC: the offset is mandatory.
  deliveredAt: z.iso.datetime({ offset: true, local: false }),
  // e110130 xNome: 2-60 characters.
  receiverName: z.string().trim().min(2).max(60),
  receiverDocument,
  proof: z.object({
    contentType: z.enum(PROOF_CONTENT_TYPES),
    base64: z.string().min(1),
  }),
});
export type DeliveryReceiptInput = z.infer<typeof DeliveryReceiptInput>;

export const DeliveryReceiptResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Protocol of the registered event (110130, or 110131 on DELETE). */
  protocol: z.string(),
  sequence: z.number().int(),
});
export type DeliveryReceiptResponse = z.infer<typeof DeliveryReceiptResponse>;
