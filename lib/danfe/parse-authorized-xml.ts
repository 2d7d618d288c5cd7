import { formatAccessKey, formatDateTime } from "./format";
import { XMLParser } from "fast-xml-parser";
import type { DanfeData, DanfeItem, DanfeParty, DanfeTransport } from "./danfe-data";

// Reads an nfeProc (or a bare NFe) into DanfeData. Tag values stay strings:
// codes such as cNF, CFOP and CST keep their leading zeros.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => ["det", "dup", "detPag", "vol", "obsCont"].includes(name),
});

type Node = Record<string, unknown>;

const node = (value: unknown): Node => (value && typeof value === "object" ? (value as Node) : {});
const text = (value: unknown): string | undefined => (typeof value === "string" || typeof value === "number" ? String(value) : undefined);
const list = (value: unknown): Node[] => (Array.isArray(value) ? value.map(node) : value ? [node(value)] : []);
const amount = (value: unknown): string => text(value) ?? "0.00";

/**
 * ICMS of an interstate sale to a final consumer (EC 87/2015, NT 2015.003):
 * kept only when the document shows a partilha (some value not zero), so an
 * ERP that always sends these totals as 0.00 prints the usual block.
 */
function interstateSaleTotals(total: Node): Pick<DanfeData["totals"], "interstate"> {
  const values = { fcpDestination: amount(total.vFCPUFDest), icmsDestination: amount(total.vICMSUFDest), icmsOrigin: amount(total.vICMSUFRemet) };
  return Object.values(values).some((value) => Number(value) !== 0) ? { interstate: values } : {};
}

/** The one child of a choice group (ICMS00, ICMSSN102, IPITrib...). */
function firstChild(value: unknown): Node {
  const children = Object.values(node(value)).filter((v) => v && typeof v === "object");
  return node(children[0]);
}

function party(raw: unknown, addressKey: "enderEmit" | "enderDest"): DanfeParty {
  const data = node(raw);
  const address = node(data[addressKey]);
  return {
    name: text(data.xNome) ?? "",
    tradeName: text(data.xFant),
    document: text(data.CNPJ) ?? text(data.CPF) ?? text(data.idEstrangeiro) ?? "",
    stateRegistration: text(data.IE),
    street: text(address.xLgr),
    number: text(address.nro),
    complement: text(address.xCpl),
    district: text(address.xBairro),
    city: text(address.xMun),
    state: text(address.UF),
    zipCode: text(address.CEP),
    phone: text(address.fone),
    email: text(data.email),
  };
}

function item(raw: Node): DanfeItem {
  const prod = node(raw.prod);
  const tax = node(raw.imposto);
  const icms = firstChild(tax.ICMS);
  const ipi = node(node(tax.IPI).IPITrib);
  // The DANFE prints origin + CST (or origin + CSOSN for Simples Nacional).
  const cst = `${text(icms.orig) ?? ""}${text(icms.CSOSN) ?? text(icms.CST) ?? ""}`;
  return {
    code: text(prod.cProd) ?? "",
    description: text(prod.xProd) ?? "",
    ncm: text(prod.NCM) ?? "",
    cst,
    cfop: text(prod.CFOP) ?? "",
    unit: text(prod.uCom) ?? "",
    quantity: text(prod.qCom) ?? "0",
    unitValue: text(prod.vUnCom) ?? "0",
    totalValue: amount(prod.vProd),
    discount: amount(prod.vDesc),
    icmsBase: amount(icms.vBC),
    icmsValue: amount(icms.vICMS),
    icmsRate: amount(icms.pICMS),
    ipiValue: amount(ipi.vIPI),
    ipiRate: amount(ipi.pIPI),
  };
}

function transport(raw: unknown): DanfeTransport {
  const transp = node(raw);
  const carrier = node(transp.transporta);
  const vehicle = node(transp.veicTransp);
  const volume = list(transp.vol)[0] ?? {};
  return {
    freightMode: text(transp.modFrete) ?? "9",
    carrierName: text(carrier.xNome),
    carrierDocument: text(carrier.CNPJ) ?? text(carrier.CPF),
    carrierStateRegistration: text(carrier.IE),
    carrierAddress: text(carrier.xEnder),
    carrierCity: text(carrier.xMun),
    carrierState: text(carrier.UF),
    vehiclePlate: text(vehicle.placa),
    vehicleState: text(vehicle.UF),
    rntc: text(vehicle.RNTC),
    volumeQuantity: text(volume.qVol),
    volumeSpecies: text(volume.esp),
    grossWeight: text(volume.pesoB),
    netWeight: text(volume.pesoL),
  };
}

export class DanfeXmlError extends Error {}

// The XMLDSig blocks (the certificate alone is some 3 kB of base64) are never
// printed: cut before parsing, they were 40% of the parse.
const SIGNATURES = /<Signature[\s>][\s\S]*?<\/Signature>/g;

/**
 * The DANFE of an NF-e issued through an SVC says so in "informações complementares"
 * (MOC 7.0 Anexo II, DANFE em contingência): the SVC, the entry time and the justification.
 */
