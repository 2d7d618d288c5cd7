import { Prisma } from "@prisma/client";
import Decimal from "decimal.js";
import type { ClientSnapshot } from "@/lib/documents/client-snapshot";
import { TPAG_BY_METHOD } from "@/lib/fiscal/nfe/build-payment";
import { child, str, type NfeViewItem, type XmlFields } from "@/lib/fiscal/nfe/rules/nfe-view";
import type { DocumentTaxTotals, ItemTaxes } from "@/lib/tax/tax-shapes";
import type { ImportedNfe } from "./read-nfe-proc";

// The stored shapes (lib/tax/tax-shapes.ts) filled from what the imported XML
// says, never recomputed: the authorized XML is the document (downloads, DANFE,
// events read it); these rows let the API, the dashboard and the exports show
// it like one of ours. finNFe picks the purpose; tPag the payment method.

const money = (value: unknown) => new Decimal(str(value) || "0").toFixed(2);
const moneyOrNull = (value: unknown) => (str(value) === "" ? null : money(value));
const rateOrNull = (value: unknown) => (str(value) === "" ? null : new Decimal(str(value)).toFixed(4));
const textOrNull = (value: unknown) => str(value) || null;

const PURPOSE_BY_FIN: Record<string, "NORMAL" | "COMPLEMENTARY" | "ADJUSTMENT" | "RETURN" | "CREDIT_NOTE" | "DEBIT_NOTE"> = {
  "1": "NORMAL",
  "2": "COMPLEMENTARY",
  "3": "ADJUSTMENT",
  "4": "RETURN",
  "5": "CREDIT_NOTE",
  "6": "DEBIT_NOTE",
};
const METHOD_BY_TPAG = new Map(Object.entries(TPAG_BY_METHOD).reverse().map(([method, tPag]) => [tPag as string, method]));

function icmsOf(item: NfeViewItem): ItemTaxes["icms"] {
  if (!item.icms) return null;
  const f = item.icms.fields;
  const csosn = str(f.CSOSN);
  const st = str(f.vICMSST) !== "" ? { modBc: str(f.modBCST), mva: rateOrNull(f.pMVAST), baseReduction: rateOrNull(f.pRedBCST), base: money(f.vBCST), rate: rateOrNull(f.pICMSST) ?? "0.0000", amount: money(f.vICMSST) } : null;
  return {
    table: csosn ? "CSOSN" : "CST",
    origin: str(f.orig) || "0",
    cst: csosn || str(f.CST) || "00",
    modBc: textOrNull(f.modBC),
    baseReduction: rateOrNull(f.pRedBC),
    base: moneyOrNull(f.vBC),
    rate: rateOrNull(f.pICMS),
    amount: moneyOrNull(f.vICMS),
    benefitCode: textOrNull(item.prod.cBenef),
    st,
    simplesCredit: str(f.vCredICMSSN) !== "" ? { rate: rateOrNull(f.pCredSN) ?? "0.0000", amount: money(f.vCredICMSSN) } : null,
  };
}

function pisCofinsOf(group: XmlFields | null): ItemTaxes["pis"] {
  if (!group || !str(group.CST)) return null;
  return { cst: str(group.CST), base: moneyOrNull(group.vBC), rate: rateOrNull(group.pPIS ?? group.pCOFINS), amount: moneyOrNull(group.vPIS ?? group.vCOFINS) };
}

function ipiOf(ipi: XmlFields | null): ItemTaxes["ipi"] {
  if (!ipi) return null;
  const trib = child(ipi, "IPITrib") ?? child(ipi, "IPINT");
  if (!trib || !str(trib.CST)) return null;
  return { cst: str(trib.CST), cEnq: str(ipi.cEnq), base: moneyOrNull(trib.vBC), rate: rateOrNull(trib.pIPI), amount: moneyOrNull(trib.vIPI) };
}

function ibsCbsOf(group: XmlFields | null): ItemTaxes["ibsCbs"] {
  const g = child(group, "gIBSCBS");
  const uf = child(g, "gIBSUF");
  const mun = child(g, "gIBSMun");
  const cbs = child(g, "gCBS");
  const amounts = g
    ? {
        base: money(g.vBC),
        ibsStateRate: rateOrNull(uf?.pIBSUF) ?? "0.0000",
        ibsStateAmount: money(uf?.vIBSUF),
        ibsMunicipalRate: rateOrNull(mun?.pIBSMun) ?? "0.0000",
        ibsMunicipalAmount: money(mun?.vIBSMun),
        ibsAmount: money(g.vIBS),
        cbsRate: rateOrNull(cbs?.pCBS) ?? "0.0000",
        cbsAmount: money(cbs?.vCBS),
      }
    : null;
  return { cst: textOrNull(group?.CST), cClassTrib: textOrNull(group?.cClassTrib), amounts, adjustment: null, creditReversal: null, zfmPresumedCredit: null, referencedItem: null };
}

function itemRow(item: NfeViewItem) {
  const prod = item.prod;
  const taxes: ItemTaxes = {
    freight: money(prod.vFrete),
    icms: icmsOf(item),
    ipi: ipiOf(item.ipi),
    pis: pisCofinsOf(item.pis),
    cofins: pisCofinsOf(item.cofins),
    ibsCbs: ibsCbsOf(item.ibsCbs),
    iss: null,
    difal: null,
  };
  return {
    position: item.nItem,
    code: str(prod.cProd),
    description: str(prod.xProd),
    gtin: str(prod.cEAN) && str(prod.cEAN) !== "SEM GTIN" ? str(prod.cEAN) : null,
    unit: str(prod.uCom) || "UN",
    quantity: new Decimal(str(prod.qCom) || "0").toFixed(4),
    unitValue: new Decimal(str(prod.vUnCom) || "0").toFixed(10),
    grossValue: money(prod.vProd),
    discount: money(prod.vDesc),
    ncm: str(prod.NCM),
    cest: textOrNull(prod.CEST),
    cfop: str(prod.CFOP),
    taxes: taxes as unknown as Prisma.InputJsonValue,
    taxSources: {},
  };
}

