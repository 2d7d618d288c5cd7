import type { z } from "zod";
import type { ApiScope } from "./scopes";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * One HTTP contract: the zod schemas that validate a route's input and
 * describe its output. The route handler and GET /v1/openapi.json both read
 * it, so the documentation cannot drift from what is enforced.
 */
export type Contract<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
> = {
  method: HttpMethod;
  /** OpenAPI-style path, e.g. /v1/clients/{id}. */
  path: string;
  summary: string;
  tag: string;
  /** Required scope; null for the unauthenticated health routes. */
  scope: ApiScope | null;
  params?: P;
  query?: Q;
  body?: B;
  /** The body may be absent or null (emit). */
  bodyOptional?: boolean;
  response?: z.ZodType;
  successStatus?: number;
  /** Non-JSON success bodies (application/xml, application/pdf). */
  responseContentType?: string;
  errorStatuses?: number[];
  maxBodyBytes?: number;
  /**
   * A body field holding independent items (a batch's `documents`): the body's text and
   * `companyId` checks leave its items to the domain, which refuses each bad item alone.
   */
  bodyItems?: string;
  description?: string;
};

export function defineContract<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
  contract: Contract<P, Q, B>,
): Contract<P, Q, B> {
  return contract;
}
