import { formatDecimalInput } from "@/lib/br/decimal-input";
import type { DocumentDetail } from "@/lib/documents/response-schemas";
import { emptyInline, type DocType, type FormState, type ItemRow } from "./form-state";

// The form state of a stored DRAFT or REJECTED document, for its edit page: the
// same form as creation, prefilled. A line's tax field is prefilled only when the
// item itself set it (taxSources "item"); fields resolved from a rule, product,
// template or the company are left to be resolved again. Item values the form
// has no field for (rates, PIS/COFINS/IPI) travel in `extra`, so an edit keeps them.

type Item = DocumentDetail["items"][number];

const fromItem = (item: Item, key: string, value: string | null | undefined) => (item.taxSources[key] === "item" && value ? value : "");
/** "2.5000" as typed in the form: "2,5". */
const decimal = (value: string | null | undefined) => (value ? (value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value).replace(".", ",") : "");

function itemExtra(item: Item): Record<string, unknown> {
  const extra: Record<string, unknown> = {};
  const number = (key: string, field: string, value: string | null | undefined) => {
    if (item.taxSources[key] === "item" && value !== null && value !== undefined) extra[field] = Number(value);
  };
  const code = (key: string, field: string, value: string | null | undefined) => {
    if (item.taxSources[key] === "item" && value) extra[field] = value;
  };
  number("icms.rate", "icmsRate", item.icms?.rate);
  code("pis.cst", "pisSituation", item.pis?.cst);
  number("pis.rate", "pisRate", item.pis?.rate);
  code("cofins.cst", "cofinsSituation", item.cofins?.cst);
  number("cofins.rate", "cofinsRate", item.cofins?.rate);
  code("ipi.cst", "ipiSituation", item.ipi?.cst);
  number("ipi.rate", "ipiRate", item.ipi?.rate);
  return extra;
}

export function formFromDocument(document: DocumentDetail): FormState {
  const snapshot = document.clientSnapshot as Record<string, string | null | undefined>;
  const inline = Object.fromEntries(Object.keys(emptyInline).map((field) => [field, String(snapshot[field] ?? "")])) as FormState["inline"];
  const transport = document.transport;
  return {
    type: document.type as DocType,
    // NORMAL is what "automatic" gives without a return template; credit and debit notes are API-only
    // (their purpose comes from rtcCreditType/rtcDebitType, which the form does not edit).
    purpose: document.purpose === "NORMAL" || document.purpose === "CREDIT_NOTE" || document.purpose === "DEBIT_NOTE" ? "" : document.purpose,
    referencedKeys: document.referencedDocuments.map((r) => r.accessKey).join("\n"),
    operationNature: document.operationNature,
    templateId: document.templateId ?? "",
    taxRuleId: document.taxRuleId ?? "",
    // A removed client (id null) comes back as the inline recipient it was frozen as.
    // An anonymous NFC-e has neither id nor document nor name; a name typed over a registered client's stays typed.
    clientMode: !document.client.id && !document.client.document && !document.client.name ? "anonymous" : document.client.id && !snapshot.nameAsTyped ? "existing" : "inline",
    clientId: document.client.id ?? "",
    inline,
    items: document.items.map(
      (item): ItemRow => ({
        productId: item.productId ?? "",
        code: item.code,
        description: item.description,
        quantity: decimal(item.quantity),
        unitValue: item.unitValue ? formatDecimalInput(item.unitValue) : "",
        unit: item.unit,
        ncm: fromItem(item, "ncm", item.ncm),
        cfop: fromItem(item, "cfop", item.cfop),
        cest: fromItem(item, "cest", item.cest),
        icmsOrigin: fromItem(item, "icms.origin", item.icms?.origin),
        icmsSituation: fromItem(item, "icms.cst", item.icms?.cst),
        nationalServiceCode: item.nationalServiceCode ?? "",
        serviceCode: item.serviceCode ?? "",
        taxRuleId: item.taxRuleId && item.taxRuleId !== document.taxRuleId ? item.taxRuleId : "",
        ibsCbsCst: fromItem(item, "ibsCbs.cst", item.ibsCbs.cst),
        cClassTrib: fromItem(item, "ibsCbs.cClassTrib", item.ibsCbs.cClassTrib),
        extra: itemExtra(item),
      }),
    ),
    payments: document.payments.map((p) => ({
      method: p.method, value: decimal(p.value), description: p.description ?? "", cardFlag: p.cardFlag ?? "", cardCNPJ: p.cardCNPJ ?? "",
      cardAuthorization: p.cardAuthorization ?? "", pixKey: p.pixKey ?? "", pixTxId: p.pixTxId ?? "",
    })),
    duplicates: document.duplicates.map((d) => ({ dueDate: d.dueDate.slice(0, 10), value: decimal(d.value) })),
    transport: transport
      ? {
          freightType: transport.freightType, freightValue: decimal(transport.freightValue), carrierId: transport.carrierId ?? "",
          // A stored document without a vehicle stays without one (no default vehicle taken on save).
          noVehicle: !transport.vehiclePlate, vehiclePlate: transport.vehiclePlate ?? "", vehicleState: transport.vehicleState ?? "",
          volumeQuantity: transport.volumeQuantity === null ? "" : String(transport.volumeQuantity), volumeSpecies: transport.volumeSpecies ?? "",
          volumeGrossWeight: decimal(transport.volumeGrossWeight), volumeNetWeight: decimal(transport.volumeNetWeight),
        }
      : null,
    additionalInfo: document.additionalInfo ?? "",
  };
}
