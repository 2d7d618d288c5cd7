import { z } from "zod";

/** The spec's error object, as the OpenAPI document describes it. */
export const ErrorObject = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: z.string().optional(),
});
