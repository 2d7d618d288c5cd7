import { describe, expect, it } from "vitest";
import { buildNfe } from "../build-nfe";
import { generateKeyPairSync } from "node:crypto";
import * as golden from "../test-support/golden-inputs";
import { issuedIn } from "../test-support/nfce-in-state";
import type { NfeInput, NfeItem } from "../types";
import type { RuleContext } from "./business-rule";
import { BUSINESS_RULES, describeViolation, findRuleViolations, firstRuleViolation } from "./business-rules";

// Each rule gets a document that breaks exactly that rule: a golden document
// (which passes every rule) with one thing changed, in its input or its XML.

const REFERENCED_KEY = "43180906929383000163550010000000261000010301";

/** Replaces text that must be there (a mutation that silently does nothing would make a case that cannot fail). */
function swap(xml: string, from: string | RegExp, to: string): string {
  const changed = xml.replace(from, to);
  if (changed === xml) throw new Error(`mutation did not apply: ${String(from)}`);
  return changed;
}

const xmlOf = (input: NfeInput) => buildNfe(input).xml;
const withItem = (input: NfeInput, index: number, change: (item: NfeItem) => NfeItem): NfeInput => ({
  ...input,
  items: input.items.map((item, i) => (i === index ? change(item) : item)),
});
const withTaxes = (input: NfeInput, index: number, taxes: Partial<NfeItem["taxes"]>) => withItem(input, index, (item) => ({ ...item, taxes: { ...item.taxes, ...taxes } }));
const withIcmsTot = (input: NfeInput, values: Partial<NfeInput["totals"]["icmsTot"]>): NfeInput => ({
  ...input,
  totals: { ...input.totals, icmsTot: { ...input.totals.icmsTot, ...values } },
});

const simple = () => golden.simpleNfe();
/** The document without any IBSCBS group nor its total, as a system that ignores the reform writes it. */
const withoutIbsCbs = (xml: string) => swap(swap(xml, /<IBSCBS>[\s\S]*?<\/IBSCBS>/g, ""), /<IBSCBSTot>[\s\S]*?<\/IBSCBSTot>/, "");
/** A return (finNFe 4) of a sale: return CFOPs and the returned note referenced. */
const RETURNED_KEY = "35260106929383000163550010000000011000000015";
const asReturn = (input: NfeInput): NfeInput => ({ ...input, finNFe: "4", referencedKeys: [RETURNED_KEY], items: input.items.map((item) => ({ ...item, cfop: "5202" })) });
const simples = () => golden.simplesWithoutIbsCbs();
const nfce = () => golden.nfceCardAndPix();
const difal = () => golden.interstateConsumerWithDifal();
const billing = () => golden.transportAndInstallments();
const difalLine = (index: number) => difal().items[index]!.taxes.difal!;

const reduced = () => golden.reducedRatesNfe();
type IbsCbsAmounts = NonNullable<NfeItem["taxes"]["ibsCbs"]["amounts"]>;
type IbsCbsTotals = NonNullable<NfeInput["totals"]["ibsCbsTot"]>;

/** Changes the IBSCBSTot of a document (a copy). */
function withIbsCbsTot(input: NfeInput, change: (totals: IbsCbsTotals) => void): NfeInput {
  const totals = structuredClone(input.totals.ibsCbsTot!);
  change(totals);
  return { ...input, totals: { ...input.totals, ibsCbsTot: totals } };
}

/** Changes line `index`'s IBS/CBS amounts and the matching totals, so only the line's own rule breaks. */
function withIbsCbsAmounts(input: NfeInput, index: number, values: Partial<IbsCbsAmounts>): NfeInput {
  const before = input.items[index]!.taxes.ibsCbs;
  const changed = withTaxes(input, index, { ibsCbs: { ...before, amounts: { ...before.amounts!, ...values } } });
  const plus = (total: string, field: keyof IbsCbsAmounts) => (Number(total) + Number(values[field] ?? before.amounts![field]) - Number(before.amounts![field])).toFixed(2);
  return withIbsCbsTot(changed, (t) => {
    t.vBCIBSCBS = plus(t.vBCIBSCBS, "base");
    t.gIBS.gIBSUF.vIBSUF = plus(t.gIBS.gIBSUF.vIBSUF, "ibsStateAmount");
    t.gIBS.gIBSMun.vIBSMun = plus(t.gIBS.gIBSMun.vIBSMun, "ibsMunicipalAmount");
    t.gIBS.vIBS = plus(t.gIBS.vIBS, "ibsAmount");
    t.gCBS.vCBS = plus(t.gCBS.vCBS, "cbsAmount");
  });
}

/** Line 1 of the simple NF-e as CST 011 / cClassTrib 011004 (uniform rates, reduction 0 %): gRed with the nominal rates; the class is not allowed on an NF-e (1025). */
function uniformRates(): NfeInput {
  const input = simple();
  const line = input.items[0]!.taxes.ibsCbs;
  const zero = (effectiveRate: string) => ({ reductionRate: "0.0000", effectiveRate });
  return withTaxes(input, 0, { ibsCbs: { ...line, cst: "011", cClassTrib: "011004", amounts: { ...line.amounts!, reduction: { ibsState: zero("0.1000"), ibsMunicipal: zero("0.0000"), cbs: zero("0.9000") } } } });
}
const uniform = () => xmlOf(uniformRates());
const gRedOf = (pRedAliq: string, pAliqEfet: string) => `<gRed><pRedAliq>${pRedAliq}</pRedAliq><pAliqEfet>${pAliqEfet}</pAliqEfet></gRed>`;

/** Line 2 of the reduced-rate NF-e (cClassTrib 200034, 60 %, vBC 30.00): its gRed per share, as built. */
const REDUCED_STATE = `<pIBSUF>0.1000</pIBSUF>${gRedOf("60.0000", "0.0400")}`;
const REDUCED_MUNICIPAL = `<pIBSMun>0.0000</pIBSMun>${gRedOf("60.0000", "0.0000")}`;
const REDUCED_CBS = `<pCBS>0.9000</pCBS>${gRedOf("60.0000", "0.3600")}`;
const reducedXml = () => xmlOf(reduced());

const gDifOf = (pDif: string, vDif: string) => `<gDif><pDif>${pDif}</pDif><vDif>${vDif}</vDif></gDif>`;
/** Line 1 of the simple NF-e as CST 510 (deferral, cClassTrib 510001) with gDif (pDif 0) in the shares named. */
function deferred(shares: { state?: string; municipal?: string; cbs?: string }): string {
  let xml = xmlOf(withTaxes(simple(), 0, { ibsCbs: { ...simple().items[0]!.taxes.ibsCbs, cst: "510", cClassTrib: "510001" } }));
  if (shares.state) xml = swap(xml, "<pIBSUF>0.1000</pIBSUF>", `<pIBSUF>0.1000</pIBSUF>${shares.state}`);
  if (shares.municipal) xml = swap(xml, "<pIBSMun>0.0000</pIBSMun>", `<pIBSMun>0.0000</pIBSMun>${shares.municipal}`);
  if (shares.cbs) xml = swap(xml, "<pCBS>0.9000</pCBS>", `<pCBS>0.9000</pCBS>${shares.cbs}`);
  return xml;
}
const NO_DEFERRAL = gDifOf("0.0000", "0.00");

