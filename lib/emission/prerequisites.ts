import { loadSigningCredentials } from "@/lib/certificates";
import { DomainError } from "@/lib/errors";
import type { EmissionRefusal } from "./outcomes";

/**
 * Emission prerequisites (api.md, "What the service does" 7): a valid
 * certificate and fiscal settings. A failure is a refusal of this emission
 * (REJECTED with the reason), not an error to retry.
 */
export async function checkEmissionPrerequisites(companyId: string): Promise<EmissionRefusal | null> {
  try {
    await loadSigningCredentials(companyId);
    return null;
  } catch (error) {
    if (error instanceof DomainError) return { kind: "refused", code: error.code, reason: error.message };
    throw error;
  }
}
