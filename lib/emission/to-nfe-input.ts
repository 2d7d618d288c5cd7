import { normalizeDocument } from "@/lib/br";
import { openText } from "@/lib/crypto";
import type { Company, DocumentDuplicate, DocumentPayment, DocumentTransport, FiscalDocument, FiscalDocumentItem } from "@prisma/client";
import { ClientSnapshot } from "@/lib/documents/client-snapshot";
import { TBAND_BY_CARD_FLAG, TPAG_BY_METHOD } from "@/lib/fiscal/nfe";
import { finalConsumerIndicator } from "@/lib/fiscal/nfe/build-ide";
import type { NfeAddress, NfeInput, NfeItem, NfePayment, NfeRecipient, NfeTransport } from "@/lib/fiscal/nfe/types";
import { approximateLineTaxes } from "@/lib/tax/approximate-taxes";
import { dec, money, sum } from "@/lib/tax/decimal";
import { DocumentTaxTotals, ItemTaxes } from "@/lib/tax/tax-shapes";
import type { EmissionRefusal } from "./outcomes";

export type StoredDocument = FiscalDocument & {
  company: Company;
  items: FiscalDocumentItem[];
  payments: DocumentPayment[];
  duplicates: DocumentDuplicate[];
  transport: DocumentTransport | null;
};

const CRT_BY_REGIME = { SIMPLES_NACIONAL: "1", SIMPLES_EXCESS: "2", NORMAL: "3", MEI: "4" } as const;
const FIN_NFE_BY_PURPOSE = { NORMAL: "1", COMPLEMENTARY: "2", ADJUSTMENT: "3", RETURN: "4", CREDIT_NOTE: "5", DEBIT_NOTE: "6" } as const;
const MOD_FRETE = { SENDER: "0", RECIPIENT: "1", THIRD_PARTY: "2", OWN_SENDER: "3", OWN_RECIPIENT: "4", NO_FREIGHT: "9" } as const;
const IND_IE_DEST = { CONTRIBUINTE: "1", ISENTO: "2", NAO_CONTRIBUINTE: "9" } as const;

/** tpEmis of a document issued normally (1) or in contingency: 9 NFC-e offline, 6 SVC-AN, 7 SVC-RS, 4 EPEC (MOC 7.0, B22). */
export function tpEmisOf(mode: FiscalDocument["contingencyMode"]): "1" | "4" | "6" | "7" | "9" {
  return mode === "OFFLINE" ? "9" : mode === "SVC_AN" ? "6" : mode === "SVC_RS" ? "7" : mode === "EPEC" ? "4" : "1";
}

/**
 * The stored document as the XML engine's input. Everything was resolved and
 * computed at creation (taxes, totals, recipient snapshot), so this only maps
 * fields; nothing is recomputed. Missing company data is a refusal naming it.
 */
