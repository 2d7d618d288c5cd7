import type { z } from "zod";
import { authenticateApiKey, requireScope, type ApiKeyPrincipal } from "@/lib/auth/api-keys";
import { validationError } from "@/lib/errors";
import type { Contract } from "./contract";
import { jsonResponse, toErrorResponse } from "./error-response";
import { parseWith, readJsonBody, readQuery } from "./read-input";

type Out<T> = [NonNullable<T>] extends [z.ZodType] ? z.output<NonNullable<T>> : undefined;

export type HandlerInput<C extends Contract> = {
  request: Request;
  principal: ApiKeyPrincipal;
  companyId: string;
  params: Out<C["params"]>;
  query: Out<C["query"]>;
  body: Out<C["body"]>;
};

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

/**
 * Turns a contract and a domain call into a Next route handler: authenticate,
 * check the scope, parse params/query/body with the contract's zod schemas,
 * call the domain function, and map its result or error to the spec's shapes.
 * A handler may return a Response for non-JSON bodies (XML, PDF).
 */
export function handle<C extends Contract>(
  contract: C,
  fn: (input: HandlerInput<C>) => Promise<unknown>,
): RouteHandler {
  return async (request, context) => {
    try {
      const principal = await authenticateApiKey(request.headers.get("authorization"));
      if (contract.scope) requireScope(principal, contract.scope);
      const rawParams = (await context?.params) ?? {};
      const params = contract.params ? parseWith(contract.params, rawParams, "params") : undefined;
      const rawQuery = readQuery(new URL(request.url));
      const query = contract.query ? parseWith(contract.query, rawQuery, "query") : undefined;
      let body: unknown;
      if (contract.body) {
        const raw = await readJsonBody(request, contract.maxBodyBytes);
        if ((raw === undefined || raw === null) && contract.bodyOptional) body = undefined;
        else if (raw === undefined) throw validationError("body: a JSON body is required");
        else body = parseWith(contract.body, raw, "body");
      }
      const result = await fn({
        request,
        principal,
        companyId: principal.companyId,
        params: params as Out<C["params"]>,
        query: query as Out<C["query"]>,
        body: body as Out<C["body"]>,
      });
      if (result instanceof Response) return result;
      const status = contract.successStatus ?? 200;
      if (status === 204) return new Response(null, { status });
      return jsonResponse(result, status);
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}
