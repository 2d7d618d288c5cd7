import type { z } from "zod";
import { validationError } from "@/lib/errors";
import type { Contract } from "@/lib/contracts/contract";
import { jsonResponse, toErrorResponse } from "./error-response";
import { assertStorableInput } from "./check-input-text";
import { parseWith } from "@/lib/contracts/parse-input";
import { readJsonBody, readQuery } from "./read-input";

// The one core behind every JSON route, public (/v1, API key) or internal
// (dashboard, session): parse params/query/body with the contract's zod
// schemas, call the domain function, map its result or error to the spec's
// shapes. Only the way a caller is identified differs between wrappers.

export type Out<T> = [NonNullable<T>] extends [z.ZodType] ? z.output<NonNullable<T>> : undefined;
export type RawParams = Record<string, string | string[] | undefined>;
export type RouteContext = { params: Promise<RawParams> };
export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

export type ParsedInput<C extends Contract> = {
  request: Request;
  params: Out<C["params"]>;
  query: Out<C["query"]>;
  body: Out<C["body"]>;
};

/** Identifies the caller before any input is read; throws a DomainError to refuse. */
export type Authenticate<Caller> = (request: Request, rawParams: RawParams) => Promise<Caller>;

/**
 * Wraps the domain call once the caller is known and the input valid (the
 * /v1 wrapper's Idempotency-Key); `rawBody` is the JSON body as sent.
 */
export type AroundRun<Caller> = (caller: Caller, request: Request, rawBody: unknown, run: () => Promise<Response>) => Promise<Response>;

async function parseInput<C extends Contract>(contract: C, request: Request, rawParams: RawParams): Promise<{ input: ParsedInput<C>; rawBody: unknown }> {
  const params = contract.params ? parseWith(contract.params, rawParams, "params") : undefined;
  const rawQuery = readQuery(new URL(request.url));
  const query = contract.query ? parseWith(contract.query, rawQuery, "query") : undefined;
  let body: unknown;
  let raw: unknown;
  if (contract.body) {
    raw = await readJsonBody(request, contract.maxBodyBytes, contract.bodyItems);
    if ((raw === undefined || raw === null) && contract.bodyOptional) body = undefined;
    else if (raw === undefined) throw validationError("body: a JSON body is required");
    else body = parseWith(contract.body, raw, "body");
  }
  const input = { request, params: params as Out<C["params"]>, query: query as Out<C["query"]>, body: body as Out<C["body"]> };
  return { input, rawBody: raw };
}

function toSuccessResponse(contract: Contract, result: unknown): Response {
  if (result instanceof Response) return result;
  const status = contract.successStatus ?? 200;
  if (status === 204) return new Response(null, { status });
  return jsonResponse(result, status);
}

/**
 * Builds a Next route handler from a contract, an authentication step and a
 * domain call. A handler may return a Response for non-JSON bodies (XML, PDF).
 */
export function contractRoute<C extends Contract, Caller extends object>(
  contract: C,
  authenticate: Authenticate<Caller>,
  fn: (input: Caller & ParsedInput<C>) => Promise<unknown>,
  around?: AroundRun<Caller>,
): RouteHandler {
  return async (request, context) => {
    try {
      const rawParams = (await context?.params) ?? {};
      // Before authentication: the session wrapper looks the path's companyId up.
      assertStorableInput(rawParams, "params");
      const caller = await authenticate(request, rawParams);
      const { input, rawBody } = await parseInput(contract, request, rawParams);
      const run = async () => {
        try {
          return toSuccessResponse(contract, await fn({ ...caller, ...input }));
        } catch (error) {
          return toErrorResponse(error);
        }
      };
      return around ? await around(caller, request, rawBody, run) : await run();
    } catch (error) {
      return toErrorResponse(error, request);
    }
  };
}
