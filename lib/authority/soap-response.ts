import { XMLParser } from "fast-xml-parser";

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
});

/** A whole document as nested objects (values as strings, attributes as "@_name"). */
export function parseXml(xml: string): XmlNode {
  return parser.parse(xml) as XmlNode;
}

export type SoapAnswer = { ok: true; name: string; message: XmlNode } | { ok: false; reason: string };

/** The ret* message inside the SOAP body (under nfeResultMsg, or directly in Body for a few states). */
export function readSoapAnswer(envelopeXml: string, expected: string): SoapAnswer {
  let parsed: XmlNode;
  try {
    parsed = parser.parse(envelopeXml) as XmlNode;
  } catch (error) {
    return { ok: false, reason: `Unreadable answer: ${(error as Error).message}` };
  }
  const body = (parsed.Envelope as XmlNode | undefined)?.Body as XmlNode | undefined;
  if (!body) return { ok: false, reason: "Answer without a SOAP body" };
  if (body.Fault) return { ok: false, reason: `SOAP fault: ${faultText(body.Fault as XmlNode)}` };
  const holder = (body.nfeResultMsg as XmlNode | undefined) ?? body;
  const message = holder[expected];
  if (!message || typeof message !== "object") return { ok: false, reason: `Answer without <${expected}>` };
  return { ok: true, name: expected, message: message as XmlNode };
}

function faultText(fault: XmlNode): string {
  const reason = fault.Reason as XmlNode | undefined;
  const text = reason?.Text ?? fault.faultstring ?? "";
  return typeof text === "object" ? String((text as XmlNode)["#text"] ?? "") : String(text);
}

/** A child element's text (""), tolerant of attributes on the element. */
export function text(node: XmlNode | undefined, name: string): string {
  const value = node?.[name];
  if (value === undefined || value === null) return "";
  if (typeof value === "object") return String((value as XmlNode)["#text"] ?? "");
  return String(value);
}

export function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  const value = node?.[name];
  if (Array.isArray(value)) return value[0] as XmlNode;
  return value && typeof value === "object" ? (value as XmlNode) : undefined;
}

/**
 * The first <name>…</name> element of the raw XML, any namespace prefix, as
 * received. These elements (protNFe, retEvento, retInutNFe) never nest in themselves.
 */
export function extractElement(xml: string, name: string): string | undefined {
  const open = new RegExp(`<([A-Za-z_][\\w.-]*:)?${name}(?=[\\s/>])`).exec(xml);
  if (!open) return undefined;
  const prefix = open[1] ?? "";
  const start = open.index;
  const selfClosing = xml.indexOf(">", start);
  if (selfClosing > 0 && xml[selfClosing - 1] === "/") return xml.slice(start, selfClosing + 1);
  const close = `</${prefix}${name}>`;
  const end = xml.indexOf(close, start);
  return end < 0 ? undefined : xml.slice(start, end + close.length);
}
