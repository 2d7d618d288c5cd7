import { validationError } from "@/lib/errors";
import { fiscalText } from "@/lib/fiscal/xml/xml-text";

// The one place where text entering through a path, a query or a JSON body is
// checked, before any zod schema sees it. PostgreSQL refuses NUL in text
// (22021) and an unpaired UTF-16 surrogate cannot be encoded as UTF-8, so such
// a string would otherwise fail later — possibly after the tax authority has
// registered it (issue 16, defect 1). Refusing it here keeps every later step
// writing exactly what was validated.

/** Nesting deeper than this is refused: no contract needs more than a few levels. */
export const MAX_JSON_DEPTH = 32;

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const FORBIDDEN_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored, or null when it can. */
export function describeForbiddenText(text: string): string | null {
  const match = FORBIDDEN_TEXT.exec(text);
  if (!match) return null;
  return match[0] === "\u0000" ? "must not contain a NUL character (U+0000)" : "must not contain an unpaired UTF-16 surrogate";
}

const OUTSIDE_LATIN1 = /[^\u0000-\u00FF]/;
// Values that never reach a document: a password may be any text.
const NOT_DOCUMENT_TEXT = /password|secret|token/i;

/**
 * Issue 34 problem 12: text made only of characters outside ISO-8859-1
 * (emoji, CJK, zero-width) reduces to nothing in the XML (fiscalText drops
 * them), so an xProd or xNome would be empty and the authority would refuse the
 * document after its number was taken. Refused at the door instead; text with
 * some writable characters is kept (the rest is folded or dropped).
 */
export function describeUnwritableText(text: string): string | null {
  if (!OUTSIDE_LATIN1.test(text) || fiscalText(text) !== "") return null;
  return "has no character that a fiscal document can carry (ISO-8859-1); emoji, CJK and zero-width characters alone would leave it empty";
}

const fieldPath = (where: string, path: readonly (string | number)[]) => [where, ...path.map(String)].join(".");

/**
 * Walks a parsed JSON value (or a params/query record) and throws 400
 * validation_error naming the first field whose text (value or key) cannot be
 * stored, or whose nesting exceeds MAX_JSON_DEPTH. With `documentText` (request
 * bodies), also a field whose text no fiscal document could carry.
 */
export function assertStorableInput(value: unknown, where: string, options: { documentText?: boolean } = {}): void {
  // Iterative, so a 3,000-level document cannot overflow the stack before being refused.
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === "string") {
      const field = path[path.length - 1];
      const problem =
        describeForbiddenText(current) ??
        (options.documentText && !(typeof field === "string" && NOT_DOCUMENT_TEXT.test(field)) ? describeUnwritableText(current) : null);
      if (problem) throw validationError(`${fieldPath(where, path)}: ${problem}`);
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (path.length >= MAX_JSON_DEPTH) {
      throw validationError(`${fieldPath(where, path)}: nested more than ${MAX_JSON_DEPTH} levels deep`);
    }
    if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      const problem = describeForbiddenText(key);
      if (problem) throw validationError(`${fieldPath(where, path)}: a field name ${problem}`);
      stack.push({ value: item, path: [...path, key] });
    }
  }
}

/** Decodes UTF-8 strictly: invalid sequences are 400 validation_error, not replacement characters. */
export function decodeUtf8Strict(bytes: Uint8Array, where: string): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw validationError(`${where}: not valid UTF-8`);
  }
}
