// The form of the reform events (one item per registration in the dashboard; the API takes up to
// 990): which fields each event asks for (NT 2025.002-RTC, item 8) and the request body they make.

export type ReformEventFields = {
  item: string;
  ibsAmount: string;
  cbsAmount: string;
  quantity: string;
  unit: string;
  referencedAccessKey: string;
  referencedItem: string;
  creditIbs: string;
  creditCbs: string;
  baseAmount: string;
  presumedCode: string;
  presumedRate: string;
  presumedAmount: string;
  expectedDeliveryDate: string;
  accepted: boolean;
};

export const EMPTY_FIELDS: ReformEventFields = {
  item: "1", ibsAmount: "", cbsAmount: "", quantity: "", unit: "", referencedAccessKey: "", referencedItem: "1",
  creditIbs: "", creditCbs: "", baseAmount: "", presumedCode: "", presumedRate: "", presumedAmount: "", expectedDeliveryDate: "", accepted: true,
};

const QUANTITY: Array<keyof ReformEventFields> = ["item", "ibsAmount", "cbsAmount", "quantity", "unit"];

export const FIELDS_BY_TYPE: Record<string, Array<keyof ReformEventFields>> = {
  "112110": [],
  "112120": QUANTITY,
  "112130": [...QUANTITY, "creditIbs", "creditCbs"],
  "112140": QUANTITY,
  "112150": ["expectedDeliveryDate"],
  "211110": ["item", "baseAmount", "presumedCode", "presumedRate", "presumedAmount"],
  "211120": [...QUANTITY, "referencedAccessKey", "referencedItem"],
  "211124": QUANTITY,
  "211128": ["accepted"],
  "211130": QUANTITY,
  "211140": QUANTITY,
  "211150": ["item", "ibsAmount", "cbsAmount"],
  "212110": ["accepted"],
  "212120": ["accepted"],
};

/** The API body of the chosen event (validated afterwards with the route's own zod schema). */
export function buildReformEventBody(type: string, f: ReformEventFields): Record<string, unknown> {
  const item = Number(f.item);
  const quantityItem = { item, ibsAmount: f.ibsAmount.trim(), cbsAmount: f.cbsAmount.trim(), quantity: f.quantity.trim(), unit: f.unit.trim() };
  switch (type) {
    case "112110":
      return { type };
    case "112150":
      return { type, expectedDeliveryDate: f.expectedDeliveryDate };
    case "211128":
    case "212110":
    case "212120":
      return { type, accepted: f.accepted };
    case "112130":
      return { type, items: [{ ...quantityItem, creditReversal: { ibsAmount: f.creditIbs.trim(), cbsAmount: f.creditCbs.trim() } }] };
    case "211110": {
      const ibs = f.presumedCode.trim() ? { code: f.presumedCode.trim(), rate: f.presumedRate.trim(), amount: f.presumedAmount.trim() } : null;
      return { type, items: [{ item, baseAmount: f.baseAmount.trim(), ibs }] };
    }
    case "211120":
      return { type, items: [{ ...quantityItem, referencedAccessKey: f.referencedAccessKey.trim(), referencedItem: Number(f.referencedItem) }] };
    case "211150":
      return { type, items: [{ item, ibsCreditAmount: f.ibsAmount.trim(), cbsCreditAmount: f.cbsAmount.trim() }] };
    default:
      return { type, items: [quantityItem] };
  }
}
