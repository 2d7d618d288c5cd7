import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";
import { EmitDocumentResponse } from "@/lib/emission/schemas";
import { SUBSTITUTION_REASON_CODES } from "@/lib/fiscal/nfse-abrasf/substitution-reasons";
import { DocumentIdParams } from "./schemas";

// POST /v1/fiscal-documents/{id}/substitute (issue 57; the spec has no substitution route, and the
// national NFS-e's substitution (e105102) is not offered either): the NFS-e {id} is replaced by a
// DRAFT (or REJECTED) NFSE of the company, emitted through the usual run as ABRASF 2.04
// SubstituirNfse. docs/api-notes/nfse-municipal.md, "Substitution".

export const SubstituteDocumentInput = z.object({
  /** The company's DRAFT or REJECTED NFSE that becomes the new NFS-e. */
  replacementId: z.string().min(1).max(64),
  /** CodigoCancelamento of the replaced NFS-e (tsCodigoCancelamentoNfse): "1" erro na emissão, "2" serviço não prestado. */
  nfseReasonCode: z.enum(SUBSTITUTION_REASON_CODES),
});
export type SubstituteDocumentInput = z.infer<typeof SubstituteDocumentInput>;

export const substituteDocumentContract = defineContract({
  method: "POST",
  path: "/v1/fiscal-documents/{id}/substitute",
  summary: "Replace an authorized municipal NFS-e by a new one (ABRASF 2.04 SubstituirNfse, asynchronous)",
  description:
    "For an NFS-e of a city with its own ABRASF 2.04 system: links the DRAFT or REJECTED NFSE `replacementId` as the replacement of the AUTHORIZED NFSE {id} and queues its emission, answered as POST …/emit answers (202, documentId = the replacement; `Prefer: wait=N` as there). The run sends SubstituirNfseEnvio (the cancellation request of {id} with nfseReasonCode as CodigoCancelamento, and the replacement's RPS); when the city issues it, the replacement is AUTHORIZED (document.authorized) and {id} CANCELLED (document.cancelled, its CANCELLATION event with eventCode SubstituirNfse naming the replacement). A city refusal leaves {id} AUTHORIZED and the replacement REJECTED with the city's code (E79 already cancelled, E10 RPS already used…). 422 invalid_status unless {id} is an AUTHORIZED NFSE and the replacement a DRAFT or REJECTED NFSE of the company, or when {id} already has a replacement in progress or authorized; 422 nfse_provider_unsupported when {id}'s city is on the Sefin Nacional, is São Paulo, or signs with one whole-document signature (ISSNet: SubstituirNfse needs three).",
  tag: "Fiscal documents",
  scope: "documents:write",
  params: DocumentIdParams,
  body: SubstituteDocumentInput,
  response: EmitDocumentResponse,
  successStatus: 202,
  errorStatuses: [404, 422, 429, 503],
});