function clientSnapshotOf(dest: XmlFields | null): ClientSnapshot {
  const address = child(dest, "enderDest");
  const cnpj = str(dest?.CNPJ);
  const cpf = str(dest?.CPF);
  const foreign = str(dest?.idEstrangeiro);
  const indIE = str(dest?.indIEDest);
  return {
    id: null,
    name: str(dest?.xNome),
    fantasyName: null,
    document: cnpj || cpf || foreign,
    documentType: cnpj ? "CNPJ" : cpf ? "CPF" : foreign ? "FOREIGN" : "OTHER",
    type: cnpj ? "COMPANY" : foreign ? "FOREIGN" : "INDIVIDUAL",
    stateRegistration: textOrNull(dest?.IE),
    icmsTaxpayer: indIE === "1" ? "CONTRIBUINTE" : indIE === "2" ? "ISENTO" : indIE === "9" ? "NAO_CONTRIBUINTE" : null,
    email: textOrNull(dest?.email),
    phone: textOrNull(address?.fone),
    zipCode: textOrNull(address?.CEP),
    street: textOrNull(address?.xLgr),
    number: textOrNull(address?.nro),
    complement: textOrNull(address?.xCpl),
    neighborhood: textOrNull(address?.xBairro),
    city: textOrNull(address?.xMun),
    state: textOrNull(address?.UF),
    municipalityCode: textOrNull(address?.cMun),
    countryCode: textOrNull(address?.cPais),
  };
}

function taxTotalsOf(nfe: ImportedNfe, items: ReturnType<typeof itemRow>[]): DocumentTaxTotals {
  const t = nfe.view.icmsTot;
  const keys = ["vBC", "vICMS", "vICMSDeson", "vFCP", "vBCST", "vST", "vFCPST", "vFCPSTRet", "vProd", "vFrete", "vSeg", "vDesc", "vII", "vIPI", "vIPIDevol", "vPIS", "vCOFINS", "vOutro", "vNF"] as const;
  const icmsTot = Object.fromEntries(keys.map((k) => [k, money(t[k])])) as DocumentTaxTotals["icmsTot"];
  for (const k of ["vFCPUFDest", "vICMSUFDest", "vICMSUFRemet"] as const) if (str(t[k]) !== "") icmsTot[k] = money(t[k]);
  const sum = (pick: (taxes: ItemTaxes) => string | null | undefined) =>
    items.reduce((acc, i) => acc.plus(pick(i.taxes as unknown as ItemTaxes) ?? "0"), new Decimal(0)).toFixed(2);
  return {
    icmsTot,
    // IBSCBSTot is kept as the XML has it in the authorized XML; the stored summary keeps the line sums.
    ibsCbsTot: null,
    rtcIbsTotal: sum((x) => x.ibsCbs.amounts?.ibsAmount),
    rtcCbsTotal: sum((x) => x.ibsCbs.amounts?.cbsAmount),
    simplesCreditTotal: sum((x) => x.icms?.simplesCredit?.amount),
    issTotal: "0.00",
  };
}

function paymentRows(pag: XmlFields | null) {
  const detPag = pag?.detPag;
  const list = (Array.isArray(detPag) ? detPag : detPag ? [detPag] : []) as XmlFields[];
  return list.map((p, index) => ({
    position: index + 1,
    method: METHOD_BY_TPAG.get(str(p.tPag)) ?? "OTHERS",
    value: money(p.vPag),
    description: textOrNull(p.xPag),
    cardCNPJ: textOrNull(child(p, "card")?.CNPJ),
    cardAuthorization: textOrNull(child(p, "card")?.cAut),
  }));
}

/** The FiscalDocument data (without status and events) of an imported nfeProc. */
export function importedDocumentData(nfe: ImportedNfe) {
  const { view } = nfe;
  const items = view.items.map(itemRow);
  return {
    type: nfe.model === "65" ? ("NFCE" as const) : ("NFE" as const),
    environment: nfe.environment,
    purpose: PURPOSE_BY_FIN[str(view.ide.finNFe)] ?? "NORMAL",
    series: nfe.series,
    number: nfe.number,
    accessKey: nfe.accessKey,
    cNF: str(view.ide.cNF),
    clientSnapshot: clientSnapshotOf(view.dest) as unknown as Prisma.InputJsonValue,
    operationNature: str(view.ide.natOp),
    issueDateTime: nfe.issueDateTime,
    paymentIndicator: Number(str(view.ide.indPag) || "0"),
    productsTotal: money(view.icmsTot.vProd),
    discountTotal: money(view.icmsTot.vDesc),
    freightTotal: money(view.icmsTot.vFrete),
    totalValue: money(view.icmsTot.vNF),
    taxTotals: taxTotalsOf(nfe, items) as unknown as Prisma.InputJsonValue,
    signedXml: null,
    authorizedXml: nfe.xml,
    protocolNumber: nfe.protocol,
    authorizationDate: nfe.authorizedAt,
    items: { create: items },
    payments: { create: paymentRows(view.pag) },
  };
}
