import fs from "node:fs";
import { ParseOption, XmlDocument, XmlLibError, XsdValidator, type ErrorDetail } from "libxml2-wasm";
import { xmlRegisterFsInputProviders } from "libxml2-wasm/lib/nodejs.mjs";
import { DomainError } from "@/lib/errors";
import { referencePath } from "./reference-path";

// Entry points of the vendored schemas that compile with libxml2 (shared/fiscal/README.md),
// plus the per-event schemas whose root is a single <evento> (CCe_v1.00, eventoCancNFe_v1.00, ...).
export const XML_SCHEMAS = [
  "nfe/nfe_v4.00.xsd",
  "nfe/procNFe_v4.00.xsd",
  "nfe/enviNFe_v4.00.xsd",
  "nfe/retEnviNFe_v4.00.xsd",
  "nfe/consReciNFe_v4.00.xsd",
  "nfe/retConsReciNFe_v4.00.xsd",
  "nfe/consSitNFe_v4.00.xsd",
  "nfe/retConsSitNFe_v4.00.xsd",
  // Taxpayer registry (CadConsultaCadastro4, consCad 2.00).
  "nfe/consCad_v2.00.xsd",
  "nfe/retConsCad_v2.00.xsd",
  "nfe/consStatServ_v4.00.xsd",
  "nfe/retConsStatServ_v4.00.xsd",
  "nfe/inutNFe_v4.00.xsd",
  "nfe/retInutNFe_v4.00.xsd",
  "nfe/procInutNFe_v4.00.xsd",
  "nfe/envEvento_v1.00.xsd",
  "nfe/retEnvEvento_v1.00.xsd",
  "nfe/procEventoNFe_v1.00.xsd",
  "nfe/envEventoCancNFe_v1.00.xsd",
  "nfe/eventoCancNFe_v1.00.xsd",
  "nfe/e110111_v1.00.xsd",
  "nfe/procEventoCancNFe_v1.00.xsd",
  "nfe/envEventoCancSubst_v1.00.xsd",
  "nfe/eventoCancSubst_v1.00.xsd",
  "nfe/e110112_v1.00.xsd",
  "nfe/envCCe_v1.00.xsd",
  "nfe/CCe_v1.00.xsd",
  "nfe/e110110_v1.00.xsd",
  "nfe/procCCeNFe_v1.00.xsd",
  "nfe/envEventoEntregaNFe_v1.00.xsd",
  "nfe/eventoEntregaNFe_v1.00.xsd",
  "nfe/e110130_v1.00.xsd",
  "nfe/procEventoEntregaNFe_v1.00.xsd",
  "nfe/envEventoCancEntregaNFe_v1.00.xsd",
  "nfe/eventoCancEntregaNFe_v1.00.xsd",
  "nfe/e110131_v1.00.xsd",
  "nfe/procEventoCancEntregaNFe_v1.00.xsd",
  // EPEC 110140 (NT 2014.001; leiauteEPEC_v1.00): one <evento>, the envEvento, the procEventoNFe, the answer.
  "nfe/EPEC_v1.00.xsd",
  "nfe/envEPEC_v1.00.xsd",
  "nfe/procEPEC_v1.00.xsd",
  "nfe/retEnvEPEC_v1.00.xsd",
  "nfe/e110140_v1.00.xsd",
  // EPEC of an NFC-e (NT 2015.003; SEFAZ-SP's EPEC service): its detEvento.
  "nfe/e110140NFCe_v1.00.xsd",
  "nfe/distDFeInt_v1.01.xsd",
  "nfe/retDistDFeInt_v1.01.xsd",
  "nfe/resNFe_v1.01.xsd",
  "nfe/resEvento_v1.01.xsd",
  "nfe/envConfRecebto_v1.00.xsd",
  "nfe/confRecebto_v1.00.xsd",
  // The detEvento of the tax-reform events (NT 2025.002-RTC); the envelope is envEvento_v1.00.
  // "e112120_v1.00 .xsd" keeps the space its official file name has (shared/fiscal/README.md).
  "nfe/e110001_v1.00.xsd",
  "nfe/e112110_v1.00.xsd",
  "nfe/e112120_v1.00 .xsd",
  "nfe/e112130_v1.00.xsd",
  "nfe/e112140_v1.00.xsd",
  "nfe/e112150_v1.00.xsd",
  "nfe/e211110_v1.00.xsd",
  "nfe/e211120_v1.00.xsd",
  "nfe/e211124_v1.00.xsd",
  "nfe/e211128_v1.00.xsd",
  "nfe/e211130_v1.00.xsd",
  "nfe/e211140_v1.00.xsd",
  "nfe/e211150_v1.00.xsd",
  "nfe/e212110_v1.00.xsd",
  "nfe/e212120_v1.00.xsd",
  "nfse/v1.01/DPS_v1.01.xsd",
  "nfse/v1.01/NFSe_v1.01.xsd",
  "nfse/v1.01/pedRegEvento_v1.01.xsd",
  "nfse/v1.01/evento_v1.01.xsd",
  // MDF-e 3.00 (PL_MDFe_300a, schemas/mdfe/README.md). infModal and detEvento are xs:any in the
  // envelope schemas: the modal and each event detail are validated with their own schema.
  "mdfe/PL_MDFe_300a/mdfe_v3.00.xsd",
  "mdfe/PL_MDFe_300a/mdfeModalRodoviario_v3.00.xsd",
  "mdfe/PL_MDFe_300a/procMDFe_v3.00.xsd",
  "mdfe/PL_MDFe_300a/retMDFe_v3.00.xsd",
  "mdfe/PL_MDFe_300a/consSitMDFe_v3.00.xsd",
  "mdfe/PL_MDFe_300a/retConsSitMDFe_v3.00.xsd",
  "mdfe/PL_MDFe_300a/consStatServMDFe_v3.00.xsd",
  "mdfe/PL_MDFe_300a/retConsStatServMDFe_v3.00.xsd",
  "mdfe/PL_MDFe_300a/consReciMDFe_v3.00.xsd",
  "mdfe/PL_MDFe_300a/consMDFeNaoEnc_v3.00.xsd",
  "mdfe/PL_MDFe_300a/retConsMDFeNaoEnc_v3.00.xsd",
  "mdfe/PL_MDFe_300a/eventoMDFe_v3.00.xsd",
  "mdfe/PL_MDFe_300a/retEventoMDFe_v3.00.xsd",
  "mdfe/PL_MDFe_300a/procEventoMDFe_v3.00.xsd",
  "mdfe/PL_MDFe_300a/evEncMDFe_v3.00.xsd",
  "mdfe/PL_MDFe_300a/evCancMDFe_v3.00.xsd",
  "mdfe/PL_MDFe_300a/evIncCondutorMDFe_v3.00.xsd",
  "mdfe/PL_MDFe_300a/evInclusaoDFeMDFe_v3.00.xsd",
  "mdfe/PL_MDFe_300a/evPagtoOperMDFe_v3.00.xsd",
  // ABRASF 2.04, the municipal standard (lib/fiscal/nfse-abrasf; source in the reference README).
  "nfse/abrasf/v2.04/nfse_v2-04.xsd",
  // São Paulo's Nota Fiscal Paulistana, schema version 1 (lib/fiscal/nfse-paulistana; source in the reference README).
  "nfse/paulistana/v01/PedidoEnvioRPS_v01.xsd",
  "nfse/paulistana/v01/PedidoConsultaNFe_v01.xsd",
  "nfse/paulistana/v01/PedidoCancelamentoNFe_v01.xsd",
  "nfse/paulistana/v01/RetornoEnvioRPS_v01.xsd",
  "nfse/paulistana/v01/RetornoConsulta_v01.xsd",
  "nfse/paulistana/v01/RetornoCancelamentoNFe_v01.xsd",
  // Version 2 ("Reforma tributária 2026"): not vendored; checked once the city's files are installed.
  "nfse/paulistana/v02/PedidoEnvioRPS_v02.xsd",
  "nfse/paulistana/v02/PedidoConsultaNFe_v02.xsd",
  "nfse/paulistana/v02/PedidoCancelamentoNFe_v02.xsd",
  "nfse/paulistana/v02/RetornoEnvioRPS_v02.xsd",
  "nfse/paulistana/v02/RetornoConsulta_v02.xsd",
  "nfse/paulistana/v02/RetornoCancelamentoNFe_v02.xsd",
] as const;