/** Line 1 of the simple NF-e as CST 550 / 550001 (suspension with regular taxation): rates and amounts zero, as UB18-10's exception asks. */
function regularTaxation(): string {
  const input = withIbsCbsAmounts(simple(), 0, { ibsStateAmount: "0.00", ibsMunicipalAmount: "0.00", ibsAmount: "0.00", cbsAmount: "0.00" });
  const line = input.items[0]!.taxes.ibsCbs;
  return xmlOf(withTaxes(input, 0, { ibsCbs: { ...line, cst: "550", cClassTrib: "550001", amounts: { ...line.amounts!, ibsStateRate: "0.0000", cbsRate: "0.0000" } } }));
}
/** gTribRegular of a 100.00 line taxed regularly as CST 000 / 000001 at the 2026 rates. */
const gTribRegularOf = (vTribRegIBSUF = "0.10", cstReg = "000", cClassTribReg = "000001") =>
  `<gTribRegular><CSTReg>${cstReg}</CSTReg><cClassTribReg>${cClassTribReg}</cClassTribReg><pAliqEfetRegIBSUF>0.1000</pAliqEfetRegIBSUF><vTribRegIBSUF>${vTribRegIBSUF}</vTribRegIBSUF>` +
  "<pAliqEfetRegIBSMun>0.0000</pAliqEfetRegIBSMun><vTribRegIBSMun>0.00</vTribRegIBSMun><pAliqEfetRegCBS>0.9000</pAliqEfetRegCBS><vTribRegCBS>0.90</vTribRegCBS></gTribRegular>";
const withRegular = (xml: string, group: string) => swap(xml, "</gCBS></gIBSCBS>", `</gCBS>${group}</gIBSCBS>`);

/** Changes one ICMSTot field of the simple NF-e and, when it enters vNF, vNF and the payment with it. */
function simpleTotal(field: keyof NfeInput["totals"]["icmsTot"], value: string, vNF?: string): string {
  const input = withIcmsTot(simple(), vNF ? { [field]: value, vNF } : { [field]: value });
  return xmlOf(vNF ? { ...input, payments: [{ tPag: "01", value: vNF, indPag: "0" }] } : input);
}

const dhEmiOf = (xml: string) => /<dhEmi>([^<]+)<\/dhEmi>/.exec(xml)![1]!;

// Contingency: an NF-e through SVC-AN (tpEmis 6) and an offline NFC-e (tpEmis 9, its v3 QR-Code signed with a key).
const CONTINGENCY = { at: "2026-03-10T14:00:00-03:00", reason: "SEFAZ autorizadora indisponivel (teste)" };
const svcNfe = () => xmlOf({ ...simple(), tpEmis: "6", contingency: CONTINGENCY });
const OFFLINE_KEY = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const offlineNfce = () => buildNfe({ ...nfce(), tpEmis: "9", contingency: CONTINGENCY }, { privateKeyPem: OFFLINE_KEY }).xml;

