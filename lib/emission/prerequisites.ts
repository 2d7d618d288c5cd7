import type { DocumentType } from "@prisma/client";
import { assertEmissionPrerequisites } from "@/lib/companies";
import { DomainError } from "@/lib/errors";
import type { EmissionRefusal } from "./outcomes";

/**
 * Emission prerequisites (api.md, "What the service does" 7; rules in
 * lib/companies): a valid certificate of the company and complete fiscal
 * settings, plus the CSC for NFC-e. Inside a run a failure is a refusal of
 * this emission (REJECTED with the code and message), not an error to retry.
 */
export async function checkEmissionPrerequisites(companyId: string, type: DocumentType): Promise<EmissionRefusal | null> {
  try {
    await assertEmissionPrerequisites({ companyId, type });
    return null;
  } catch (error) {
    if (error instanceof DomainError) return { kind: "refused", code: error.code, reason: error.message };
    throw error;
  }
}