function svcNotice(contingency: { tpEmis: string; at: string; reason: string }, epec?: EpecPrint): string {
  // EPEC (tpEmis 4): the expression MOC 7.0 (Modalidades de Emissão, item 2.1.4) asks for "no corpo" of the DANFE,
  // with the EPEC's protocol while the NF-e awaits its authorization.
  if (contingency.tpEmis === "4") {
    const registered = epec?.protocol ? ` – Protocolo do EPEC: ${epec.protocol}${epec.registeredAt ? ` de ${formatDateTime(epec.registeredAt)}` : ""}` : "";
    return `DANFE EM CONTINGÊNCIA EPEC – DANFE impresso em contingência - EPEC regularmente recebida pela Receita Federal do Brasil${registered} – Entrada em contingência: ${contingency.at ? formatDateTime(contingency.at) : ""} – Justificativa: ${contingency.reason}`;
  }
  const svc = contingency.tpEmis === "6" ? "SVC-AN" : contingency.tpEmis === "7" ? "SVC-RS" : `tpEmis ${contingency.tpEmis}`;
  return `EMITIDA EM CONTINGÊNCIA (${svc}) – Entrada em contingência: ${contingency.at ? formatDateTime(contingency.at) : ""} – Justificativa: ${contingency.reason}`;
}

/**
 * A return (devolução) or an IBS/CBS credit or debit note names the NF-e it refers to
 * (ide/NFref/refNFe): printed first in "informações complementares", so whoever reads the DANFE
 * sees which note is returned or adjusted without opening the XML.
 */
function referencedNotice(ide: Node): string | undefined {
  const keys = list(ide.NFref).flatMap((ref) => text(ref.refNFe) ?? []);
  if (keys.length === 0) return undefined;
  return `${keys.length === 1 ? "NF-e referenciada" : "NF-e referenciadas"}: ${keys.map(formatAccessKey).join(", ")}`;
}

/** The EPEC registered for an NF-e issued in tpEmis 4 (printed on its DANFE): protocol and when. */
export type EpecPrint = { protocol: string | null; registeredAt: string | null };

export function parseAuthorizedXml(xml: string, extras: { epec?: EpecPrint } = {}): DanfeData {
  const root = node(parser.parse(xml.replace(SIGNATURES, "")));
  const proc = node(root.nfeProc);
  const nfe = node(proc.NFe ?? root.NFe);
  const inf = node(nfe.infNFe);
  if (!inf.ide) throw new DanfeXmlError("The XML has no infNFe");
  const ide = node(inf.ide);
  const total = node(node(inf.total).ICMSTot);
  const cobr = node(inf.cobr);
  const fat = node(cobr.fat);
  const pag = node(inf.pag);
  const infAdic = node(inf.infAdic);
  const protocol = node(node(proc.protNFe).infProt);
  const supl = node(nfe.infNFeSupl);
  const accessKey = (text(inf["@Id"]) ?? "").replace(/^NFe/, "") || (text(protocol.chNFe) ?? "");
  const model = text(ide.mod) === "65" ? "65" : "55";
  const tpEmis = text(ide.tpEmis) ?? "1";
  const contingency = tpEmis !== "1" ? { tpEmis, at: text(ide.dhCont) ?? "", reason: text(ide.xJust) ?? "" } : undefined;

  return {
    model,
    accessKey,
    homologation: text(ide.tpAmb) === "2",
    operationType: text(ide.tpNF) ?? "1",
    operationNature: text(ide.natOp) ?? "",
    series: text(ide.serie) ?? "",
    number: text(ide.nNF) ?? "",
    issuedAt: text(ide.dhEmi) ?? "",
    exitAt: text(ide.dhSaiEnt),
    issuer: party(inf.emit, "enderEmit"),
    recipient: inf.dest ? party(inf.dest, "enderDest") : undefined,
    items: list(inf.det).map(item),
    totals: {
      icmsBase: amount(total.vBC),
      icmsValue: amount(total.vICMS),
      icmsStBase: amount(total.vBCST),
      icmsStValue: amount(total.vST),
      productsValue: amount(total.vProd),
      freightValue: amount(total.vFrete),
      insuranceValue: amount(total.vSeg),
      discountValue: amount(total.vDesc),
      otherValue: amount(total.vOutro),
      ipiValue: amount(total.vIPI),
      pisValue: amount(total.vPIS),
      cofinsValue: amount(total.vCOFINS),
      approximateTaxes: amount(total.vTotTrib),
      totalValue: amount(total.vNF),
      ...interstateSaleTotals(total),
    },
    transport: transport(inf.transp),
    invoice: cobr.fat
      ? { number: text(fat.nFat) ?? "", originalValue: amount(fat.vOrig), discount: amount(fat.vDesc), netValue: amount(fat.vLiq) }
      : undefined,
    installments: list(cobr.dup).map((dup) => ({ number: text(dup.nDup) ?? "", dueDate: text(dup.dVenc) ?? "", value: amount(dup.vDup) })),
    payments: list(pag.detPag).map((detPag) => ({ method: text(detPag.tPag) ?? "", value: amount(detPag.vPag) })),
    change: text(pag.vTroco),
    additionalInfo: [model === "55" && contingency ? svcNotice(contingency, extras.epec) : undefined, referencedNotice(ide), text(infAdic.infCpl)].filter(Boolean).join(" – ") || undefined,
    contingency,
    fiscoInfo: text(infAdic.infAdFisco),
    protocol: protocol.nProt ? { number: text(protocol.nProt) ?? "", receivedAt: text(protocol.dhRecbto) ?? "" } : undefined,
    qrCode: text(supl.qrCode),
    consultationUrl: text(supl.urlChave),
  };
}