/** A case breaks its rule alone, or (last element) also the rules named, which the NT checks after it. */
const CASES: Array<[cStat: string, why: string, xml: () => string, context?: RuleContext, alsoBreaks?: string[]]> = [
  ["253", "check digit of the key (Id and cDV agree with each other)", () => {
    const xml = xmlOf(simple());
    const key = /Id="NFe(\d{44})"/.exec(xml)![1]!;
    const wrong = String((Number(key.slice(43)) + 1) % 10);
    return swap(swap(xml, `NFe${key}`, `NFe${key.slice(0, 43)}${wrong}`), `<cDV>${key.slice(43)}</cDV>`, `<cDV>${wrong}</cDV>`);
  }],
  ["502", "key differs from nNF", () => swap(xmlOf(simple()), "<nNF>1001</nNF>", "<nNF>1002</nNF>")],
  ["703", "issued an hour after receipt", () => xmlOf(simple()), { receivedAt: new Date("2026-03-10T16:05:09Z") }],
  ["228", "NF-e received 31 days after its dhEmi", () => xmlOf(simple()), { receivedAt: new Date(Date.parse(dhEmiOf(xmlOf(simple()))) + 31 * 86_400_000) }],
  ["704", "NFC-e received 6 minutes after its dhEmi", () => xmlOf(nfce()), { receivedAt: new Date(Date.parse(dhEmiOf(xmlOf(nfce()))) + 6 * 60_000) }],
  ["704", "offline NFC-e received 25 hours after its dhEmi", offlineNfce, { receivedAt: new Date(Date.parse(dhEmiOf(offlineNfce())) + 25 * 3_600_000) }],
  ["712", "offline NFC-e of SP issued before Portaria SRE 40/2024 (2024-07-10)", () => buildNfe({ ...nfce(), issuedAt: "2024-07-09T20:00:00-03:00", tpEmis: "9", contingency: { ...CONTINGENCY, at: "2024-07-09T19:00:00-03:00" } }, { privateKeyPem: OFFLINE_KEY }).xml, { receivedAt: new Date("2024-07-09T21:00:00-03:00") }],
  ["711", "NF-e issued offline (tpEmis 9)", () => xmlOf({ ...simple(), tpEmis: "9", contingency: CONTINGENCY })],
  ["556", "dhCont and xJust on a normal emission", () => swap(xmlOf(simple()), "</verProc>", `</verProc><dhCont>${CONTINGENCY.at}</dhCont><xJust>${CONTINGENCY.reason}</xJust>`)],
  ["557", "SVC emission without dhCont and xJust", () => xmlOf({ ...simple(), tpEmis: "6" })],
  ["558", "contingency entered after the receipt", () => {
    const dhEmi = Date.parse(dhEmiOf(svcNfe()));
    return xmlOf({ ...simple(), tpEmis: "6", contingency: { ...CONTINGENCY, at: new Date(dhEmi + 2 * 3_600_000) } });
  }, { receivedAt: new Date(Date.parse(dhEmiOf(svcNfe())) + 60_000) }],
  ["715", "NFC-e complementary", () => swap(xmlOf(nfce()), "<finNFe>1</finNFe>", "<finNFe>2</finNFe>")],
  ["716", "NFC-e not to a final consumer", () => swap(xmlOf(nfce()), "<indFinal>1</indFinal>", "<indFinal>0</indFinal>")],
  ["717", "NFC-e over the internet", () => swap(xmlOf(nfce()), "<indPres>1</indPres>", "<indPres>2</indPres>")],
  ["772", "interstate to the issuer's own state", () => swap(swap(xmlOf(simples()), "<idDest>1</idDest>", "<idDest>2</idDest>"), "<CFOP>5102</CFOP>", "<CFOP>6102</CFOP>")],
  ["773", "internal to another state", () => swap(xmlOf(simple()), "<UF>SP</UF><CEP>13010000</CEP>", "<UF>RJ</UF><CEP>13010000</CEP>")],
  ["1001", "debit note of interest with ICMS", () => xmlOf(withTaxes(golden.debitNote(REFERENCED_KEY), 0, { icms: { ...golden.simpleNfe().items[0]!.taxes.icms!, cst: "90", modBc: null, base: null, rate: null, amount: null } }))],
  ["696", "non-contributor without indFinal 1", () => swap(xmlOf(simple()), "<indIEDest>1</indIEDest><IE>123456789110</IE>", "<indIEDest>9</indIEDest>")],
  ["789", "NFC-e to an exempt contributor", () => swap(xmlOf(nfce()), "<indIEDest>9</indIEDest>", "<indIEDest>2</indIEDest>")],
  ["731", "export CFOP in an internal sale", () => swap(xmlOf(simples()), "<CFOP>5102</CFOP>", "<CFOP>7102</CFOP>")],
  ["732", "interstate CFOP in an internal sale", () => swap(xmlOf(simples()), "<CFOP>5102</CFOP>", "<CFOP>6102</CFOP>")],
  ["518", "entry CFOP (1102) in an exit NF-e (tpNF 1)", () => xmlOf(withItem(simple(), 0, (item) => ({ ...item, cfop: "1102" })))],
  ["519", "exit CFOP (5102) in an entry NF-e (tpNF 0)", () => xmlOf({ ...simple(), operationType: "0" })],
  ["733", "internal CFOP in an interstate sale", () => swap(swap(xmlOf(simples()), "<idDest>1</idDest>", "<idDest>2</idDest>"), "<UF>SP</UF><CEP>13010000</CEP>", "<UF>RJ</UF><CEP>13010000</CEP>")],
  ["629", "vProd differs from qCom × vUnCom", () => swap(xmlOf(simple()), "<vUnCom>50.0000000000</vUnCom>", "<vUnCom>51.0000000000</vUnCom>")],
  ["630", "vProd differs from qTrib × vUnTrib", () => swap(xmlOf(simple()), "<vUnTrib>50.0000000000</vUnTrib>", "<vUnTrib>51.0000000000</vUnTrib>")],
  ["806", "CSOSN 201 without CEST", () => swap(xmlOf(golden.simplesWithStNfe()), "<CEST>0300700</CEST>", "")],
  ["590", "CST by a Simples issuer", () => swap(xmlOf(simple()), "<CRT>3</CRT>", "<CRT>1</CRT>")],
  ["591", "CSOSN by a regular issuer", () => swap(xmlOf(simples()), "<CRT>1</CRT>", "<CRT>3</CRT>")],
  ["508", "CST 10 interstate to a non-contributor", () =>
    xmlOf(withItem(difal(), 0, (item) => ({
      ...item, cest: "0300700",
      taxes: { ...item.taxes, icms: { ...item.taxes.icms!, cst: "10", st: { modBc: "4", mva: "40.0000", baseReduction: null, base: "0.00", rate: "18.0000", amount: "0.00" } } },
    })))],
  ["600", "CSOSN 202 interstate to a non-contributor", () => {
    const input = golden.simplesWithoutIbsCbs();
    const b2c: NfeInput = { ...input, indFinal: "1", recipient: difal().recipient };
    const changed = withItem(b2c, 0, (item) => ({
      ...item, cfop: "6108", cest: "0300700",
      taxes: {
        ...item.taxes,
        icms: { ...item.taxes.icms!, cst: "202", st: { modBc: "4", mva: "40.0000", baseReduction: null, base: "0.00", rate: "18.0000", amount: "0.00" } },
        difal: { ...difalLine(0), base: "25.00", destinationAmount: "3.38" },
      },
    }));
    return xmlOf(withIcmsTot(changed, { vFCPUFDest: "0.00", vICMSUFDest: "3.38", vICMSUFRemet: "0.00" }));
  }],
  ["693", "18 % on an interstate sale", () => swap(swap(xmlOf(difal()), "<pICMS>7.0000</pICMS><vICMS>140.00</vICMS>", "<pICMS>18.0000</pICMS><vICMS>360.00</vICMS>"), "<vICMS>152.00</vICMS>", "<vICMS>372.00</vICMS>")],
  ["880", "pFCP zero", () => swap(xmlOf(simple()), "<vICMS>18.00</vICMS></ICMS00>", "<vICMS>18.00</vICMS><pFCP>0.0000</pFCP><vFCP>0.00</vFCP></ICMS00>")],
  ["874", "pFCP 3 % in SP", () => swap(xmlOf(simple()), "<vICMS>18.00</vICMS></ICMS00>", "<vICMS>18.00</vICMS><pFCP>3.0000</pFCP><vFCP>0.00</vFCP></ICMS00>")],
  ["875", "pFCPST 5 % to SP", () => swap(xmlOf(golden.simplesWithStNfe()), "<vICMSST>3.46</vICMSST>", "<vICMSST>3.46</vICMSST><vBCFCPST>67.20</vBCFCPST><pFCPST>5.0000</pFCPST><vFCPST>0.00</vFCPST>")],
  ["694", "interstate B2C line without ICMSUFDest", () => xmlOf(withIcmsTot(withTaxes(difal(), 0, { difal: null }), { vICMSUFDest: "49.50" }))],
  ["695", "ICMSUFDest in an internal sale", () =>
    xmlOf(withIcmsTot(withTaxes(simple(), 0, { difal: { ...difalLine(0), base: "100.00", destinationRate: "18.0000", interstateRate: "12.0000", destinationAmount: "6.00" } }), { vFCPUFDest: "0.00", vICMSUFDest: "6.00", vICMSUFRemet: "0.00" }))],
  ["697", "national good at 4 %", () => xmlOf(withIcmsTot(withTaxes(difal(), 0, { difal: { ...difalLine(0), interstateRate: "4.0000", destinationAmount: "330.00" } }), { vICMSUFDest: "379.50" }))],
  ["698", "SP to PE at 12 % instead of 7 %", () => xmlOf(withIcmsTot(withTaxes(difal(), 0, { difal: { ...difalLine(0), interstateRate: "12.0000", destinationAmount: "170.00" } }), { vICMSUFDest: "219.50" }))],
  ["699", "80 % partition after 2019", () =>
    xmlOf(withIcmsTot(withTaxes(difal(), 0, { difal: { ...difalLine(0), partitionRate: "80.0000", destinationAmount: "216.00", originAmount: "54.00" } }), { vICMSUFDest: "265.50", vICMSUFRemet: "54.00" }))],
  ["793", "vFCPUFDest differs from base × rate", () =>
    xmlOf(withIcmsTot(withTaxes(difal(), 0, { difal: { ...difalLine(0), fcpBase: "2000.00", fcpRate: "2.0000", fcpAmount: "41.00" } }), { vFCPUFDest: "41.00" }))],
  ["815", "vICMSUFDest on neither the single base nor the base dupla", () => xmlOf(withIcmsTot(withTaxes(golden.interstateConsumerDoubleBase(), 0, { difal: { ...golden.interstateConsumerDoubleBase().items[0]!.taxes.difal!, destinationAmount: "320.00" } }), { vICMSUFDest: "382.26" }))],
  ["815", "vICMSUFDest differs from the calculation", () => xmlOf(withIcmsTot(withTaxes(difal(), 0, { difal: { ...difalLine(0), destinationAmount: "271.00" } }), { vICMSUFDest: "320.50" }))],
  ["816", "vICMSUFRemet not zero at 100 %", () => xmlOf(withIcmsTot(withTaxes(difal(), 0, { difal: { ...difalLine(0), originAmount: "1.00" } }), { vICMSUFRemet: "1.00" }))],
  ["742", "NFC-e with IPI", () => swap(xmlOf(nfce()), "</ICMS>", "</ICMS><IPI><cEnq>999</cEnq><IPINT><CST>53</CST></IPINT></IPI>")],
  ["1115", "CRT 3 lines without IBSCBS, homologation, December 2026 (UB12-10)", () => withoutIbsCbs(xmlOf({ ...simple(), issuedAt: new Date("2026-12-07T13:00:00Z") }))],
  ["1021", "CST 410 with gIBSCBS", () => xmlOf(withTaxes(simple(), 0, { ibsCbs: { ...simple().items[0]!.taxes.ibsCbs, cst: "410", cClassTrib: "410999" } }))],
  ["1022", "CST 000 without gIBSCBS (regular issuer)", () => {
    const input = withTaxes(simple(), 0, { ibsCbs: { ...simple().items[0]!.taxes.ibsCbs, amounts: null } });
    return xmlOf({ ...input, totals: { ...input.totals, ibsCbsTot: golden.ibsCbsTot("30.00", "0.03", "0.27") } });
  }],
  ["1023", "cClassTrib outside the table", () => xmlOf(withTaxes(simple(), 0, { ibsCbs: { ...simple().items[0]!.taxes.ibsCbs, cClassTrib: "000999" } }))],
  ["1024", "cClassTrib of CST 410 with CST 000", () => xmlOf(withTaxes(simple(), 0, { ibsCbs: { ...simple().items[0]!.taxes.ibsCbs, cClassTrib: "410999" } }))],
  ["1025", "cClassTrib 011004 (indNFe 0) on an NF-e", () => uniform()],
  ["1025", "cClassTrib 000003 (indNFCe 0) on an NFC-e", () => swap(xmlOf(nfce()), "<CST>000</CST><cClassTrib>000001</cClassTrib>", "<CST>000</CST><cClassTrib>000003</cClassTrib>")],
  ["1104", "IBS/CBS base differs from the line's values", () => swap(swap(xmlOf(simple()), "<gIBSCBS><vBC>100.00</vBC>", "<gIBSCBS><vBC>99.00</vBC>"), "<vBCIBSCBS>130.00</vBCIBSCBS>", "<vBCIBSCBS>129.00</vBCIBSCBS>")],
  ["1026", "pIBSUF 0.11 % in 2026", () => swap(xmlOf(simple()), "<pIBSUF>0.1000</pIBSUF><vIBSUF>0.10</vIBSUF>", "<pIBSUF>0.1100</pIBSUF><vIBSUF>0.10</vIBSUF>")],
  ["1029", "state gDif with CST 000", () => swap(xmlOf(simple()), "<pIBSUF>0.1000</pIBSUF>", `<pIBSUF>0.1000</pIBSUF>${NO_DEFERRAL}`)],
  ["1030", "CST 510 without the state gDif", () => deferred({ municipal: NO_DEFERRAL, cbs: NO_DEFERRAL })],
  ["1031", "state vDif differs from vBC × pIBSUF × pDif", () => deferred({ state: gDifOf("50.0000", "0.00"), municipal: NO_DEFERRAL, cbs: NO_DEFERRAL })],
  ["1032", "state gRed with CST 000", () => swap(xmlOf(simple()), "<pIBSUF>0.1000</pIBSUF><vIBSUF>0.10</vIBSUF>", `<pIBSUF>0.1000</pIBSUF>${gRedOf("0.0000", "0.1000")}<vIBSUF>0.10</vIBSUF>`)],
  // The line's amounts follow the missing gRed (vIBSUF 30.00 × 0.1 % = 0.03), so only the group is wrong.
  ["1033", "CST 200 without the state gRed", () => swap(xmlOf(withIbsCbsAmounts(reduced(), 1, { ibsStateAmount: "0.03", ibsAmount: "0.03" })), REDUCED_STATE, "<pIBSUF>0.1000</pIBSUF>")],
  ["1034", "state pRedAliq not the class's", () => swap(reducedXml(), REDUCED_STATE, `<pIBSUF>0.1000</pIBSUF>${gRedOf("50.0000", "0.0500")}`)],
  ["1035", "state pAliqEfet miscalculated", () => swap(reducedXml(), REDUCED_STATE, `<pIBSUF>0.1000</pIBSUF>${gRedOf("60.0000", "0.0450")}`)],
  ["1041", "vIBSUF differs from vBC × pIBSUF", () => xmlOf(withIbsCbsAmounts(simple(), 0, { ibsStateAmount: "0.12", ibsAmount: "0.12" }))],
  ["1036", "pIBSMun 0.005 % in 2026", () => swap(xmlOf(simple()), "<pIBSMun>0.0000</pIBSMun><vIBSMun>0.00</vIBSMun>", "<pIBSMun>0.0050</pIBSMun><vIBSMun>0.00</vIBSMun>")],
  ["1044", "CST 510 without the municipal gDif", () => deferred({ state: NO_DEFERRAL, cbs: NO_DEFERRAL })],
  ["1083", "municipal gDif with CST 000", () => swap(xmlOf(simple()), "<pIBSMun>0.0000</pIBSMun>", `<pIBSMun>0.0000</pIBSMun>${NO_DEFERRAL}`)],
  // pIBSMun is 0 in 2026 (1036): a municipal vDif other than zero also breaks the line's vIBSMun (1052), which the NT checks after.
  ["1045", "municipal vDif differs from vBC × pIBSMun × pDif", () =>
    swap(deferred({ state: NO_DEFERRAL, municipal: gDifOf("50.0000", "0.05"), cbs: NO_DEFERRAL }), "<gIBSMun><vDif>0.00</vDif>", "<gIBSMun><vDif>0.05</vDif>"), undefined, ["1052"]],
  ["1007", "municipal gRed with CST 000", () => swap(xmlOf(simple()), "<pIBSMun>0.0000</pIBSMun><vIBSMun>0.00</vIBSMun>", `<pIBSMun>0.0000</pIBSMun>${gRedOf("0.0000", "0.0000")}<vIBSMun>0.00</vIBSMun>`)],
  ["1074", "CST 200 without the municipal gRed", () => swap(xmlOf(reduced()), `<pIBSMun>0.0000</pIBSMun>${gRedOf("100.0000", "0.0000")}`, "<pIBSMun>0.0000</pIBSMun>")],
  ["1046", "municipal pRedAliq not the class's", () => swap(reducedXml(), REDUCED_MUNICIPAL, `<pIBSMun>0.0000</pIBSMun>${gRedOf("50.0000", "0.0000")}`)],
  ["1047", "municipal pAliqEfet miscalculated", () => swap(reducedXml(), REDUCED_MUNICIPAL, `<pIBSMun>0.0000</pIBSMun>${gRedOf("60.0000", "0.0050")}`)],
  ["1052", "vIBSMun differs from vBC × pIBSMun", () => xmlOf(withIbsCbsAmounts(simple(), 0, { ibsMunicipalAmount: "0.02", ibsAmount: "0.12" }))],
  ["1150", "vIBS differs from vIBSUF + vIBSMun", () => xmlOf(withIbsCbsAmounts(simple(), 0, { ibsAmount: "0.12" }))],
  ["1037", "pCBS 0.91 % in 2026", () => swap(xmlOf(simple()), "<pCBS>0.9000</pCBS><vCBS>0.90</vCBS>", "<pCBS>0.9100</pCBS><vCBS>0.90</vCBS>")],
  ["1061", "CST 510 without the CBS gDif", () => deferred({ state: NO_DEFERRAL, municipal: NO_DEFERRAL })],
  ["1090", "CBS gDif with CST 000", () => swap(xmlOf(simple()), "<pCBS>0.9000</pCBS>", `<pCBS>0.9000</pCBS>${NO_DEFERRAL}`)],
  ["1062", "CBS vDif differs from vBC × pCBS × pDif", () => deferred({ state: NO_DEFERRAL, municipal: NO_DEFERRAL, cbs: gDifOf("50.0000", "0.00") })],
  ["1028", "CBS gRed with CST 000", () => swap(xmlOf(simple()), "<pCBS>0.9000</pCBS><vCBS>0.90</vCBS>", `<pCBS>0.9000</pCBS>${gRedOf("0.0000", "0.9000")}<vCBS>0.90</vCBS>`)],
  ["1079", "CST 200 without the CBS gRed", () => swap(xmlOf(withIbsCbsAmounts(reduced(), 1, { cbsAmount: "0.27" })), REDUCED_CBS, "<pCBS>0.9000</pCBS>")],
  ["1063", "CBS pRedAliq not the class's", () => swap(reducedXml(), REDUCED_CBS, `<pCBS>0.9000</pCBS>${gRedOf("59.0000", "0.3690")}`)],
  ["1064", "CBS pAliqEfet miscalculated", () => swap(reducedXml(), REDUCED_CBS, `<pCBS>0.9000</pCBS>${gRedOf("60.0000", "0.3650")}`)],
  ["1069", "vCBS differs from vBC × pCBS", () => xmlOf(withIbsCbsAmounts(simple(), 0, { cbsAmount: "0.92" }))],
  ["1065", "cClassTrib 550001 (regular taxation) without gTribRegular", () => regularTaxation()],
  ["1114", "gTribRegular with cClassTrib 000001", () => withRegular(xmlOf(simple()), gTribRegularOf())],
  ["1066", "CSTReg outside the table", () => withRegular(regularTaxation(), gTribRegularOf("0.10", "999"))],
  ["1067", "cClassTribReg outside the table", () => withRegular(regularTaxation(), gTribRegularOf("0.10", "000", "000999"))],
  ["1040", "vTribRegIBSUF differs from vBC × pAliqEfetRegIBSUF", () => withRegular(regularTaxation(), gTribRegularOf("0.12"))],
  ["1051", "vTribRegIBSMun differs from vBC × pAliqEfetRegIBSMun", () => withRegular(regularTaxation(), gTribRegularOf().replace("<vTribRegIBSMun>0.00</vTribRegIBSMun>", "<vTribRegIBSMun>0.02</vTribRegIBSMun>"))],
  ["1068", "vTribRegCBS differs from vBC × pAliqEfetRegCBS", () => withRegular(regularTaxation(), gTribRegularOf().replace("<vTribRegCBS>0.90</vTribRegCBS>", "<vTribRegCBS>0.92</vTribRegCBS>"))],
  ["531", "vBC total", () => simpleTotal("vBC", "131.00")],
  ["532", "vICMS total", () => simpleTotal("vICMS", "23.41")],
  ["795", "vICMSDeson total", () => simpleTotal("vICMSDeson", "1.00", "130.50")],
  ["798", "vFCPUFDest total", () => xmlOf(withIcmsTot(difal(), { vFCPUFDest: "1.00" }))],
  ["799", "vICMSUFDest total", () => xmlOf(withIcmsTot(difal(), { vICMSUFDest: "319.00" }))],
  ["800", "vICMSUFRemet total", () => xmlOf(withIcmsTot(difal(), { vICMSUFRemet: "1.00" }))],
  ["861", "vFCP total", () => simpleTotal("vFCP", "1.00")],
  ["533", "vBCST total", () => simpleTotal("vBCST", "1.00")],
  ["534", "vST total", () => simpleTotal("vST", "1.00", "132.50")],
  ["564", "vProd total", () => simpleTotal("vProd", "131.00", "132.50")],
  ["535", "vFrete total", () => simpleTotal("vFrete", "1.00", "132.50")],
  ["536", "vSeg total", () => simpleTotal("vSeg", "1.00", "132.50")],
  ["537", "vDesc total", () => simpleTotal("vDesc", "1.00", "130.50")],
  ["601", "vII total", () => simpleTotal("vII", "1.00", "132.50")],
  ["538", "vIPI total", () => simpleTotal("vIPI", "2.50", "132.50")],
  ["602", "vPIS total", () => simpleTotal("vPIS", "2.16")],
  ["603", "vCOFINS total", () => simpleTotal("vCOFINS", "9.89")],
  ["604", "vOutro total", () => simpleTotal("vOutro", "1.00", "132.50")],
  ["610", "vNF", () => simpleTotal("vNF", "131.60", "131.60")],
  ["685", "vTotTrib total", () => {
    const input = withItem(withItem(simple(), 0, (i) => ({ ...i, approximateTaxes: "4.00" })), 1, (i) => ({ ...i, approximateTaxes: "5.00" }));
    return xmlOf({ ...input, totals: { ...input.totals, approximateTaxes: "10.00" } });
  }],
  ["1118", "IBSCBSTot without any IBSCBS line", () => {
    const immune = simple().items.reduce((input, _item, index) => withTaxes(input, index, { ibsCbs: { ...input.items[index]!.taxes.ibsCbs, cst: "410", cClassTrib: "410999", amounts: null } }), simple());
    const totals = /<IBSCBSTot>.*<\/IBSCBSTot>/.exec(xmlOf({ ...immune, totals: { ...immune.totals, ibsCbsTot: null } }))![0];
    return swap(xmlOf(simples()), "</ICMSTot>", `</ICMSTot>${totals}`);
  }],
  ["1119", "IBSCBS lines without IBSCBSTot", () => swap(xmlOf(simple()), /<IBSCBSTot>.*<\/IBSCBSTot>/, "")],
  ["1076", "vBCIBSCBS total", () => xmlOf(withIbsCbsTot(simple(), (t) => { t.vBCIBSCBS = "131.00"; }))],
  ["1077", "IBS UF deferral total", () => xmlOf(withIbsCbsTot(simple(), (t) => { t.gIBS.gIBSUF.vDif = "1.00"; }))],
  ["1078", "IBS UF returned total", () => xmlOf(withIbsCbsTot(simple(), (t) => { t.gIBS.gIBSUF.vDevTrib = "1.00"; }))],
  ["1080", "vIBSUF total", () => xmlOf(withIbsCbsTot(simple(), (t) => { t.gIBS.gIBSUF.vIBSUF = "0.14"; }))],
  ["1081", "IBS municipal deferral total", () => xmlOf(withIbsCbsTot(simple(), (t) => { t.gIBS.gIBSMun.vDif = "1.00"; }))],
  ["1082", "IBS municipal returned total", () => xmlOf(withIbsCbsTot(simple(), (t) => { t.gIBS.gIBSMun.vDevTrib = "1.00"; }))],
  ["1084", "vIBSMun total", () => xmlOf(withIbsCbsTot(simple(), (t) => { t.gIBS.gIBSMun.vIBSMun = "0.01"; }))],
  ["1085", "vIBS total", () => xmlOf(withIbsCbsTot(simple(), (t) => { t.gIBS.vIBS = "0.14"; }))],
  ["1086", "IBS presumed credit total", () => xmlOf(withIbsCbsTot(simple(), (t) => { t.gIBS.vCredPres = "1.00"; }))],
  ["1088", "CBS deferral total", () => xmlOf(withIbsCbsTot(simple(), (t) => { t.gCBS.vDif = "1.00"; }))],
  ["1089", "CBS returned total", () => xmlOf(withIbsCbsTot(simple(), (t) => { t.gCBS.vDevTrib = "1.00"; }))],
  ["1091", "vCBS total", () => xmlOf(withIbsCbsTot(simple(), (t) => { t.gCBS.vCBS = "1.18"; }))],
  ["1087", "CBS presumed credit total", () => xmlOf(withIbsCbsTot(simple(), (t) => { t.gCBS.vCredPres = "1.00"; }))],
  // Totals of groups we never write (gMono, gEstornoCred), stated with no line behind them.
  ...([["1092", "vIBSMono"], ["1093", "vCBSMono"], ["1120", "vIBSMonoReten"], ["1121", "vCBSMonoReten"], ["1122", "vIBSMonoRet"], ["1123", "vCBSMonoRet"]] as const).map(
    ([cStat, field]): (typeof CASES)[number] => [cStat, `gMono/${field} total`, () => swap(xmlOf(simple()), "</gCBS></IBSCBSTot>", `</gCBS><gMono>${["vIBSMono", "vCBSMono", "vIBSMonoReten", "vCBSMonoReten", "vIBSMonoRet", "vCBSMonoRet"].map((f) => `<${f}>${f === field ? "1.00" : "0.00"}</${f}>`).join("")}</gMono></IBSCBSTot>`)],
  ),
  ["1176", "gEstornoCred/vIBSEstCred total", () => swap(xmlOf(simple()), "</gCBS></IBSCBSTot>", "</gCBS><gEstornoCred><vIBSEstCred>1.00</vIBSEstCred><vCBSEstCred>0.00</vCBSEstCred></gEstornoCred></IBSCBSTot>")],
  ["1177", "gEstornoCred/vCBSEstCred total", () => swap(xmlOf(simple()), "</gCBS></IBSCBSTot>", "</gCBS><gEstornoCred><vIBSEstCred>0.00</vIBSEstCred><vCBSEstCred>1.00</vCBSEstCred></gEstornoCred></IBSCBSTot>")],
  ["868", "vehicle in an interstate sale", () => xmlOf({ ...difal(), transport: { modFrete: "0", vehicle: { plate: "ABC1D23", uf: "SP" } } })],
  ["753", "NFC-e with freight", () =>
    xmlOf({ ...withIbsCbsAmounts(withIcmsTot(withItem(nfce(), 0, (i) => ({ ...i, freight: "1.00" })), { vFrete: "1.00", vNF: "24.66" }), 0, { base: "13.68", cbsAmount: "0.12" }), change: "0.34" })],
  // Our builder writes neither transport nor billing on an NFC-e: these cases edit the XML.
  ["754", "NFC-e with a carrier", () => swap(xmlOf(nfce()), "<transp><modFrete>9</modFrete></transp>", "<transp><modFrete>0</modFrete><transporta><CNPJ>60746948000112</CNPJ><xNome>Transportes Ltda</xNome></transporta></transp>")],
  ["756", "NFC-e with a vehicle", () => swap(xmlOf(nfce()), "<transp><modFrete>9</modFrete></transp>", "<transp><modFrete>0</modFrete><veicTransp><placa>ABC1D23</placa><UF>SP</UF></veicTransp></transp>")],
  ["760", "NFC-e with installments", () => swap(xmlOf(nfce()), "</transp>", "</transp><cobr><fat><nFat>1</nFat><vOrig>23.66</vOrig><vDesc>0.00</vDesc><vLiq>23.66</vLiq></fat></cobr>")],
  ["905", "fat without vDesc", () => swap(xmlOf(billing()), "<vDesc>0.00</vDesc><vLiq>", "<vLiq>")],
  // vLiq = vOrig − vDesc then goes negative: only without installments does no other rule see it.
  ["901", "invoice discount above the original value", () => swap(swap(xmlOf(billing()), "<vOrig>182.08</vOrig><vDesc>0.00</vDesc><vLiq>182.08</vLiq>", "<vOrig>100.00</vOrig><vDesc>200.00</vDesc><vLiq>-100.00</vLiq>"), /<dup>.*<\/dup>/, "")],
  ["902", "vLiq differs from vOrig − vDesc", () => swap(xmlOf(billing()), "<vDesc>0.00</vDesc><vLiq>", "<vDesc>0.08</vDesc><vLiq>")],
  ["897", "invoice above vNF", () => swap(swap(swap(xmlOf(billing()), "<vOrig>182.08</vOrig>", "<vOrig>182.09</vOrig>"), "<vLiq>182.08</vLiq>", "<vLiq>182.09</vLiq>"), "<vDup>60.70</vDup>", "<vDup>60.71</vDup>")],
  ["852", "installment numbered 2", () => swap(xmlOf(billing()), "<nDup>002</nDup>", "<nDup>2</nDup>")],
  // Received within 30 days of dhEmi (2026-03-10), else 228 answers first.
  ["898", "installment due before authorization", () => swap(xmlOf(billing()), "<dVenc>2026-04-09</dVenc>", "<dVenc>2026-03-15</dVenc>"), { receivedAt: new Date("2026-03-20T15:00:00Z") }],
  ["900", "installment due before issue", () => swap(xmlOf(billing()), "<dVenc>2026-04-09</dVenc>", "<dVenc>2026-03-09</dVenc>")],
  ["850", "installments out of order", () => swap(xmlOf(billing()), "<dVenc>2026-05-09</dVenc>", "<dVenc>2026-04-01</dVenc>")],
  ["853", "installment due on the issue date", () => swap(xmlOf(billing()), "<dVenc>2026-04-09</dVenc>", "<dVenc>2026-03-10</dVenc>")],
  ["851", "installments do not add up to vLiq", () => swap(xmlOf(billing()), "<vDup>60.70</vDup>", "<vDup>60.71</vDup>")],
  // The builder writes a return's payment as tPag 90 (no charge): the case edits it.
  ["871", "return with a payment", () => swap(xmlOf(asReturn(simple())), "<tPag>90</tPag>", "<tPag>01</tPag>")],
  ["321", "return without a referenced document", () => xmlOf({ ...asReturn(simple()), referencedKeys: [] })],
  ["327", "return with a sale CFOP", () => xmlOf(withItem(asReturn(simple()), 0, (item) => ({ ...item, cfop: "5102" })))],
  ["328", "normal NF-e with a return CFOP", () => xmlOf(withItem(simple(), 0, (item) => ({ ...item, cfop: "5202" })))],
  ["899", "NFC-e without payment", () => xmlOf({ ...nfce(), payments: [{ tPag: "90", value: "0.00" }], change: null })],
  ["865", "payment below the total", () => swap(xmlOf(simple()), "<vPag>131.50</vPag>", "<vPag>130.00</vPag>")],
  ["866", "cash above the total without change", () => swap(xmlOf(simple()), "<vPag>131.50</vPag>", "<vPag>140.00</vPag>")],
  ["904", "no payment with a value", () => xmlOf({ ...simple(), payments: [{ tPag: "90", value: "1.00" }] })],
  ["391", "credit card without the card group", () => swap(xmlOf(simple()), "<tPag>01</tPag>", "<tPag>03</tPag>")],
  ["392", "integrated card without authorization", () => swap(xmlOf(nfce()), "<cAut>A1B2C3</cAut>", "")],
  ["869", "wrong change", () => swap(xmlOf(nfce()), "<vTroco>1.34</vTroco>", "<vTroco>1.00</vTroco>")],
  ["394", "NFC-e without QR code", () => swap(xmlOf(nfce()), /<infNFeSupl>.*<\/infNFeSupl>/, "")],
  ["397", "QR code of another key", () => {
    const xml = xmlOf(nfce());
    const key = /Id="NFe(\d{44})"/.exec(xml)![1]!;
    return swap(xml, `p=${key}`, `p=${key.slice(0, 40)}0000`);
  }],
  ["464", "QR code v2 hash of another CSC", () => xmlOf({ ...issuedIn(nfce(), "PR"), environment: "PRODUCTION" }), { csc: { id: "000001", secret: "ANOTHER-CSC-TOKEN" } }],
];