export type XmlSchema = (typeof XML_SCHEMAS)[number];

// Schema by root element (shared/fiscal/README.md, "How to validate").
const SCHEMA_BY_ROOT: Record<string, XmlSchema> = {
  NFe: "nfe/nfe_v4.00.xsd",
  nfeProc: "nfe/procNFe_v4.00.xsd",
  enviNFe: "nfe/enviNFe_v4.00.xsd",
  retEnviNFe: "nfe/retEnviNFe_v4.00.xsd",
  consReciNFe: "nfe/consReciNFe_v4.00.xsd",
  retConsReciNFe: "nfe/retConsReciNFe_v4.00.xsd",
  consSitNFe: "nfe/consSitNFe_v4.00.xsd",
  retConsSitNFe: "nfe/retConsSitNFe_v4.00.xsd",
  consStatServ: "nfe/consStatServ_v4.00.xsd",
  retConsStatServ: "nfe/retConsStatServ_v4.00.xsd",
  inutNFe: "nfe/inutNFe_v4.00.xsd",
  retInutNFe: "nfe/retInutNFe_v4.00.xsd",
  ProcInutNFe: "nfe/procInutNFe_v4.00.xsd",
  envEvento: "nfe/envEvento_v1.00.xsd",
  retEnvEvento: "nfe/retEnvEvento_v1.00.xsd",
  procEventoNFe: "nfe/procEventoNFe_v1.00.xsd",
  distDFeInt: "nfe/distDFeInt_v1.01.xsd",
  retDistDFeInt: "nfe/retDistDFeInt_v1.01.xsd",
  resNFe: "nfe/resNFe_v1.01.xsd",
  resEvento: "nfe/resEvento_v1.01.xsd",
  DPS: "nfse/v1.01/DPS_v1.01.xsd",
  NFSe: "nfse/v1.01/NFSe_v1.01.xsd",
  pedRegEvento: "nfse/v1.01/pedRegEvento_v1.01.xsd",
  MDFe: "mdfe/PL_MDFe_300a/mdfe_v3.00.xsd",
  mdfeProc: "mdfe/PL_MDFe_300a/procMDFe_v3.00.xsd",
  retMDFe: "mdfe/PL_MDFe_300a/retMDFe_v3.00.xsd",
  consSitMDFe: "mdfe/PL_MDFe_300a/consSitMDFe_v3.00.xsd",
  retConsSitMDFe: "mdfe/PL_MDFe_300a/retConsSitMDFe_v3.00.xsd",
  consStatServMDFe: "mdfe/PL_MDFe_300a/consStatServMDFe_v3.00.xsd",
  retConsStatServMDFe: "mdfe/PL_MDFe_300a/retConsStatServMDFe_v3.00.xsd",
  consMDFeNaoEnc: "mdfe/PL_MDFe_300a/consMDFeNaoEnc_v3.00.xsd",
  retConsMDFeNaoEnc: "mdfe/PL_MDFe_300a/retConsMDFeNaoEnc_v3.00.xsd",
  eventoMDFe: "mdfe/PL_MDFe_300a/eventoMDFe_v3.00.xsd",
  retEventoMDFe: "mdfe/PL_MDFe_300a/retEventoMDFe_v3.00.xsd",
  procEventoMDFe: "mdfe/PL_MDFe_300a/procEventoMDFe_v3.00.xsd",
};

