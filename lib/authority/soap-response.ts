import { XMLParser } from "fast-xml-parser";
import { readXmlObject } from "@/lib/fiscal/xml/xml-object";

// Reading SEFAZ answers. Values stay strings (cStat "100", nProt with its
// leading zeros); fragments the caller stores (protNFe, retEvento, retInutNFe)
// are cut from the raw text so their bytes are exactly what the authority sent.

export type XmlNode = { [key: string]: unknown };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // The callbacks get the parser's path matcher, not its path as a string built for every tag
  // (a quarter of the parse of an NF-e; nothing here reads the path).
  jPath: false,
});

/**
 * A whole document as nested objects (values as strings, attributes as "@_name"): the one-pass
 * reader (lib/fiscal/xml/xml-object.ts, the same objects for a fraction of the CPU), or
 * fast-xml-parser when it declines (a comment, CDATA, a character reference, malformed text).
 */
export function parseXml(xml: string): XmlNode {
  return (readXmlObject(xml) ?? parser.parse(xml)) as XmlNode;
}

export type SoapAnswer =
  | { ok: true; name: string; message: XmlNode; /** The text the message was read from (the envelope, or an escaped payload unescaped), for cutting fragments. */ xml: string }
  | { ok: false; reason: string };

/**
 * The ret* message anywhere under the SOAP Body, whatever wraps it: SOAP 1.1
 * or 1.2, any prefix (soap:, env:, S:, soapenv:), any result element
 * (nfeResultMsg, the Ambiente Nacional's nfeRecepcaoEventoNFResult, 3.10-era
 * names such as nfeStatusServicoNF2Result) or none, single or double quotes;
 * also a payload sent as escaped text inside the result element. A SOAP Fault
 * is reported with its code and text.
 */
export function readSoapAnswer(envelopeXml: string, expected: string): SoapAnswer {
  let parsed: XmlNode;
  try {
    parsed = parseXml(envelopeXml);
  } catch (error) {
    return { ok: false, reason: `Unreadable answer: ${(error as Error).message}` };
  }
  const body = child(child(parsed, "Envelope"), "Body");
  if (!body) return { ok: false, reason: "Answer without a SOAP body" };
  const fault = child(body, "Fault");
  if (fault) return { ok: false, reason: `SOAP fault: ${describeFault(fault)}` };
  const message = findElement(body, expected);
  if (message) return { ok: true, name: expected, message, xml: envelopeXml };
  const escaped = findEscapedPayload(body, expected);
  if (escaped) return readEscapedPayload(escaped, expected);
  return { ok: false, reason: `Answer without <${expected}>` };
}

/** The fault's code and text when the body is a SOAP Fault (1.1 faultcode/faultstring, 1.2 Code/Reason), else undefined. */
export function readSoapFault(envelopeXml: string): string | undefined {
  try {
    const fault = child(child(child(parser.parse(envelopeXml) as XmlNode, "Envelope"), "Body"), "Fault");
    return fault ? describeFault(fault) : undefined;
  } catch {
    return undefined;
  }
}

function describeFault(fault: XmlNode): string {
  // SOAP 1.2: Code/Value (+ Subcode/Value), Reason/Text (one per language); SOAP 1.1: faultcode, faultstring.
  const code = child(fault, "Code");
  const codes = [text(code, "Value"), text(child(code, "Subcode"), "Value"), text(fault, "faultcode")].filter(Boolean);
  const reasons = asArray(child(fault, "Reason")?.Text).map(nodeText).filter(Boolean);
  const reason = reasons[0] ?? text(fault, "faultstring");
  const detail = reason ? "" : detailText(fault);
  const said = reason || detail || "no reason given";
  return codes.length ? `${said} (${codes.join(", ")})` : said;
}

function detailText(fault: XmlNode): string {
  const detail = fault.Detail ?? fault.detail;
  if (typeof detail === "string") return detail;
  return detail && typeof detail === "object" ? collectText(detail as XmlNode).join(" ").trim() : "";
}

function collectText(node: XmlNode): string[] {
  return Object.entries(node).flatMap(([key, value]) => {
    if (key.startsWith("@_")) return [];
    if (typeof value === "string") return [value];
    return asArray(value).flatMap((item) => (item && typeof item === "object" ? collectText(item as XmlNode) : [String(item)]));
  });
}

/** Depth-first: the first element named `name` under `node` (prefixes already removed). */
function findElement(node: XmlNode, name: string): XmlNode | undefined {
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith("@_")) continue;
    for (const item of asArray(value)) {
      if (!item || typeof item !== "object") continue;
      if (key === name) return item as XmlNode;
      const found = findElement(item as XmlNode, name);
      if (found) return found;
    }
  }
  return undefined;
}

