import { parseDecimalInput } from "@/lib/br/decimal-input";
import { zonedLocalToIso } from "@/lib/br/date-input";
import { stripMask } from "@/lib/br/masks";

// The new-document form's state (strings as typed) and its translation into
// the create body. Decimals are typed "1.234,56" or "1234.56".

export type DocType = "NFE" | "NFCE" | "NFSE";

export type ItemRow = {
  productId: string; code: string; description: string; quantity: string; unitValue: string; unit: string;
  ncm: string; cfop: string; cest: string; icmsOrigin: string; icmsSituation: string;
  nationalServiceCode: string; serviceCode: string; taxRuleId: string;
  /** IBS/CBS of the line (NT 2025.002); empty = the company's. */
  ibsCbsCst: string; cClassTrib: string;
  /** Item fields the form has no input for, kept from the stored document when it is edited. */
  extra?: Record<string, unknown>;
};
export type PaymentRow = { method: string; value: string; description: string; cardFlag: string; cardCNPJ: string; cardAuthorization: string; pixKey: string; pixTxId: string };
export type DuplicateRow = { dueDate: string; value: string };
export type TransportState = {
  freightType: string; freightValue: string; carrierId: string;
  /** "Nenhum veículo": sends vehiclePlate null, so the carrier's default vehicle is not used. */
  noVehicle: boolean; vehiclePlate: string; vehicleState: string;
  volumeQuantity: string; volumeSpecies: string; volumeGrossWeight: string; volumeNetWeight: string;
};
export type InlineClient = {
  name: string; document: string; stateRegistration: string; email: string; phone: string; zipCode: string;
  street: string; number: string; complement: string; neighborhood: string; city: string; state: string; municipalityCode: string;
};

/** finNFe as chosen in the form: "" lets the server decide (NORMAL, or RETURN with a return template). */
export type PurposeChoice = "" | "NORMAL" | "COMPLEMENTARY" | "ADJUSTMENT" | "RETURN";

export type FormState = {
  type: DocType;
  purpose: PurposeChoice;
  /** Access keys of the referenced NF-e/NFC-e, one per line (spaces inside a key are ignored). */
  referencedKeys: string;
  operationNature: string;
  templateId: string;
  taxRuleId: string;
  /** "anonymous": an NFC-e to an unidentified consumer, sent without clientId or client (no record is created). */
  clientMode: "existing" | "inline" | "anonymous";
  clientId: string;
  inline: InlineClient;
  items: ItemRow[];
  payments: PaymentRow[];
  duplicates: DuplicateRow[];
  transport: TransportState | null;
  additionalInfo: string;
  /**
   * Issue date and time as typed (YYYY-MM-DDTHH:mm, the company's clock); empty = now. The law of
   * that date decides the IBS/CBS rates and PIS/COFINS (lib/tax/data/reform-rates.ts), so the
   * preview of a January 2027 sale shows 2027's treatment today.
   */
  issueAt?: string;
};

export const emptyItem: ItemRow = {
  productId: "", code: "", description: "", quantity: "1", unitValue: "", unit: "UN", ncm: "", cfop: "", cest: "", icmsOrigin: "", icmsSituation: "", nationalServiceCode: "", serviceCode: "", taxRuleId: "", ibsCbsCst: "", cClassTrib: "",
};
/** tPag 90 ("Sem pagamento"): sent with the value 0, the only one SEFAZ accepts (904); the form asks for none. */
export const NO_PAYMENT = "NO_PAYMENT";
export const emptyPayment: PaymentRow = { method: "PIX", value: "", description: "", cardFlag: "", cardCNPJ: "", cardAuthorization: "", pixKey: "", pixTxId: "" };
export const emptyTransport: TransportState = { freightType: "SENDER", freightValue: "", carrierId: "", noVehicle: false, vehiclePlate: "", vehicleState: "", volumeQuantity: "", volumeSpecies: "", volumeGrossWeight: "", volumeNetWeight: "" };
export const emptyInline: InlineClient = { name: "", document: "", stateRegistration: "", email: "", phone: "", zipCode: "", street: "", number: "", complement: "", neighborhood: "", city: "", state: "", municipalityCode: "" };

export const initialForm: FormState = {
  type: "NFE", purpose: "", referencedKeys: "", operationNature: "", templateId: "", taxRuleId: "", clientMode: "existing", clientId: "", inline: emptyInline,
  items: [emptyItem], payments: [], duplicates: [], transport: null, additionalInfo: "",
};

const text = (value: string) => (value.trim() === "" ? undefined : value.trim());

/** A typed decimal as the API's number; what cannot be read stays a string so the schema names the field. */
export function num(value: string): number | string | undefined {
  const parsed = parseDecimalInput(value);
  if (parsed === null) return undefined;
  return parsed === undefined ? value : Number(parsed);
}

function pick<T extends Record<string, unknown>>(entries: T): Partial<T> {
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined && v !== "")) as Partial<T>;
}