/** The schema for a document, chosen by its root element; null when it is not one we know. */
export function schemaForDocument(xml: string): XmlSchema | null {
  const root = /^(?:\s*<\?[^>]*\?>|\s*<!--[\s\S]*?-->)*\s*<(?:[\w.-]+:)?([\w.-]+)[\s>/]/.exec(xml)?.[1];
  return root ? (SCHEMA_BY_ROOT[root] ?? null) : null;
}

export type SchemaCheck = { valid: true } | { valid: false; errors: string[] };

let providersRegistered = false;
const validators = new Map<XmlSchema, XsdValidator>();

/** Compiles a schema once per process (~100 ms for nfe_v4.00) and keeps it for every later call. */
function validatorFor(schema: XmlSchema): XsdValidator {
  const cached = validators.get(schema);
  if (cached) return cached;
  if (!XML_SCHEMAS.includes(schema)) throw new Error(`Unknown XML schema ${schema}`);
  // xs:include/xs:import are resolved relative to the entry file through node:fs.
  if (!providersRegistered) providersRegistered = xmlRegisterFsInputProviders() || true;
  const file = referencePath("schemas", schema);
  // The schema document stays alive with its validator: libxml2 may keep
  // pointers into it, and both live for the whole process anyway.
  const schemaDoc = XmlDocument.fromBuffer(fs.readFileSync(file), { url: file });
  const validator = XsdValidator.fromDoc(schemaDoc);
  validators.set(schema, validator);
  return validator;
}

