import type { z } from "zod";

// zod issues as catalogue entries (namespace "validation"), so a form's own
// check speaks the user's language while the /v1 API keeps its English messages.
// Known codes are translated from the issue's data (minimum, format, values);
// a schema's own message (refine, regex) is looked up by its slug under
// "validation.known"; anything else keeps the schema's text.

export type ValidationKey =
  | "required" | "invalidType" | "minLength" | "maxLength" | "minNumber" | "moreThan" | "maxNumber" | "lessThan"
  | "minItems" | "maxItems" | "email" | "url" | "invalidFormat" | "oneOf" | "multipleOf" | "unknownField" | "untranslated"
  | "ieLength" | "ieCheckDigit";

export type IssueText = { key: ValidationKey; values?: Record<string, string | number> } | { known: string };

type Issue = z.core.$ZodIssue;

/** "must have 8 digits" → "must_have_8_digits" (a catalogue key: no dots or spaces). */
export function messageSlug(message: string): string {
  return message.toLowerCase().normalize("NFD").replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 120);
}

/** The schema gave its own message (not zod's default English text). */
const ownMessage = (issue: Issue) => !/^(Invalid|Too (small|big)|Unrecognized)/.test(issue.message);

function sized(issue: Extract<Issue, { code: "too_small" | "too_big" }>): IssueText {
  const small = issue.code === "too_small";
  const limit = Number(small ? issue.minimum : issue.maximum);
  if (issue.origin === "string") return small && limit === 1 ? { key: "required" } : { key: small ? "minLength" : "maxLength", values: { n: limit } };
  if (issue.origin === "array" || issue.origin === "set") return { key: small ? "minItems" : "maxItems", values: { n: limit } };
  const inclusive = issue.inclusive !== false;
  return { key: small ? (inclusive ? "minNumber" : "moreThan") : inclusive ? "maxNumber" : "lessThan", values: { n: String(limit).replace(".", ",") } };
}

// Messages built with data (lib/companies/state-registration.ts), matched to a key and its values.
const PATTERNS: [RegExp, ValidationKey, (m: RegExpExecArray) => Record<string, string>][] = [
  [/^an IE of ([A-Z]{2}) has ([\d or]+) digits \(got (\d+)\)$/, "ieLength", (m) => ({ uf: m[1]!, lengths: m[2]!.replace(/ or /g, "/"), got: m[3]! })],
  [/^check digit does not match for an IE of ([A-Z]{2})$/, "ieCheckDigit", (m) => ({ uf: m[1]! })],
];

/** A schema's or the API's own message (not zod's wording), when the catalogue has it; null otherwise. */
export function describeMessage(message: string, hasKnown: (slug: string) => boolean): IssueText | null {
  if (hasKnown(messageSlug(message))) return { known: messageSlug(message) };
  for (const [pattern, key, values] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return { key, values: values(match) };
  }
  return null;
}

export function describeIssue(issue: Issue, hasKnown: (slug: string) => boolean): IssueText {
  const own = ownMessage(issue) ? describeMessage(issue.message, hasKnown) : null;
  if (own) return own;
  switch (issue.code) {
    case "invalid_type":
      return /received (undefined|null)$/.test(issue.message) ? { key: "required" } : { key: "invalidType" };
    case "too_small":
    case "too_big":
      return sized(issue);
    case "invalid_format":
      if (issue.format === "email") return { key: "email" };
      if (issue.format === "url") return { key: "url" };
      return ownMessage(issue) ? { key: "untranslated", values: { message: issue.message } } : { key: "invalidFormat" };
    case "invalid_value":
      return { key: "oneOf", values: { values: issue.values.map(String).join(", ") } };
    case "not_multiple_of":
      return { key: "multipleOf", values: { n: String(issue.divisor).replace(".", ",") } };
    case "unrecognized_keys":
      return { key: "unknownField", values: { fields: issue.keys.join(", ") } };
    default:
      return { key: "untranslated", values: { message: issue.message } };
  }
}
