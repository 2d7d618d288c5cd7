import { XmlDocument } from "libxml2-wasm";
import { canonicalAsWritten } from "./canonical-as-written";

// Canonical XML 1.0 (inclusive, without comments) of one element of a
// document, computed natively by libxml2 — the C14N engine xmlsec1 uses.
// The element's text is cut out of the document, the namespace declarations
// it inherits from its ancestors are written onto it (inclusive C14N renders
// them there), and that standalone document is canonicalised whole, which
// avoids libxml2-wasm's per-node JavaScript visibility callback (~10x slower).

export type ElementLocation = {
  /** Offsets of the element in the document text: [start, end). */
  start: number;
  end: number;
  /** Name of its parent element (null for the root). */
  parent: string | null;
  /** Names of its ancestors, from the root down to the parent. */
  ancestors: string[];
  /** Namespace declarations in scope from the ancestors, e.g. { "": "http://…/nfe" }. */
  inherited: Map<string, string>;
};

const TAG = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[^\s=>/]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[[\s\S]*?\]\]>|<!DOCTYPE[^>]*>/g;
const NS_DECLARATION = /\sxmlns(?::([\w.-]+))?\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const XML_ATTRIBUTE = /\sxml:[\w-]+\s*=/;
const NO_DECLARATIONS: ReadonlyMap<string, string> = new Map();

type Frame = { name: string; ns: ReadonlyMap<string, string> };

/** Finds the first element named `tag` (at or after offset `from`) and what it inherits from its ancestors. */
export function locateElement(xml: string, tag: string, from = 0): ElementLocation | null {
  const found = scan(xml, tag, from, 0, []);
  return found === "left the ancestors" ? null : found;
}

/**
 * Like locateElement for an element after `previous` (at or after `from`), scanning only
 * the text that follows `previous` (a Signature's SignedInfo after the signed infNFe);
 * `previous` must be a whole element, as one that canonicalised is.
 */
export function locateElementAfter(xml: string, tag: string, previous: ElementLocation, from: number): ElementLocation | null {
  if (from < previous.end) return locateElement(xml, tag, from);
  // The ancestors' declarations ride on the outermost frame: valid while the scan stays below the parent.
  const stack: Frame[] = previous.ancestors.map((name, i) => ({ name, ns: i === 0 ? previous.inherited : NO_DECLARATIONS }));
  const found = scan(xml, tag, from, previous.end, stack);
  return found === "left the ancestors" ? locateElement(xml, tag, from) : found;
}

function scan(xml: string, tag: string, from: number, startAt: number, stack: Frame[]): ElementLocation | null | "left the ancestors" {
  const floor = stack.length;
  TAG.lastIndex = startAt;
  for (let m = TAG.exec(xml); m; m = TAG.exec(xml)) {
    const [, closing, name, attributes, selfClosing] = m;
    if (!name) continue; // comment, PI, CDATA, doctype
    if (closing) {
      if (floor > 0 && stack.length <= floor) return "left the ancestors";
      stack.pop();
      continue;
    }
    if (name === tag && m.index >= from) {
      const closeTag = `</${tag}>`;
      const end = xml.indexOf(closeTag, m.index);
      if (selfClosing || end < 0) return null;
      const inherited = new Map<string, string>();
      for (const ancestor of stack) {
        for (const [prefix, uri] of ancestor.ns) inherited.set(prefix, uri);
      }
      if (stack.some((a) => a.ns.has("xml:"))) throw new Error(`C14N: xml:* attributes on ancestors of <${tag}> are not supported`);
      const ancestors = stack.map((a) => a.name);
      return { start: m.index, end: end + closeTag.length, parent: ancestors.at(-1) ?? null, ancestors, inherited };
    }
    if (!selfClosing) {
      // Most elements declare nothing: they share one empty map.
      let ns = NO_DECLARATIONS;
      if (attributes && attributes.includes("xml")) {
        const declared = new Map<string, string>();
        for (const d of attributes.matchAll(NS_DECLARATION)) declared.set(d[1] ?? "", d[2] ?? d[3] ?? "");
        if (XML_ATTRIBUTE.test(attributes)) declared.set("xml:", "");
        ns = declared;
      }
      stack.push({ name, ns });
    }
  }
  return null;
}

/** C14N 1.0 of the located element, as UTF-8 bytes. */
export function canonicalElement(xml: string, location: ElementLocation): Buffer {
  // What we built ourselves is canonical as written: no parse needed (canonical-as-written.ts).
  const asWritten = canonicalAsWritten(xml, location.start, location.end, location.inherited);
  if (asWritten !== null) return Buffer.from(asWritten, "utf8");
  return canonicalElementByLibxml2(xml, location);
}

/** C14N 1.0 of the located element by libxml2, whatever its serialisation. */
export function canonicalElementByLibxml2(xml: string, location: ElementLocation): Buffer {
  let element = xml.slice(location.start, location.end);
  const openEnd = element.search(/\s|\/?>/);
  const ownTag = element.slice(0, element.indexOf(">") + 1);
  const declarations: string[] = [];
  for (const [prefix, uri] of location.inherited) {
    const attribute = prefix === "" ? "xmlns" : `xmlns:${prefix}`;
    // An inherited empty default namespace is not rendered (C14N 1.0, 4.7).
    if (prefix === "" && uri === "") continue;
    if (!new RegExp(`\\s${attribute}\\s*=`).test(ownTag)) declarations.push(` ${attribute}="${uri}"`);
  }
  if (declarations.length > 0) element = element.slice(0, openEnd) + declarations.join("") + element.slice(openEnd);
  return Buffer.from(canonicalDocument(element), "utf8");
}

/** C14N 1.0 (inclusive, without comments) of a whole standalone document, by libxml2. */
export function canonicalDocument(xml: string): string {
  const doc = XmlDocument.fromBuffer(Buffer.from(xml, "utf8"));
  try {
    return doc.canonicalizeToString({ mode: 0 });
  } finally {
    doc.dispose();
  }
}
