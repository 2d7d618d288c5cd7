import { z } from "zod";

// GET/POST/DELETE /v1/contingency (docs/api-notes/contingency.md). Models as the
// inutilizations write them: "55" NF-e, "65" NFC-e.

export const ContingencyModelSchema = z.enum(["55", "58", "65"]);

export const ContingencyState = z.object({
  model: ContingencyModelSchema,
  active: z.boolean(),
  /** OFFLINE (NFC-e, tpEmis 9), SVC_AN (tpEmis 6) or SVC_RS (tpEmis 7); null when inactive. */
  mode: z.enum(["OFFLINE", "SVC_AN", "SVC_RS", "EPEC"]).nullable(),
  since: z.string().nullable(),
  /** xJust of the documents issued under it. */
  reason: z.string().nullable(),
  /** Entered by the platform (status 108/109, consecutive failures) rather than by hand; null when inactive. */
  automatic: z.boolean().nullable(),
});
export type ContingencyState = z.infer<typeof ContingencyState>;

export const ContingencyOverview = z.object({ "55": ContingencyState, "58": ContingencyState, "65": ContingencyState });
export type ContingencyOverview = z.infer<typeof ContingencyOverview>;

export const EnterContingencyBody = z.object({
  model: ContingencyModelSchema,
  // xJust (NF-e layout B29 / NFC-e): 15 to 256 characters.
  justification: z.string().trim().min(15).max(256),
});
export type EnterContingencyBody = z.infer<typeof EnterContingencyBody>;

export const LeaveContingencyQuery = z.object({ model: ContingencyModelSchema });