/** `timeZone`: the company's (its state's), in which `issueAt` was typed. */
export function buildCreateBody(form: FormState, emit: boolean, timeZone = "America/Sao_Paulo"): Record<string, unknown> {
  const isService = form.type === "NFSE";
  const inlineEmpty = !form.inline.name.trim() && !stripMask(form.inline.document);
  // An NFC-e without name or CPF is anonymous: no client is sent, so none is created (issue 36 item 12).
  const anonymous = form.type === "NFCE" && (form.clientMode === "anonymous" || (form.clientMode === "inline" && inlineEmpty));
  const client = anonymous
    ? {}
    : form.clientMode !== "inline"
      ? { clientId: text(form.clientId) }
      : {
          client: pick({
            name: form.inline.name.trim(), document: stripMask(form.inline.document), stateRegistration: text(form.inline.stateRegistration), email: text(form.inline.email),
            phone: text(form.inline.phone.replace(/\D/g, "")), zipCode: text(form.inline.zipCode), street: text(form.inline.street), number: text(form.inline.number),
            complement: text(form.inline.complement), neighborhood: text(form.inline.neighborhood), city: text(form.inline.city), state: text(form.inline.state), municipalityCode: text(form.inline.municipalityCode),
          }),
        };
  const referencedKeys = form.referencedKeys.split(/[\n,;]+/).map((key) => key.replace(/\s/g, "")).filter(Boolean);
  const noteOnly = form.type === "NFE";
  return pick({
    type: form.type,
    purpose: noteOnly && form.purpose ? form.purpose : undefined,
    referencedDocuments: noteOnly && referencedKeys.length ? referencedKeys.map((accessKey) => ({ accessKey })) : undefined,
    ...client,
    operationNature: text(form.operationNature),
    templateId: text(form.templateId),
    taxRuleId: text(form.taxRuleId),
    additionalInfo: text(form.additionalInfo),
    issueDateTime: form.issueAt ? zonedLocalToIso(form.issueAt, timeZone) : undefined,
    emit: emit || undefined,
    items: form.items.map((row) =>
      pick({
        ...row.extra,
        code: row.code.trim(), description: row.description.trim(), quantity: num(row.quantity), unitValue: num(row.unitValue), unit: text(row.unit),
        productId: text(row.productId), taxRuleId: text(row.taxRuleId),
        ibsCbs: row.ibsCbsCst || row.cClassTrib ? pick({ cst: text(row.ibsCbsCst), cClassTrib: text(row.cClassTrib) }) : undefined,
        ...(isService
          ? { nationalServiceCode: text(row.nationalServiceCode), serviceCode: text(row.serviceCode) }
          : { ncm: text(row.ncm), cfop: text(row.cfop), cest: text(row.cest), icmsOrigin: text(row.icmsOrigin), icmsSituation: text(row.icmsSituation) }),
      }),
    ),
    payments: form.payments.length
      ? form.payments.map((p) =>
          pick({
            method: p.method, value: p.method === NO_PAYMENT ? 0 : num(p.value), description: text(p.description), cardFlag: text(p.cardFlag), cardCNPJ: text(stripMask(p.cardCNPJ)),
            cardAuthorization: text(p.cardAuthorization), pixKey: text(p.pixKey), pixTxId: text(p.pixTxId),
          }),
        )
      : undefined,
    duplicates: form.duplicates.length ? form.duplicates.map((d) => ({ dueDate: d.dueDate, value: num(d.value) })) : undefined,
    transport:
      form.transport && form.type === "NFE"
        ? pick({
            freightType: form.transport.freightType, freightValue: num(form.transport.freightValue), carrierId: text(form.transport.carrierId),
            ...(form.transport.noVehicle ? { vehiclePlate: null } : { vehiclePlate: text(form.transport.vehiclePlate), vehicleState: text(form.transport.vehicleState) }),
            volumeQuantity: num(form.transport.volumeQuantity), volumeSpecies: text(form.transport.volumeSpecies),
            volumeGrossWeight: num(form.transport.volumeGrossWeight), volumeNetWeight: num(form.transport.volumeNetWeight),
          })
        : undefined,
  });
}

/** CFOP scope of the sale: same UF internal (5xxx), another UF interstate (6xxx), abroad (7xxx). NFC-e is always internal. */
export function cfopOperation(type: DocType, issuerState: string, recipientState: string | null | undefined): "INTERNAL" | "INTERSTATE" | "EXPORT" {
  if (type === "NFCE" || !recipientState) return "INTERNAL";
  if (recipientState === "EX") return "EXPORT";
  return recipientState === issuerState ? "INTERNAL" : "INTERSTATE";
}

/** Installment total against the document total, in cents (no floats in the comparison). */
export function installmentGap(duplicates: DuplicateRow[], total: string | null): { sum: string; differenceCents: number | null } {
  let cents = 0;
  for (const d of duplicates) {
    const parsed = parseDecimalInput(d.value);
    if (parsed) cents += toCents(parsed);
  }
  const sum = (cents / 100).toFixed(2);
  return { sum, differenceCents: total === null ? null : cents - toCents(total) };
}

function toCents(decimal: string): number {
  const negative = decimal.startsWith("-");
  const [int = "0", frac = ""] = decimal.replace("-", "").split(".");
  const cents = Number(int) * 100 + Number((frac + "00").slice(0, 2));
  return negative ? -cents : cents;
}
