import { z } from "zod";
import { defineContract } from "@/lib/contracts/contract";
import { EmitDocumentInput, EmitDocumentResponse } from "./schemas";

// Internal dashboard route (handleSession): the same emission as the public
// POST /v1/fiscal-documents/{id}/emit, for the Emit button.
export const dashboardEmitDocumentContract = defineContract({
  method: "POST",
  path: "/api/dashboard/companies/{companyId}/documents/{documentId}/emit",
  summary: "Emit a DRAFT or REJECTED document",
  tag: "Dashboard: documents",
  scope: null,
  params: z.object({ companyId: z.string().min(1), documentId: z.string().min(1).max(64) }),
  body: EmitDocumentInput,
  bodyOptional: true,
  response: EmitDocumentResponse,
  successStatus: 202,
  errorStatuses: [404, 422, 429, 503],
});