describe("SEFAZ business rules: each broken alone", () => {
  it.each(CASES)("%s: %s", (cStat, _why, xml, context, alsoBreaks = []) => {
    const violations = findRuleViolations(xml(), context);
    expect(violations.map((v) => `${v.cStat} ${v.rule.name} ${v.detail ?? ""}`)).toHaveLength(1 + alsoBreaks.length);
    expect(violations.map((v) => v.cStat)).toEqual([cStat, ...alsoBreaks]);
  });

  it("has a case for every rule, and every rule has its own id, name and cStat text", () => {
    const covered = new Set(CASES.map(([cStat]) => cStat));
    expect(BUSINESS_RULES.filter((rule) => !covered.has(rule.cStat)).map((rule) => rule.cStat)).toEqual([]);
    expect(new Set(BUSINESS_RULES.map((rule) => rule.id)).size).toBe(BUSINESS_RULES.length);
    expect(new Set(BUSINESS_RULES.map((rule) => rule.name)).size).toBe(BUSINESS_RULES.length);
    for (const rule of BUSINESS_RULES) expect(rule.xMotivo).toMatch(/^Rejeição: /);
  });
});

describe("the first failing rule wins, in the MOC's order", () => {
  it("answers the line rule before the totals and payments it also breaks", () => {
    // Dropping the DIFAL group of line 1 breaks 694 and, through the total, 799.
    const violation = firstRuleViolation(xmlOf(withTaxes(difal(), 0, { difal: null })));
    expect(violation?.cStat).toBe("694");
    expect(violation?.xMotivo).toBe("Rejeição: Não informado o grupo de ICMS para a UF de destino [nItem:1]");
    expect(describeViolation(violation!)).toBe("Rejeição: Não informado o grupo de ICMS para a UF de destino [nItem:1] (rule NA01-20 icms-uf-dest-required, item 1: sem ICMSUFDest)");
    expect(findRuleViolations(xmlOf(withTaxes(difal(), 0, { difal: null }))).map((v) => v.cStat)).toEqual(["694", "799"]);
  });

  it("1001 spares a credit note of type 03 (Retorno), the NT's only exception, and also sees ICMSUFDest", () => {
    const icms40 = { ...golden.simpleNfe().items[0]!.taxes.icms!, cst: "40", modBc: null, base: null, rate: null, amount: null };
    const withIcms = (type: string) => xmlOf(withTaxes(golden.creditNote(REFERENCED_KEY, type), 0, { icms: icms40 }));
    expect(firstRuleViolation(withIcms("01"))?.xMotivo).toBe("Rejeição: NF-e com finalidade de débito ou crédito somente para IBS/CBS");
    expect(findRuleViolations(withIcms("03")).map((v) => v.cStat)).not.toContain("1001");
    const withDifal = swap(xmlOf(golden.creditNote(REFERENCED_KEY)), "</IBSCBS>", "</IBSCBS><ICMSUFDest><vBCUFDest>10.00</vBCUFDest><pFCPUFDest>0.0000</pFCPUFDest><pICMSUFDest>18.0000</pICMSUFDest><pICMSInter>12.00</pICMSInter><pICMSInterPart>100.0000</pICMSInterPart><vFCPUFDest>0.00</vFCPUFDest><vICMSUFDest>0.60</vICMSUFDest><vICMSUFRemet>0.00</vICMSUFRemet></ICMSUFDest>");
    expect(findRuleViolations(withDifal).map((v) => v.cStat)).toContain("1001");
  });

  it("checks the QR-code v2 hash only with the CSC it was made with", () => {
    // PR keeps QR v2 in production (data/nfce-qr-states.json).
    const production = xmlOf({ ...issuedIn(nfce(), "PR"), environment: "PRODUCTION" });
    expect(production).toContain("|2|1|1|");
    expect(findRuleViolations(production, { csc: nfce().csc })).toEqual([]);
    expect(findRuleViolations(production)).toEqual([]);
  });

  it("names the installment as SEFAZ does ([nOcor:n])", () => {
    const violation = firstRuleViolation(swap(xmlOf(billing()), "<dVenc>2026-05-09</dVenc>", "<dVenc>2026-04-01</dVenc>"));
    expect(violation?.xMotivo).toBe("Rejeição: Data de vencimento da parcela não informada ou menor que a Data de vencimento da parcela anterior [nOcor:2]");
  });

  it("passes every golden document", () => {
    for (const input of [simple(), simples(), nfce(), difal(), billing(), golden.simplesWithStNfe(), golden.creditNote(REFERENCED_KEY), golden.debitNote(REFERENCED_KEY), golden.nfceCashWithChange(), reduced(), golden.interstateConsumerDoubleBase()]) {
      expect(findRuleViolations(xmlOf(input))).toEqual([]);
    }
  });
});

