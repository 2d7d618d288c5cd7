// The C14N 1.0 form of an element whose text is already canonical, without a
// parser. Every element we build is written in canonical form (xml-text.ts:
// no whitespace between attributes, no empty-element tags, C14N's escapes), so
// its canonical form is its own text with the namespaces it inherits written
// on its start tag. Parsing it again with libxml2 only to learn that cost
// ~0.5 ms per 10-item NF-e on every signature and every verification.
//
// The scan proves that nothing C14N would rewrite is present and answers null
// otherwise (the caller then asks libxml2, canonical-element.ts): comments,
// CDATA, processing instructions, references other than C14N's own escapes,
// raw characters C14N escapes or a parser normalises (">" and CR in text,
// TAB/LF/CR in attribute values), characters XML forbids, empty-element tags,
// whitespace inside tags, single-quoted values, unsorted or prefixed
// attributes, prefixed namespace declarations below the element, default ones
// that undeclare (xmlns=""), are relative or, when C14N keeps them, are not
// written first, undeclared prefixes, unbalanced or mismatched tags. A default
// namespace declared below the element is kept when it changes the default in
// scope and cut out when it repeats it (the NFS-e embeds the signed DPS, and
// its Signature, each with its own xmlns). canonical-as-written.test.ts
// compares its answers with libxml2's on every fixture and on mutated variants.

// Characters XML 1.0 forbids (the parser would refuse the document) and CR (a parser turns it into LF).
const FORBIDDEN = /[\u0000-\u0008\u000B-\u001F\uFFFE\uFFFF]|\r/;
const TEXT_REFERENCE = /&(?:amp|lt|gt);/y;
const ATTRIBUTE_REFERENCE = /&(?:amp|lt|quot);/y;
const APEX_ATTRIBUTE = /[ \t\n]+([^ \t\n=>/]+)[ \t\n]*=[ \t\n]*(?:"([^"]*)"|'([^']*)')/y;
const ATTRIBUTE_NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?$/;
// libxml2's C14N refuses a relative namespace URI; only plainly absolute ones take this path.
const ABSOLUTE_NAMESPACE = /^https?:\/\/[A-Za-z0-9\-._~/#]+$/;

const isNameStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95; // A-Z a-z _
const isNameChar = (c: number) => isNameStart(c) || (c >= 48 && c <= 57) || c === 45 || c === 46; // 0-9 - .

/** The end of the name (ASCII, at most one prefix) starting at `at`, or -1. */
function nameEnd(xml: string, at: number): number {
  if (!isNameStart(xml.charCodeAt(at))) return -1;
  let i = at + 1;
  while (isNameChar(xml.charCodeAt(i))) i++;
  if (xml.charCodeAt(i) !== 58 /* : */) return i;
  if (!isNameStart(xml.charCodeAt(i + 1))) return -1;
  i += 2;
  while (isNameChar(xml.charCodeAt(i))) i++;
  return i;
}

interface StartTag {
  name: string;
  end: number;
  /** Its default namespace declaration: the URI, the extent of ` xmlns="…"` and whether it precedes every attribute. */
  xmlns: { uri: string; from: number; to: number; first: boolean } | null;
}

/** The element's name and end when the text at `at` is a start tag written canonically; null otherwise. */
function readStartTag(xml: string, at: number): StartTag | null {
  const nameStop = nameEnd(xml, at + 1);
  if (nameStop < 0) return null;
  let i = nameStop;
  let previous = "";
  let xmlns: StartTag["xmlns"] = null;
  for (;;) {
    const c = xml.charCodeAt(i);
    if (c === 62 /* > */) return { name: xml.slice(at + 1, nameStop), end: i + 1, xmlns };
    if (c !== 32 /* space */) return null;
    const attributeStop = nameEnd(xml, i + 1);
    if (attributeStop < 0) return null;
    const attribute = xml.slice(i + 1, attributeStop);
    if (attribute === "xmlns") {
      // A repeated declaration is not well-formed.
      if (xmlns || xml.charCodeAt(attributeStop) !== 61 /* = */ || xml.charCodeAt(attributeStop + 1) !== 34 /* " */) return null;
      const close = xml.indexOf('"', attributeStop + 2);
      if (close < 0) return null;
      const uri = xml.slice(attributeStop + 2, close);
      // xmlns="" would need C14N's undeclaration rules, and libxml2 refuses a relative URI.
      if (!ABSOLUTE_NAMESPACE.test(uri)) return null;
      // Namespace nodes sort before attributes, so it takes no part in their order.
      xmlns = { uri, from: i, to: close + 1, first: previous === "" };
      i = close + 1;
      continue;
    }
    // Prefixed attributes and prefixed namespace declarations would need C14N's namespace handling.
    if (attribute.includes(":")) return null;
    // C14N writes unprefixed attributes sorted by name; a repeated name is not well-formed.
    if (previous !== "" && !(previous < attribute)) return null;
    previous = attribute;
    i = attributeStop;
    if (xml.charCodeAt(i) !== 61 /* = */ || xml.charCodeAt(i + 1) !== 34 /* " */) return null;
    const close = xml.indexOf('"', i + 2);
    if (close < 0 || !isCanonicalAttributeValue(xml, i + 2, close)) return null;
    i = close + 1;
  }
}

function isCanonicalAttributeValue(xml: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = xml.charCodeAt(i);
    if (c === 60 /* < */ || c === 9 || c === 10) return false;
    if (c === 38 /* & */) {
      ATTRIBUTE_REFERENCE.lastIndex = i;
      if (!ATTRIBUTE_REFERENCE.test(xml)) return false;
    }
  }
  return true;
}

