import { checkXmlSchema, validateXml, type SchemaCheck, type XmlSchema } from "@/lib/fiscal/xml/schema-validation";
import { DomainError } from "@/lib/errors";
import type { ReformEventCode } from "./build-reform-event";

// The reform events have no per-event <evento> schema (PL_010_V1.30 ships only
// the detEvento schemas e110001, e112110 … e212120), so a signed event is
// checked twice: the <evento> inside an <envEvento> against envEvento_v1.00
// (envelope and signature; its detEvento is xs:any), and its <detEvento>
// against the event's own schema.

const NFE_NS = "http://www.portalfiscal.inf.br/nfe";

export const REFORM_DETAIL_SCHEMA: Record<ReformEventCode, XmlSchema> = {
  "110001": "nfe/e110001_v1.00.xsd",
  "112110": "nfe/e112110_v1.00.xsd",
  "112120": "nfe/e112120_v1.00 .xsd",
  "112130": "nfe/e112130_v1.00.xsd",
  "112140": "nfe/e112140_v1.00.xsd",
  "112150": "nfe/e112150_v1.00.xsd",
  "211110": "nfe/e211110_v1.00.xsd",
  "211120": "nfe/e211120_v1.00.xsd",
  "211124": "nfe/e211124_v1.00.xsd",
  "211128": "nfe/e211128_v1.00.xsd",
  "211130": "nfe/e211130_v1.00.xsd",
  "211140": "nfe/e211140_v1.00.xsd",
  "211150": "nfe/e211150_v1.00.xsd",
  "212110": "nfe/e212110_v1.00.xsd",
  "212120": "nfe/e212120_v1.00.xsd",
};

/** The <detEvento> of a signed or unsigned <evento>, as a document of its own (with the NF-e namespace). */
export function detEventoDocument(eventXml: string): string | null {
  const match = /<detEvento(\s[^>]*)?>[\s\S]*<\/detEvento>/.exec(eventXml);
  if (!match) return null;
  return match[0].replace(/^<detEvento/, `<detEvento xmlns="${NFE_NS}"`);
}

/** An <evento> as the request's <envEvento> carries it. */
export function inEnvEvento(eventXml: string, batchId = "1"): string {
  return `<envEvento xmlns="${NFE_NS}" versao="1.00"><idLote>${batchId}</idLote>${eventXml.replace(/^\s*<\?xml[^>]*\?>\s*/, "")}</envEvento>`;
}

/** Both checks, without throwing: the simulator answers 215/225 from it. */
export function checkReformEvent(eventXml: string, tpEvento: ReformEventCode): SchemaCheck {
  const envelope = checkXmlSchema(inEnvEvento(eventXml), "nfe/envEvento_v1.00.xsd");
  if (!envelope.valid) return envelope;
  const detail = detEventoDocument(eventXml);
  if (!detail) return { valid: false, errors: ["detEvento is missing"] };
  return checkXmlSchema(detail, REFORM_DETAIL_SCHEMA[tpEvento]);
}

/** Before anything is sent: a failure is 422 schema_validation_failed naming the schema and element. */
export function validateReformEvent(eventXml: string, tpEvento: ReformEventCode): void {
  validateXml(inEnvEvento(eventXml), "nfe/envEvento_v1.00.xsd");
  const detail = detEventoDocument(eventXml);
  if (!detail) throw new DomainError(422, "schema_validation_failed", "The event has no detEvento");
  validateXml(detail, REFORM_DETAIL_SCHEMA[tpEvento]);
}