export function toNfeInput(document: StoredDocument): NfeInput | EmissionRefusal {
  const company = document.company;
  const missing = (["stateRegistration", "street", "neighborhood", "city"] as const).filter((field) => !company[field]);
  if (missing.length > 0) {
    return { kind: "refused", code: "fiscal_settings_incomplete", reason: `Company fiscal settings incomplete: ${missing.join(", ")} required for emission` };
  }
  if (document.type === "NFCE" && (!company.cscId || !company.cscToken)) {
    return { kind: "refused", code: "csc_missing", reason: "NFCE requires the company's CSC (id and token) for the QR code" };
  }
  if (!document.series || document.number < 1) throw new Error(`Document ${document.id} has no number yet`);
  const totals = DocumentTaxTotals.parse(document.taxTotals);
  const snapshot = ClientSnapshot.safeParse(document.clientSnapshot);

  return withApproximateTaxes({
    model: document.type === "NFCE" ? "65" : "55",
    environment: document.environment,
    series: document.series,
    number: document.number,
    cNF: document.cNF,
    tpEmis: tpEmisOf(document.contingencyMode),
    contingency: document.contingencyMode && document.contingencySince && document.contingencyReason ? { at: document.contingencySince, reason: document.contingencyReason } : null,
    issuedAt: document.issueDateTime,
    operationNature: document.operationNature,
    finNFe: FIN_NFE_BY_PURPOSE[document.purpose],
    // tpNF 0 (entry) when the lines are entries (CFOP 1/2/3xxx, e.g. a customer's return under 1202); creation refuses a mix (SEFAZ 518/519).
    operationType: document.items.length > 0 && document.items.every((item) => /^[123]/.test(item.cfop)) ? "0" : "1",
    tpNFCredito: document.rtcCreditType,
    tpNFDebito: document.rtcDebitType,
    referencedKeys: [...(document.referencedKeys ?? []), ...(document.referencedAccessKey ? [document.referencedAccessKey] : [])],
    issuer: {
      cnpj: company.cnpj,
      name: company.legalName,
      tradeName: company.tradeName,
      stateRegistration: company.stateRegistration!,
      municipalRegistration: company.municipalRegistration,
      crt: CRT_BY_REGIME[company.taxRegime],
      address: {
        street: company.street!,
        number: company.streetNumber ?? "S/N",
        complement: company.complement,
        district: company.neighborhood!,
        municipalityCode: company.municipalityCode,
        municipalityName: company.city!,
        uf: company.state,
        zipCode: company.zipCode,
        phone: company.phone,
      },
    },
    recipient: snapshot.success ? toRecipient(snapshot.data) : null,
    items: document.items.sort((a, b) => a.position - b.position).map(toItem),
    totals: { icmsTot: totals.icmsTot, ibsCbsTot: totals.ibsCbsTot },
    transport: document.transport ? toTransport(document.transport) : document.type === "NFE" ? { modFrete: "9" } : null,
    billing: document.duplicates.length > 0 ? toBilling(document) : null,
    payments: toPayments(document),
    change: changeOf(document),
    additionalInfo: document.additionalInfo ? { taxpayer: document.additionalInfo } : null,
    technicalResponsible:
      company.respTecCnpj && company.respTecContact && company.respTecEmail && company.respTecPhone
        ? {
            cnpj: company.respTecCnpj,
            contact: company.respTecContact,
            email: company.respTecEmail,
            phone: company.respTecPhone,
            csrt: company.respTecCsrtId && company.respTecCsrt ? { id: company.respTecCsrtId, secret: company.respTecCsrt } : null,
          }
        : null,
    csc: company.cscId && company.cscToken ? { id: company.cscId, secret: openText(company.cscToken) } : null,
  });
}

/**
 * vTotTrib on each line and in ICMSTot of a sale to a final consumer (Lei
 * 12.741/2012 art. 1: the consumer's document informs the approximate taxes),
 * from the document's own taxes: no IBPT table is configured
 * (lib/tax/approximate-taxes.ts). Omitted when zero, as the builder does.
 */
function withApproximateTaxes(input: NfeInput): NfeInput {
  if (finalConsumerIndicator(input) !== "1") return input;
  const items = input.items.map((item) => ({ ...item, approximateTaxes: money(approximateLineTaxes(item.taxes)) }));
  return { ...input, items, totals: { ...input.totals, approximateTaxes: money(sum(items.map((item) => dec(item.approximateTaxes)))) } };
}

function toRecipient(client: ClientSnapshot): NfeRecipient | null {
  const document = client.document.replace(/[^0-9A-Za-z]/g, "");
  // A final consumer without a document (NFC-e) has no <dest>.
  if (!document || client.documentType === "OTHER") return null;
  const address: NfeAddress | null =
    client.street && client.municipalityCode && client.city && client.state
      ? {
          street: client.street,
          number: client.number ?? "S/N",
          complement: client.complement,
          district: client.neighborhood ?? "",
          municipalityCode: client.municipalityCode,
          municipalityName: client.city,
          uf: client.state,
          zipCode: client.zipCode,
          phone: client.phone,
        }
      : null;
  return {
    document: client.documentType === "FOREIGN" ? { type: "FOREIGN", value: document } : { type: client.documentType, value: document },
    name: client.name,
    address,
    indIEDest: client.icmsTaxpayer ? IND_IE_DEST[client.icmsTaxpayer] : undefined,
    stateRegistration: client.stateRegistration,
    email: client.email,
  };
}