function isCanonicalText(xml: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = xml.charCodeAt(i);
    if (c === 62 /* > */) return false;
    if (c === 38 /* & */) {
      TEXT_REFERENCE.lastIndex = i;
      if (!TEXT_REFERENCE.test(xml)) return false;
    }
  }
  return true;
}

function prefixOf(name: string): string | null {
  const colon = name.indexOf(":");
  return colon === -1 ? null : name.slice(0, colon);
}

/**
 * The canonical form (C14N 1.0, inclusive, without comments) of the element
 * at [start, end) of `xml`, which inherits the namespace declarations
 * `inherited` (prefix "" for the default namespace) from its ancestors; null
 * when its text is not already canonical.
 */
export function canonicalAsWritten(xml: string, start: number, end: number, inherited: ReadonlyMap<string, string>): string | null {
  const element = xml.slice(start, end);
  if (FORBIDDEN.test(element)) return null;

  // The apex's start tag is rewritten: every namespace in scope, then its attributes, each set sorted.
  const namespaces = new Map<string, string>();
  for (const [prefix, uri] of inherited) if (prefix !== "xml:") namespaces.set(prefix, uri);
  const attributes: Array<[string, string]> = [];
  const apexStop = nameEnd(xml, start + 1);
  if (apexStop < 0 || xml.charCodeAt(start) !== 60) return null;
  const apex = xml.slice(start + 1, apexStop);
  let at = start + 1 + apex.length;
  const seen = new Set<string>();
  for (APEX_ATTRIBUTE.lastIndex = at; ; ) {
    const match = APEX_ATTRIBUTE.exec(xml);
    if (!match) break;
    at = APEX_ATTRIBUTE.lastIndex;
    const name = match[1]!;
    const value = match[2] ?? match[3] ?? "";
    if (!ATTRIBUTE_NAME.test(name) || seen.has(name)) return null;
    seen.add(name);
    // The value is written back between double quotes as it stands: it must already be in C14N's form.
    if (value.includes('"') || !isCanonicalAttributeValue(value, 0, value.length)) return null;
    if (name === "xmlns") namespaces.set("", value);
    else if (name.startsWith("xmlns:")) namespaces.set(name.slice(6), value);
    else if (name.includes(":")) return null;
    else attributes.push([name, value]);
  }
  while (xml.charCodeAt(at) === 32 || xml.charCodeAt(at) === 9 || xml.charCodeAt(at) === 10) at++;
  if (xml.charCodeAt(at) !== 62 /* > */) return null;
  const apexPrefix = prefixOf(apex);
  if (apexPrefix !== null && !namespaces.get(apexPrefix)) return null;
  // An empty default namespace has nothing to undeclare at the apex (C14N 1.0, section 4.7).
  if (namespaces.get("") === "") namespaces.delete("");
  if (namespaces.has("xml") || namespaces.has("xmlns")) return null;
  for (const uri of namespaces.values()) if (!ABSOLUTE_NAMESPACE.test(uri)) return null;
  const byName = (a: [string, string], b: [string, string]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  attributes.sort(byName);
  const declarations = [...namespaces].sort(byName).map(([prefix, uri]) => (prefix === "" ? ` xmlns="${uri}"` : ` xmlns:${prefix}="${uri}"`));
  const apexTag = `<${apex}${declarations.join("")}${attributes.map(([name, value]) => ` ${name}="${value}"`).join("")}>`;

  // The rest must be canonical as it stands, but for the default namespace declarations C14N drops.
  const open = [apex];
  // The default namespace in scope of each open element ("" for none), which its children's xmlns is compared with.
  const defaults = [namespaces.get("") ?? ""];
  const pieces = [apexTag];
  let copied = at + 1;
  let i = at + 1;
  while (open.length > 0) {
    const lt = xml.indexOf("<", i);
    if (lt === -1 || lt >= end || !isCanonicalText(xml, i, lt)) return null;
    const next = xml.charCodeAt(lt + 1);
    if (next === 47 /* / */) {
      const name = open.pop()!;
      defaults.pop();
      if (!xml.startsWith(name, lt + 2) || xml.charCodeAt(lt + 2 + name.length) !== 62) return null;
      i = lt + 3 + name.length;
      continue;
    }
    const tag = readStartTag(xml, lt);
    if (!tag) return null;
    const prefix = prefixOf(tag.name);
    if (prefix !== null && !namespaces.get(prefix)) return null;
    let inScope = defaults[defaults.length - 1]!;
    if (tag.xmlns) {
      if (tag.xmlns.uri === inScope) {
        // Already in scope on the output parent: C14N writes no superfluous declaration.
        pieces.push(xml.slice(copied, tag.xmlns.from));
        copied = tag.xmlns.to;
      } else if (!tag.xmlns.first) {
        return null; // kept, but written before the attributes
      }
      inScope = tag.xmlns.uri;
    }
    open.push(tag.name);
    defaults.push(inScope);
    i = tag.end;
  }
  if (i !== end) return null;
  pieces.push(xml.slice(copied, end));
  return pieces.join("");
}