describe("UB18-10, UB37-10, UB56-10 by the issue date of dhEmi (lib/tax/data/reform-rates.ts)", () => {
  const issuedOn = (dhEmi: string) => swap(xmlOf(simple()), /<dhEmi>[^<]+<\/dhEmi>/, `<dhEmi>${dhEmi}</dhEmi>`);
  const rateViolations = (xml: string) => findRuleViolations(xml).filter((v) => ["1026", "1036", "1037"].includes(v.cStat));

  it("accepts 2026's rates at 23:59 on 31/12/2026 and refuses them at 00:00 on 01/01/2027 (IBS 0.05 % + 0.05 %, art. 344)", () => {
    expect(rateViolations(issuedOn("2026-12-31T23:59:00-03:00"))).toEqual([]);
    const in2027 = rateViolations(issuedOn("2027-01-01T00:00:00-03:00"));
    expect(in2027.map((v) => v.cStat)).toEqual(["1026", "1036"]);
    expect(describeViolation(in2027[0]!)).toContain("pIBSUF 0.1000, previsto 0.05 em 2027-01-01");
  });

  it("reads the date in dhEmi's own offset: 23:30 on 31/12/2026 in Manaus (−04:00) is still 2026", () => {
    expect(rateViolations(issuedOn("2026-12-31T23:30:00-04:00"))).toEqual([]);
  });

  it("checks no CBS rate in 2027, where the law fixes none (the Senate's reference rate)", () => {
    // Every line's rates (the amounts then differ, which 1041/1052/1069 check, not these rules).
    const xml = issuedOn("2027-01-01T10:00:00-03:00").replaceAll("<pIBSUF>0.1000</pIBSUF>", "<pIBSUF>0.0500</pIBSUF>")
      .replaceAll("<pIBSMun>0.0000</pIBSMun>", "<pIBSMun>0.0500</pIBSMun>").replaceAll("<pCBS>0.9000</pCBS>", "<pCBS>8.7000</pCBS>");
    expect(xml).toContain("<pCBS>8.7000</pCBS>");
    expect(rateViolations(xml)).toEqual([]);
  });
});