function toItem(item: FiscalDocumentItem): NfeItem {
  const taxes = ItemTaxes.parse(item.taxes);
  return {
    code: item.code,
    gtin: item.gtin,
    description: item.description,
    ncm: item.ncm,
    cest: item.cest,
    benefitCode: taxes.icms?.benefitCode ?? null,
    cfop: item.cfop,
    unit: item.unit,
    quantity: item.quantity.toString(),
    unitValue: item.unitValue.toString(),
    grossValue: item.grossValue.toFixed(2),
    freight: taxes.freight,
    discount: item.discount.isZero() ? null : item.discount.toFixed(2),
    taxes: { icms: taxes.icms, ipi: taxes.ipi, pis: taxes.pis, cofins: taxes.cofins, ibsCbs: taxes.ibsCbs, difal: taxes.difal ?? null },
  };
}

function toTransport(transport: DocumentTransport): NfeTransport {
  // A carrier's CNPJ may be alphanumeric: punctuation goes, letters stay (NT Conjunta 2025.001).
  const carrierDocument = normalizeDocument(transport.carrierDocument ?? "");
  const hasVolume = [transport.volumeQuantity, transport.volumeSpecies, transport.volumeGrossWeight, transport.volumeNetWeight].some((v) => v !== null);
  return {
    modFrete: MOD_FRETE[transport.freightType as keyof typeof MOD_FRETE] ?? "9",
    carrier:
      transport.carrierName || carrierDocument
        ? {
            document: carrierDocument ? { type: transport.carrierDocumentType === "CPF" || /^\d{11}$/.test(carrierDocument) ? "CPF" : "CNPJ", value: carrierDocument } : null,
            name: transport.carrierName,
            stateRegistration: transport.carrierStateRegistration,
            address: transport.carrierAddress,
            city: transport.carrierCity,
            uf: transport.carrierState,
          }
        : null,
    vehicle: transport.vehiclePlate ? { plate: transport.vehiclePlate, uf: transport.vehicleState, rntc: transport.vehicleRntc } : null,
    volumes: hasVolume
      ? [
          {
            quantity: transport.volumeQuantity,
            species: transport.volumeSpecies,
            grossWeight: transport.volumeGrossWeight?.toFixed(3) ?? null,
            netWeight: transport.volumeNetWeight?.toFixed(3) ?? null,
          },
        ]
      : [],
  };
}

function toBilling(document: StoredDocument) {
  const total = document.totalValue.toFixed(2);
  return {
    invoice: { number: String(document.number), originalValue: total, netValue: total },
    installments: document.duplicates
      .sort((a, b) => a.number.localeCompare(b.number))
      .map((d) => ({ number: d.number, dueDate: d.dueDate, value: d.value.toFixed(2) })),
  };
}

/** vTroco (MOC YA09): what the declared payments exceed the total by; creation accepts that only as cash. */
function changeOf(document: StoredDocument): string | null {
  const paid = sum(document.payments.map((p) => dec(p.value)));
  const total = dec(document.totalValue);
  return paid.greaterThan(total) ? money(paid.minus(total)) : null;
}

const CARD_METHODS = new Set(["CREDIT_CARD", "DEBIT_CARD"]);

function toPayments(document: StoredDocument): NfePayment[] {
  const declared = document.payments.sort((a, b) => a.position - b.position);
  if (declared.length === 0) {
    // No payment declared: installments are a bank slip on credit; otherwise "90 sem pagamento" (MOC, YA02).
    return document.duplicates.length > 0 ? [{ tPag: "15", value: document.totalValue.toFixed(2), indPag: "1" }] : [{ tPag: "90", value: "0.00" }];
  }
  return declared.map((payment) => ({
    tPag: TPAG_BY_METHOD[payment.method] ?? "99",
    value: payment.value.toFixed(2),
    indPag: document.paymentIndicator === 1 ? "1" : "0",
    description: payment.description,
    // A card payment always carries the card group (cStat 391); without TEF integration tpIntegra is 2.
    card:
      CARD_METHODS.has(payment.method) || payment.cardFlag || payment.cardCNPJ || payment.cardAuthorization
        ? { tpIntegra: "2", acquirerCnpj: payment.cardCNPJ, tBand: payment.cardFlag ? (TBAND_BY_CARD_FLAG[payment.cardFlag] ?? "99") : null, authorization: payment.cardAuthorization }
        : null,
  }));
}
