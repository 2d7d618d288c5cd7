import { z } from "zod";

export const DocumentIdParams = z.object({ id: z.string().min(1).max(64) });

const booleanFlag = z.enum(["true", "false"]).default("false").transform((value) => value === "true");

export const DocumentXmlQuery = z.object({
  type: z.enum(["authorized", "signed"]).default("authorized"),
  download: booleanFlag,
});
export type DocumentXmlQuery = z.infer<typeof DocumentXmlQuery>;

export const DocumentDanfeQuery = z.object({ download: booleanFlag });
export type DocumentDanfeQuery = z.infer<typeof DocumentDanfeQuery>;
