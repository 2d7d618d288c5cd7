// Targeted reads of a schema-checked NF-e without a full parse: the content of
// the first element named `tag` (any namespace prefix) and the text of a leaf.
// Every NF-e the simulator reads once per authorization goes through these, so
// the common case (no prefixed `tag` anywhere) is answered with indexOf; a
// document that prefixes the tag takes the regular expressions, which define
// the answers (xml-fields.test.ts compares both).

const blockPatterns = new Map<string, RegExp>();
const fieldPatterns = new Map<string, RegExp>();

function pattern(cache: Map<string, RegExp>, tag: string, build: (tag: string) => string, flags = ""): RegExp {
  const key = `${tag}/${flags}`;
  let regex = cache.get(key);
  if (!regex) cache.set(key, (regex = new RegExp(build(tag), flags)));
  return regex;
}

const blockSource = (tag: string) => `<(?:\\w+:)?${tag}\\b[^>]*>([\\s\\S]*?)</(?:\\w+:)?${tag}>`;
const fieldSource = (tag: string) => `<(?:\\w+:)?${tag}>([^<]*)</(?:\\w+:)?${tag}>`;

const isWordChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/** The [start, end) of the content of the first unprefixed <tag …>…</tag> at or after `from`, or null. */
function unprefixedBlock(xml: string, tag: string, from: number): [number, number] | null {
  const open = `<${tag}`;
  for (let at = xml.indexOf(open, from); at !== -1; at = xml.indexOf(open, at + 1)) {
    if (isWordChar(xml.charCodeAt(at + open.length))) continue; // <transporta> is not <transp>
    const contentStart = xml.indexOf(">", at + open.length) + 1;
    if (contentStart === 0) return null;
    const close = xml.indexOf(`</${tag}>`, contentStart);
    return close === -1 ? null : [contentStart, close];
  }
  return null;
}

/** The content of the first <tag …>…</tag>, or "". */
export function block(xml: string, tag: string): string {
  if (!xml.includes(`:${tag}`)) {
    const found = unprefixedBlock(xml, tag, 0);
    return found ? xml.slice(found[0], found[1]) : "";
  }
  return pattern(blockPatterns, tag, blockSource).exec(xml)?.[1] ?? "";
}

/** The content of every <tag …>…</tag>, in order. */
export function blocks(xml: string, tag: string): string[] {
  if (!xml.includes(`:${tag}`)) {
    const found: string[] = [];
    for (let range = unprefixedBlock(xml, tag, 0); range; range = unprefixedBlock(xml, tag, range[1] + tag.length + 3)) found.push(xml.slice(range[0], range[1]));
    return found;
  }
  return [...xml.matchAll(pattern(blockPatterns, tag, blockSource, "g"))].map((m) => m[1]!);
}

/** The trimmed text of the first <tag>text</tag> (a leaf without attributes), or "". */
export function field(xml: string, tag: string): string {
  if (!xml.includes(`:${tag}`)) {
    const open = `<${tag}>`;
    const close = `</${tag}>`;
    for (let at = xml.indexOf(open); at !== -1; at = xml.indexOf(open, at + 1)) {
      const textStart = at + open.length;
      const next = xml.indexOf("<", textStart);
      if (next !== -1 && xml.startsWith(close, next)) return xml.slice(textStart, next).trim();
    }
    return "";
  }
  return pattern(fieldPatterns, tag, fieldSource).exec(xml)?.[1]?.trim() ?? "";
}