function messagesOf(error: unknown): string[] {
  if (error instanceof XmlLibError) {
    const details: ErrorDetail[] = error.details ?? [];
    // Our documents are one line long, so a line number only helps for other, pretty-printed input.
    const messages = details.map((d) => (d.line && d.line > 1 ? `line ${d.line}: ` : "") + d.message.trim());
    return messages.length > 0 ? messages : [error.message.trim()];
  }
  throw error;
}

/**
 * Validates an XML document against one of the official schemas with libxml2
 * (the same engine as xmllint). Never throws for invalid input: the simulator
 * turns the errors into a cStat 225 answer.
 */
export function checkXmlSchema(xml: string | Uint8Array, schema: XmlSchema): SchemaCheck {
  const validator = validatorFor(schema);
  let doc: XmlDocument;
  try {
    // Parsing UTF-8 bytes is about twice as fast in libxml2-wasm as parsing a JS string. COMPACT keeps
    // short text (most NF-e values) inside its node instead of a separate allocation: parse + validate
    // ~5 % cheaper; the tree is only read, never modified, which is what COMPACT asks.
    doc = XmlDocument.fromBuffer(typeof xml === "string" ? Buffer.from(xml, "utf8") : xml, { option: ParseOption.XML_PARSE_COMPACT });
  } catch (error) {
    return { valid: false, errors: messagesOf(error).map((m) => `Malformed XML: ${m}`) };
  }
  try {
    validator.validate(doc);
    return { valid: true };
  } catch (error) {
    return { valid: false, errors: messagesOf(error) };
  } finally {
    doc.dispose();
  }
}

/**
 * Validates before anything is sent (issue 5, item 4): a failure is a 422
 * schema_validation_failed whose message names the offending element as libxml2
 * reports it, e.g. "Element '{http://www.portalfiscal.inf.br/nfe}vBC': [facet 'pattern'] …".
 */
export function validateXml(xml: string | Uint8Array, schema: XmlSchema): void {
  const result = checkXmlSchema(xml, schema);
  if (result.valid) return;
  const shown = result.errors.slice(0, 5).join("; ");
  const more = result.errors.length > 5 ? ` (and ${result.errors.length - 5} more)` : "";
  throw new DomainError(422, "schema_validation_failed", `XML does not match ${schema}: ${shown}${more}`);
}
