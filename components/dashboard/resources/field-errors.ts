import type { z } from "zod";
import { ApiError } from "@/lib/client/api-fetch";

export type FieldErrors = Record<string, string>;

/** zod issues keyed by dotted path ("nfeTaxRules.0.icmsStMva"), the first message per field, in the user's language (useIssueMessage). */
export function zodFieldErrors(error: z.ZodError, describe: (issue: z.core.$ZodIssue) => string): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".");
    out[key] ??= describe(issue);
  }
  return out;
}

/**
 * Maps an API error to a field when its message starts with a path
 * ("body.document: …", "nfeTaxRules.0.icmsStMva: …", "nfeConfig.cest: …"),
 * else to the form-level key "".
 */
export function apiFieldErrors(error: unknown, translate: (message: string) => string = (message) => message): FieldErrors {
  const message = error instanceof Error ? error.message : "Something went wrong.";
  const match = /^(?:body\.)?([A-Za-z0-9_.]+): (.*)$/.exec(message);
  if (error instanceof ApiError && match) return { [match[1]!]: translate(match[2]!), "": message };
  return { "": message };
}
