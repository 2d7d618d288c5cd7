import { XMLParser } from "fast-xml-parser";
import { readXmlObject } from "@/lib/fiscal/xml/xml-object";
import { Dec } from "@/lib/tax/decimal";
import type { Decimal } from "decimal.js";

// A read-only view of one <NFe> for the business rules: values stay strings
// as written (the rules compare them as SEFAZ does, to the centavo), lists are
// always arrays, and each item's ICMS group is unwrapped with its name.

export type XmlFields = Record<string, unknown>;

const LISTS = new Set(["det", "detPag", "dup", "NFref", "vol"]);
const isList = (name: string) => LISTS.has(name);
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
  isArray: isList,
});

export type NfeViewItem = {
  nItem: number;
  prod: XmlFields;
  /** ICMS00, ICMS10, ICMSSN101 ... and its fields; null when the line has no ICMS group. */
  icms: { group: string; fields: XmlFields } | null;
  icmsUfDest: XmlFields | null;
  ipi: XmlFields | null;
  ii: XmlFields | null;
  issqn: XmlFields | null;
  pis: XmlFields | null;
  cofins: XmlFields | null;
  ibsCbs: XmlFields | null;
  /** imposto/vTotTrib (Lei 12.741/2012). */
  vTotTrib: unknown;
};

export type NfeView = {
  accessKey: string;
  ide: XmlFields;
  emit: XmlFields;
  issuerUf: string;
  dest: XmlFields | null;
  recipientUf: string | null;
  /** Delivery place (G01 entrega), when it differs from the recipient's address. */
  entrega: XmlFields | null;
  items: NfeViewItem[];
  icmsTot: XmlFields;
  ibsCbsTot: XmlFields | null;
  transp: XmlFields | null;
  cobr: XmlFields | null;
  pag: XmlFields | null;
  supl: XmlFields | null;
  model: "55" | "65";
};

const obj = (value: unknown): XmlFields | null => (value && typeof value === "object" ? (value as XmlFields) : null);

/** The first (only) child group of a choice element such as ICMS or PIS. */
function choice(value: unknown): { group: string; fields: XmlFields } | null {
  const node = obj(value);
  if (!node) return null;
  const [group] = Object.keys(node);
  return group ? { group, fields: obj(node[group]) ?? {} } : null;
}

/** Reads the NFe element of a (signed or unsigned) NF-e/NFC-e; throws on text that is not an NFe. */
export function readNfeView(xml: string): NfeView {
  // The one-pass reader first (a fraction of fast-xml-parser's CPU, the same objects); the parser when it declines.
  const root = (readXmlObject(xml, isList) ?? parser.parse(xml)) as XmlFields;
  const nfe = obj(root.NFe) ?? obj(obj(root.nfeProc)?.NFe);
  const infNFe = obj(nfe?.infNFe);
  if (!nfe || !infNFe) throw new Error("No NFe/infNFe element");
  const ide = obj(infNFe.ide) ?? {};
  const emit = obj(infNFe.emit) ?? {};
  const dest = obj(infNFe.dest);
  const total = obj(infNFe.total) ?? {};
  const det = (infNFe.det as unknown[] | undefined) ?? [];
  return {
    accessKey: String(infNFe["@_Id"] ?? "").replace(/^NFe/, ""),
    ide,
    emit,
    issuerUf: str(obj(emit.enderEmit)?.UF),
    dest,
    recipientUf: dest ? str(obj(dest.enderDest)?.UF) || null : null,
    entrega: obj(infNFe.entrega),
    items: det.map((entry, index) => {
      const d = obj(entry) ?? {};
      const imposto = obj(d.imposto) ?? {};
      const pis = choice(imposto.PIS);
      const cofins = choice(imposto.COFINS);
      return {
        nItem: Number(d["@_nItem"] ?? index + 1),
        prod: obj(d.prod) ?? {},
        icms: choice(imposto.ICMS),
        icmsUfDest: obj(imposto.ICMSUFDest),
        ipi: obj(imposto.IPI),
        ii: obj(imposto.II),
        issqn: obj(imposto.ISSQN),
        pis: pis ? { group: pis.group, ...pis.fields } : null,
        cofins: cofins ? { group: cofins.group, ...cofins.fields } : null,
        ibsCbs: obj(imposto.IBSCBS),
        vTotTrib: imposto.vTotTrib,
      };
    }),
    icmsTot: obj(total.ICMSTot) ?? {},
    ibsCbsTot: obj(total.IBSCBSTot),
    transp: obj(infNFe.transp),
    cobr: obj(infNFe.cobr),
    pag: obj(infNFe.pag),
    supl: obj(nfe.infNFeSupl),
    model: str(ide.mod) === "65" ? "65" : "55",
  };
}

export function str(value: unknown): string {
  return typeof value === "string" ? value : value === undefined || value === null ? "" : String(value);
}

/** A decimal field; absent or empty counts as zero (MOC: "considerar como zero os valores não informados"). */
export function amount(value: unknown): Decimal {
  const text = str(value);
  let parsed = PARSED.get(text);
  if (parsed === undefined) {
    parsed = new Dec(text === "" ? 0 : text);
    if (PARSED.size >= 4096) PARSED.clear();
    PARSED.set(text, parsed);
  }
  return parsed;
}
// Parsed once per distinct text (Decimals are immutable; documents repeat "0.00", rates, prices): parsing was
// a quarter of the rules' CPU. Cleared when full, so a stream of distinct values cannot grow it.
const PARSED = new Map<string, Decimal>();

export function has(fields: XmlFields | null | undefined, name: string): boolean {
  return !!fields && fields[name] !== undefined && fields[name] !== "";
}

export function child(fields: XmlFields | null | undefined, name: string): XmlFields | null {
  return obj(fields?.[name]);
}

/** Sum of one field over the lines. */
export function sumOf(items: NfeViewItem[], pick: (item: NfeViewItem) => unknown): Decimal {
  return items.reduce((acc, item) => acc.plus(amount(pick(item))), new Dec(0));
}
