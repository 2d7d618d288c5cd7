import { z } from "zod";
import type { ReformEventDetail } from "@/lib/fiscal/nfe/build-reform-event";

// Request bodies of the tax reform's IBS/CBS events (NT 2025.002-RTC v1.31,
// item 8; docs/api-notes/reform-events.md): one zod object per event type,
// discriminated on `type` (the tpEvento), with the sizes and decimals of each
// schema (13v2 amounts, 11v0-4 quantities, 1-6 character units, nItem 1-990).
// Reused by the routes, the OpenAPI document and the dashboard forms.

const amount = z.string().trim().regex(/^\d{1,13}(\.\d{1,2})?$/, "must be a decimal string with at most 13 integer digits and 2 decimals");
const quantity = z.string().trim().regex(/^\d{1,11}(\.\d{1,4})?$/, "must be a decimal string with at most 11 integer digits and 4 decimals");
const rate = z.string().trim().regex(/^\d{1,3}(\.\d{1,4})?$/, "must be a percentage with at most 3 integer digits and 4 decimals");
const item = z.number().int().min(1).max(990).describe("nItem of the NF-e's det");
// Latin-1 printable text of 1-6 characters (TString).
const unit = z.string().trim().min(1).max(6);
const accessKey = z.string().regex(/^\d{6}[0-9A-Z]{12}\d{26}$/, "must be a 44-character access key");

const quantityItem = z.object({ item, ibsAmount: amount, cbsAmount: amount, quantity, unit }).strict();
const items = <T extends z.ZodTypeAny>(schema: T) =>
  z
    .array(schema)
    .min(1)
    .max(990)
    .refine((list) => new Set(list.map((i) => (i as { item: number }).item)).size === list.length, "each item may appear once (pk_nItem)");

const presumedCredit = z.object({ code: z.string().regex(/^\d{2}$/, "cCredPres: 2 digits (Anexo IV)"), rate, amount }).strict();

export const IssuerReformEventInput = z.discriminatedUnion("type", [
  z.object({ type: z.literal("112110") }).strict().describe("Informação de efetivo pagamento integral (indQuitacao 1), NT 8.3"),
  z.object({ type: z.literal("112120"), items: items(quantityItem) }).strict().describe("Importação em ALC/ZFM não convertida em isenção, NT 8.15"),
  z
    .object({
      type: z.literal("112130"),
      items: items(quantityItem.extend({ creditReversal: z.object({ ibsAmount: amount, cbsAmount: amount }).strict() })),
    })
    .strict()
    .describe("Perecimento, perda, roubo ou furto no transporte contratado pelo fornecedor, NT 8.17"),
  z.object({ type: z.literal("112140"), items: items(quantityItem) }).strict().describe("Fornecimento não realizado com pagamento antecipado, NT 8.18"),
  z.object({ type: z.literal("112150"), expectedDeliveryDate: z.iso.date() }).strict().describe("Atualização da data de previsão de entrega, NT 8.19"),
]);
export type IssuerReformEventInput = z.infer<typeof IssuerReformEventInput>;

export const AcquirerReformEventInput = z.discriminatedUnion("type", [
  z
    .object({
      type: z.literal("211110"),
      items: items(z.object({ item, baseAmount: amount, ibs: presumedCredit.nullable().optional(), cbs: presumedCredit.nullable().optional() }).strict()),
    })
    .strict()
    .describe("Solicitação de apropriação de crédito presumido, NT 8.4"),
  z
    .object({ type: z.literal("211120"), items: items(quantityItem.extend({ referencedAccessKey: accessKey, referencedItem: item })) })
    .strict()
    .describe("Destinação de item para consumo pessoal, NT 8.5"),
  z.object({ type: z.literal("211124"), items: items(quantityItem) }).strict().describe("Perecimento, perda, roubo ou furto no transporte contratado pelo adquirente, NT 8.16"),
  z.object({ type: z.literal("211128"), accepted: z.boolean() }).strict().describe("Aceite de débito na apuração por emissão de nota de crédito, NT 8.6"),
  z.object({ type: z.literal("211130"), items: items(quantityItem) }).strict().describe("Imobilização de item, NT 8.7"),
  z.object({ type: z.literal("211140"), items: items(quantityItem) }).strict().describe("Solicitação de apropriação de crédito de combustível, NT 8.8"),
  z
    .object({ type: z.literal("211150"), items: items(z.object({ item, ibsCreditAmount: amount, cbsCreditAmount: amount }).strict()) })
    .strict()
    .describe("Apropriação de crédito de bens e serviços que dependem da atividade do adquirente, NT 8.9"),
  z.object({ type: z.literal("212110"), accepted: z.boolean() }).strict().describe("Manifestação sobre transferência de crédito de IBS em sucessão, NT 8.10"),
  z.object({ type: z.literal("212120"), accepted: z.boolean() }).strict().describe("Manifestação sobre transferência de crédito de CBS em sucessão, NT 8.11"),
]);
export type AcquirerReformEventInput = z.infer<typeof AcquirerReformEventInput>;

