import { handle } from "@/lib/api/handle";
import { importDocumentContract } from "@/lib/imports/contracts";
import { importDocument } from "@/lib/imports/import-document";

export const POST = handle(importDocumentContract, ({ companyId, body }) => importDocument({ companyId, body }));
