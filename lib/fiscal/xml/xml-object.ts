// A one-pass reader of plain XML into the nested objects fast-xml-parser gives
// with { ignoreAttributes: false, attributeNamePrefix: "@_", removeNSPrefix: true,
// parseTagValue: false, parseAttributeValue: false, trimValues: true } (values
// and attributes as strings, namespace prefixes and xmlns attributes dropped,
// an element with neither attributes nor children as its trimmed text, a
// repeated element as an array, `#text` beside attributes or children).
//
// Why: the SEFAZ business rules read every NF-e twice per emission (the worker
// before sending, the simulator on receipt), and fast-xml-parser spent about
// 1.9 ms of CPU on a 10-item NF-e of 13 KB, most of it in its generic
// machinery; this reader does the same work in a fraction of that. It accepts
// only what an NF-e built here or schema-checked contains: elements,
// attributes, text and the five predefined entities. Anything else (comments,
// CDATA, DOCTYPE, character references, a malformed tag) answers null and the
// caller falls back to fast-xml-parser, so the result never differs from it
// (xml-object.test.ts compares both).

export type XmlObject = Record<string, unknown>;

type Frame = { name: string; node: XmlObject; text: string; hasContent: boolean };

const ENTITIES: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&amp;": "&", "&quot;": '"', "&apos;": "'" };
const ENTITY = /&(?:lt|gt|amp|quot|apos);/g;
const OTHER_REFERENCE = /&(?!(?:lt|gt|amp|quot|apos);)/;
const WHITESPACE = /\s/;
const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Text with the predefined entities decoded, or null when it holds another reference (the caller falls back). */
function decode(text: string): string | null {
  if (text.indexOf("&") === -1) return text;
  if (OTHER_REFERENCE.test(text)) return null;
  return text.replace(ENTITY, (entity) => ENTITIES[entity]!);
}

function localName(name: string): string {
  const colon = name.indexOf(":");
  return colon === -1 ? name : name.slice(colon + 1);
}

// A value is a string or an object, never an array, so an array here is a list already.
function addChild(parent: XmlObject, name: string, value: unknown, isList: (name: string) => boolean): void {
  const existing = parent[name];
  if (existing === undefined) parent[name] = isList(name) ? [value] : value;
  else if (Array.isArray(existing)) existing.push(value);
  else parent[name] = [existing, value];
}

/** Reads `xml` as described above, or null when it holds something this reader does not handle. */
export function readXmlObject(xml: string, isList: (name: string) => boolean = () => false): XmlObject | null {
  const root: Frame = { name: "", node: {}, text: "", hasContent: false };
  const stack: Frame[] = [root];
  let at = 0;
  // Where the next quote characters are (-1: none left, -2: not looked for yet): a tag
  // with none before its first ">" needs no quote-aware scan for its end.
  let nextDouble = -2;
  let nextSingle = -2;
  for (;;) {
    const open = xml.indexOf("<", at);
    const current = stack[stack.length - 1]!;
    if (open !== at) current.text += open === -1 ? xml.slice(at) : xml.slice(at, open);
    if (open === -1) break;
    const next = xml.charCodeAt(open + 1);
    if (next === 63 /* ? */) {
      // The XML declaration (or a processing instruction): nothing the readers use.
      const end = xml.indexOf("?>", open + 2);
      if (end === -1) return null;
      at = end + 2;
      continue;
    }
    if (next === 33 /* ! */) return null; // comment, CDATA, DOCTYPE
    // The tag's end: the first ">" outside a quoted attribute value.
    let end = xml.indexOf(">", open + 1);
    if (end === -1) return null;
    if (nextDouble !== -1 && nextDouble < open) nextDouble = xml.indexOf('"', open);
    if (nextSingle !== -1 && nextSingle < open) nextSingle = xml.indexOf("'", open);
    if ((nextDouble >= 0 && nextDouble < end) || (nextSingle >= 0 && nextSingle < end)) {
      let quote = 0;
      for (end = open + 1; end < xml.length; end++) {
        const c = xml.charCodeAt(end);
        if (quote) {
          if (c === quote) quote = 0;
        } else if (c === 34 || c === 39) quote = c;
        else if (c === 62 /* > */) break;
      }
      if (end >= xml.length) return null;
    }
    at = end + 1;
    if (next === 47 /* / */) {
      // Usually the end tag is exactly the open element's unprefixed name.
      const name = end - open - 2 === current.name.length && xml.startsWith(current.name, open + 2) ? current.name : localName(xml.slice(open + 2, end).trim());
      if (stack.length === 1 || current.name !== name) return null;
      stack.pop();
      const text = decode(current.text.trim());
      if (text === null) return null;
      let value: unknown;
      if (!current.hasContent) value = text;
      else {
        if (text !== "") current.node["#text"] = text;
        value = current.node;
      }
      addChild(stack[stack.length - 1]!.node, name, value, isList);
      continue;
    }
    const selfClosing = xml.charCodeAt(end - 1) === 47;
    const innerEnd = selfClosing ? end - 1 : end;
    let space = open + 1;
    while (space < innerEnd) {
      const c = xml.charCodeAt(space);
      if (c <= 32 ? c === 32 || (c >= 9 && c <= 13) : c > 127 && WHITESPACE.test(xml.charAt(space))) break;
      space++;
    }
    const name = localName(xml.slice(open + 1, space));
    if (name === "") return null;
    const node: XmlObject = {};
    let hasAttributes = false;
    if (space < innerEnd) {
      const attributes = xml.slice(space, innerEnd);
      ATTRIBUTE.lastIndex = 0;
      let consumed = 0;
      for (let match = ATTRIBUTE.exec(attributes); match; match = ATTRIBUTE.exec(attributes)) {
        if (attributes.slice(consumed, match.index).trim() !== "") return null;
        consumed = match.index + match[0].length;
        const attribute = match[1]!;
        if (attribute === "xmlns" || attribute.startsWith("xmlns:")) continue;
        const value = decode(match[2] ?? match[3] ?? "");
        if (value === null) return null;
        node[`@_${localName(attribute)}`] = value;
        hasAttributes = true;
      }
      if (attributes.slice(consumed).trim() !== "") return null;
    }
    if (selfClosing) {
      addChild(current.node, name, hasAttributes ? node : "", isList);
      current.hasContent = true;
      continue;
    }
    current.hasContent = true;
    stack.push({ name, node, text: "", hasContent: hasAttributes });
  }
  if (stack.length !== 1) return null;
  return root.node;
}
