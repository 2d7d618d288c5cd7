import type { ReceivedDocument } from "@prisma/client";
import { MANIFESTATION_TYPES, type ManifestationType } from "./manifestation-types";
import { assertManifestationAllowed } from "./manifest";

/** The manifestations the order rules still allow for the document (what the dashboard offers). */
export function allowedManifestations(document: Pick<ReceivedDocument, "manifestation" | "authorityStatus">): ManifestationType[] {
  return MANIFESTATION_TYPES.filter((type) => {
    try {
      assertManifestationAllowed(document, type);
      return true;
    } catch {
      return false;
    }
  });
}