/** A text value under the body that is itself the expected message (escaped XML inside the result element). */
function findEscapedPayload(node: XmlNode, name: string): string | undefined {
  const opening = new RegExp(`<([A-Za-z_][\\w.-]*:)?${name}[\\s/>]`);
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith("@_")) continue;
    for (const item of asArray(value)) {
      if (typeof item === "string" && opening.test(item)) return item;
      if (item && typeof item === "object") {
        const found = findEscapedPayload(item as XmlNode, name);
        if (found) return found;
      }
    }
  }
  return undefined;
}

function readEscapedPayload(payloadXml: string, expected: string): SoapAnswer {
  try {
    const message = findElement(parser.parse(payloadXml) as XmlNode, expected);
    if (message) return { ok: true, name: expected, message, xml: payloadXml };
  } catch (error) {
    return { ok: false, reason: `Unreadable escaped answer: ${(error as Error).message}` };
  }
  return { ok: false, reason: `Answer without <${expected}>` };
}

function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function nodeText(value: unknown): string {
  if (value && typeof value === "object") return String((value as XmlNode)["#text"] ?? "").trim();
  return value === undefined || value === null ? "" : String(value).trim();
}

/** A child element's text (""), tolerant of attributes on the element. */
export function text(node: XmlNode | undefined, name: string): string {
  const value = node?.[name];
  return nodeText(Array.isArray(value) ? value[0] : value);
}

export function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  const value = node?.[name];
  if (Array.isArray(value)) return value[0] as XmlNode;
  return value && typeof value === "object" ? (value as XmlNode) : undefined;
}

// One compiled pattern per element name (a handful: NFe, protNFe, retEvento, …), not one per call.
const openingPatterns = new Map<string, RegExp>();

/**
 * The first <name>…</name> element of the raw XML, any namespace prefix, as
 * received. These elements (protNFe, retEvento, retInutNFe) never nest in
 * themselves. Prefixes the element uses but an ancestor declared (JAX-WS
 * answers declare ns2: on the wrapper) are declared on the cut element, so it
 * stays well-formed on its own and inside nfeProc/procEventoNFe.
 */
export function extractElement(xml: string, name: string): string | undefined {
  let opening = openingPatterns.get(name);
  if (!opening) openingPatterns.set(name, (opening = new RegExp(`<([A-Za-z_][\\w.-]*:)?${name}(?=[\\s/>])`)));
  const open = opening.exec(xml);
  if (!open) return undefined;
  const prefix = open[1] ?? "";
  const start = open.index;
  const selfClosing = xml.indexOf(">", start);
  let fragment: string | undefined;
  if (selfClosing > 0 && xml[selfClosing - 1] === "/") fragment = xml.slice(start, selfClosing + 1);
  else {
    const close = `</${prefix}${name}>`;
    const end = xml.indexOf(close, start);
    fragment = end < 0 ? undefined : xml.slice(start, end + close.length);
  }
  return fragment && declareInheritedPrefixes(fragment, xml.slice(0, start));
}

/**
 * The fragment with the namespace prefixes it uses, but that only the text
 * before it declared (its ancestors), declared on its root element.
 */
export function declareInheritedPrefixes(fragment: string, before: string): string {
  // Nothing before it declares a prefix (the usual enviNFe, SOAP 1.2 answers aside): nothing to add, no need to scan the fragment.
  if (!before.includes("xmlns:")) return fragment;
  const nameLength = /^<[^\s/>]+/.exec(fragment)?.[0].length ?? 0;
  const used = new Set<string>();
  for (const [, p] of fragment.matchAll(/<\/?([A-Za-z_][\w.-]*):/g)) used.add(p!);
  for (const [, p] of fragment.matchAll(/\s([A-Za-z_][\w.-]*):[\w.-]+\s*=/g)) used.add(p!);
  const declarations: string[] = [];
  for (const p of used) {
    if (p === "xmlns" || p === "xml" || new RegExp(`xmlns:${p}\\s*=`).test(fragment)) continue;
    const inScope = [...before.matchAll(new RegExp(`xmlns:${p}\\s*=\\s*(["'])(.*?)\\1`, "g"))].at(-1);
    if (inScope) declarations.push(` xmlns:${p}="${inScope[2]}"`);
  }
  return declarations.length ? fragment.slice(0, nameLength) + declarations.join("") + fragment.slice(nameLength) : fragment;
}
