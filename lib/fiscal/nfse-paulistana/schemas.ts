import fs from "node:fs";
import { referencePath } from "@/lib/fiscal/xml/reference-path";
import { checkXmlSchema, type SchemaCheck } from "@/lib/fiscal/xml/schema-validation";
import { PAULISTANA_SCHEMAS, PAULISTANA_SCHEMAS_V2, type PaulistanaLayout } from "./types";

// São Paulo publishes its v01 schemas (PedidoEnvioRPS_v01.xsd, TiposNFe_v01.xsd…) on the city's
// developer page. Our reference folder holds only what comes through the team's shared/fiscal, and
// these are not there yet (a library's copy may not be committed here), so the messages are built,
// signed and sent, and checked against the schemas only once the city's files are copied to
// lib/fiscal/reference/schemas/nfse/paulistana/v01 (lib/fiscal/reference/README.md says how).

const available = new Map<PaulistanaLayout, boolean>();

const setOf = (layout: PaulistanaLayout) => (layout === 2 ? PAULISTANA_SCHEMAS_V2 : PAULISTANA_SCHEMAS);

/** Whether the city's schemas of a layout are in the reference folder (read once per process). */
export function paulistanaSchemasAvailable(layout: PaulistanaLayout = 1): boolean {
  if (!available.has(layout)) available.set(layout, Object.values(setOf(layout)).every((schema) => fs.existsSync(referencePath("schemas", schema))));
  return available.get(layout)!;
}

/** The schema check of one Paulistana message, or null when that layout's schemas are not installed. */
export function checkPaulistanaSchema(xml: string, root: keyof typeof PAULISTANA_SCHEMAS, layout: PaulistanaLayout = 1): SchemaCheck | null {
  return paulistanaSchemasAvailable(layout) ? checkXmlSchema(xml, setOf(layout)[root]) : null;
}
