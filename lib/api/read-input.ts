import { env } from "@/lib/config/env";
import { DomainError, validationError } from "@/lib/errors";
import { assertStorableInput, decodeUtf8Strict } from "./check-input-text";

// The company always comes from the API key (api.md, What the service does 1).
const FORBIDDEN_KEY = "companyId";
const forbiddenCompanyId = (where: string) =>
  validationError(`${where}.companyId: must not be sent; the company is the one that owns the API key`);

export function readQuery(url: URL): Record<string, string | string[]> {
  // URLSearchParams turns invalid percent-encoded UTF-8 into U+FFFD silently; refuse it instead.
  for (const pair of url.search.slice(1).split("&")) {
    try {
      decodeURIComponent(pair.replace(/\+/g, " "));
    } catch {
      throw validationError(`query.${pair.split("=")[0] ?? ""}: not valid percent-encoded UTF-8`);
    }
  }
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    const previous = query[key];
    query[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  if (FORBIDDEN_KEY in query) throw forbiddenCompanyId("query");
  assertStorableInput(query, "query");
  return query;
}

/**
 * Reads a JSON body within a size limit: 413 when larger, 400 when not JSON. `items`: a
 * field of independent items (a batch) whose items are checked one by one by assertBodyItem.
 */
export async function readJsonBody(request: Request, maxBytes = env().MAX_BODY_BYTES, items?: string): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return undefined;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const text = decodeUtf8Strict(Buffer.concat(chunks), "body");
  if (text.trim() === "") return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new DomainError(400, "malformed_json", `Malformed JSON body: ${(error as Error).message}`);
  }
  const object = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  if (object && FORBIDDEN_KEY in object) throw forbiddenCompanyId("body");
  // Issue 49, finding 7: one emoji-only text in one item of 50 refused the whole batch.
  const itemsLeftOut = object && items && Array.isArray(object[items]) ? { ...object, [items]: [] } : body;
  assertStorableInput(itemsLeftOut, "body", { documentText: true });
  return body;
}

/**
 * The body checks of one independent item (a batch's document, at `where`): the same as a
 * single create's body gets, `companyId` included, so a batch item is refused alone and
 * for the same reasons.
 */
export function assertBodyItem(item: unknown, where: string): void {
  if (item && typeof item === "object" && !Array.isArray(item) && FORBIDDEN_KEY in item) throw forbiddenCompanyId(where);
  assertStorableInput(item, where, { documentText: true });
}

const tooLarge = (maxBytes: number) =>
  new DomainError(413, "payload_too_large", `Request body exceeds the limit of ${maxBytes} bytes`);