/** DELETE …/events/{eventId}: 110001 carries no justification in its schema; we keep the one given for the record. */
export const CancelReformEventInput = z.object({ justification: z.string().trim().min(15).max(255) }).strict();
export type CancelReformEventInput = z.infer<typeof CancelReformEventInput>;

export const EventIdParams = z.object({ id: z.string().min(1).max(64), eventId: z.string().min(1).max(64) });

export const ReformEvent = z.object({
  id: z.string(),
  type: z.string().describe("tpEvento"),
  description: z.string(),
  sequence: z.number().int(),
  author: z.enum(["ISSUER", "RECIPIENT"]),
  status: z.enum(["REGISTERED", "REJECTED", "CANCELLED"]),
  protocol: z.string().nullable(),
  cStat: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  registeredAt: z.string().nullable(),
});
export type ReformEvent = z.infer<typeof ReformEvent>;
export const ReformEventList = z.object({ data: z.array(ReformEvent) });

type AnyInput = IssuerReformEventInput | AcquirerReformEventInput;

const quantities = (list: Array<z.infer<typeof quantityItem>>) =>
  list.map((i) => ({ nItem: i.item, vIBS: i.ibsAmount, vCBS: i.cbsAmount, quantity: i.quantity, unit: i.unit }));

/** The API body as the XML builder's detail (lib/fiscal/nfe/build-reform-event.ts). */
export function toReformEventDetail(input: AnyInput, options: { importation?: boolean } = {}): ReformEventDetail {
  switch (input.type) {
    case "112110":
      return { tpEvento: "112110" };
    case "112120":
    case "112140":
    case "211124":
    case "211130":
    case "211140":
      return { tpEvento: input.type, items: quantities(input.items) };
    case "112130":
      return { tpEvento: "112130", items: input.items.map((i) => ({ ...quantities([i])[0]!, creditIBS: i.creditReversal.ibsAmount, creditCBS: i.creditReversal.cbsAmount })) };
    case "112150":
      return { tpEvento: "112150", expectedDeliveryDate: input.expectedDeliveryDate };
    case "211110":
      return { tpEvento: "211110", items: input.items.map((i) => ({ nItem: i.item, vBC: i.baseAmount, ibs: i.ibs ?? null, cbs: i.cbs ?? null })) };
    case "211120":
      return {
        tpEvento: "211120",
        importation: options.importation ?? false,
        items: input.items.map((i) => ({ ...quantities([i])[0]!, referencedKey: i.referencedAccessKey, referencedItem: i.referencedItem })),
      };
    case "211150":
      return { tpEvento: "211150", items: input.items.map((i) => ({ nItem: i.item, creditIBS: i.ibsCreditAmount, creditCBS: i.cbsCreditAmount })) };
    case "211128":
    case "212110":
    case "212120":
      return { tpEvento: input.type, accepted: input.accepted };
  }
}

/** The same request body, whatever the key order (JSONB stores keys in its own order). */
export function sameEventInput(stored: unknown, body: unknown): boolean {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === "object"
        ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => [k, canonical(v)]))
        : value;
  return JSON.stringify(canonical(stored)) === JSON.stringify(canonical(body));
}
