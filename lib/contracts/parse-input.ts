import type { z } from "zod";
import { validationError } from "@/lib/errors";

/** "items.0.quantity: Too small: expected number to be >0" — the field path first. */
export function describeZodError(error: z.ZodError, prefix?: string): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const path = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join("; ");
}

/** The value parsed by the schema, or a 400 validation_error naming the field (under `where`). */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown, where: string): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(describeZodError(parsed.error, where));
  return parsed.data;
}
