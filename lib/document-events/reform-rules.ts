import { STATES } from "@/lib/br";
import { DomainError } from "@/lib/errors";
import type { ReformEventDetail } from "@/lib/fiscal/nfe/build-reform-event";
import { checkReformEventItems, type ReformEventItemValues } from "@/lib/fiscal/nfe/reform-event-items";

// What we check before a reform event is sent (NT 2025.002-RTC v1.31, item 8):
// NF-e model 55 only (every event's "Modelo: NF-e modelo 55"), on an
// authorized NF-e, and the items the event names against the NF-e's own
// (2P24-10, 2P25-10, 2P26-10, 2P28/29-10), with the authority's codes in the
// message so the caller sees what SVRS would answer. The NT sets no deadline.

/** cOrgaoAutor: the author's own state (P20, "Código da UF do emitente do Evento"). */
export function stateCode(uf: string): string {
  const state = STATES.find((s) => s.uf === uf);
  if (!state) throw new DomainError(422, "invalid_status", `Unknown state ${uf}`);
  return state.cUF;
}

export function assertReformEventModel(type: string): void {
  if (type !== "NFE") throw new DomainError(422, "reform_event_not_allowed", `The reform's IBS/CBS events apply to NF-e (model 55) only; this document is ${type}`);
}

function itemValues(detail: ReformEventDetail): ReformEventItemValues[] {
  if (!("items" in detail)) return [];
  return detail.items.map((i) => {
    const values = i as { nItem: number; vIBS?: unknown; vCBS?: unknown; creditIBS?: unknown; creditCBS?: unknown; quantity?: unknown; unit?: string };
    return {
      nItem: values.nItem,
      vIBS: String(values.vIBS ?? values.creditIBS ?? "0"),
      vCBS: String(values.vCBS ?? values.creditCBS ?? "0"),
      quantity: values.quantity === undefined ? undefined : String(values.quantity),
      unit: values.unit,
    };
  });
}

/** The NF-e's items checked as the authority will (null XML: nothing to compare, the authority decides). */
export function assertReformEventItems(nfeXml: string | null, detail: ReformEventDetail): void {
  if (!nfeXml || detail.tpEvento === "110001") return;
  const refusal = checkReformEventItems(nfeXml, detail.tpEvento, itemValues(detail));
  if (refusal) throw new DomainError(422, "reform_event_not_allowed", `${refusal.cStat} - ${refusal.xMotivo}`);
}