describe("rules by date and environment (RuleSchedule)", () => {
  const onDay = (xml: string, dhEmi: string) => swap(xml, /<dhEmi>[^<]+<\/dhEmi>/, `<dhEmi>${dhEmi}</dhEmi>`);
  const production = (xml: string) => swap(xml, "<tpAmb>2</tpAmb>", "<tpAmb>1</tpAmb>");
  const cStats = (xml: string) => findRuleViolations(xml).map((v) => v.cStat);

  it("UB12-10 (1115): homologation from 01/07/2026 only, never yet in production (NT 2025.002 v1.52: Implementação Futura)", () => {
    const bare = withoutIbsCbs(xmlOf(simple()));
    expect(cStats(onDay(bare, "2026-06-30T23:59:00-03:00"))).not.toContain("1115");
    expect(cStats(onDay(bare, "2026-07-01T00:00:00-03:00"))).toContain("1115");
    expect(cStats(production(onDay(bare, "2026-12-07T10:00:00-03:00")))).not.toContain("1115");
  });

  it("UB12-10 spares a return referencing a note issued before 2027, not one referencing 2027", () => {
    const returned = (key: string) => withoutIbsCbs(xmlOf({ ...asReturn(simple()), referencedKeys: [key], issuedAt: new Date("2026-12-07T13:00:00Z") }));
    expect(cStats(returned(RETURNED_KEY))).not.toContain("1115");
    expect(cStats(returned("35270106929383000163550010000000011000000015"))).toContain("1115");
  });

  it("UB16-10 (1104) is gone from 03/11/2026 in production and 05/10/2026 in homologation (NT 2026.008 v1.00)", () => {
    const wrongBase = swap(swap(xmlOf(simple()), "<gIBSCBS><vBC>100.00</vBC>", "<gIBSCBS><vBC>99.00</vBC>"), "<vBCIBSCBS>130.00</vBCIBSCBS>", "<vBCIBSCBS>129.00</vBCIBSCBS>");
    expect(cStats(production(onDay(wrongBase, "2026-11-02T23:59:00-03:00")))).toContain("1104");
    expect(cStats(production(onDay(wrongBase, "2026-11-03T00:00:00-03:00")))).not.toContain("1104");
    expect(cStats(onDay(wrongBase, "2026-10-04T12:00:00-03:00"))).toContain("1104");
    expect(cStats(onDay(wrongBase, "2026-10-05T12:00:00-03:00"))).not.toContain("1104");
  });
});
