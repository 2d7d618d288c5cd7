// Fault injection for the Sefin Nacional simulator (issue 14, item 5), like
// the SEFAZ simulator's: match by route and/or DPS Id, access key or CNPJ;
// answer a given E-code, HTTP 500, or delay the answer (after the work by
// default: the NFS-e is issued but the answer is lost, which /dps/{id} recovers).
// The event lookup answers as the real Sefin does (the list `eventos` with
// `arquivoXml`); `event_lookup_swagger` makes it answer the Swagger's
// `eventoXmlGZipB64` instead, the shape the registration's 201 keeps.

export type SefinRoute = "submit" | "dps" | "nfse" | "event" | "event_lookup";

export type SefinFaultAction =
  | { kind: "reject"; code: string; description?: string; status?: number }
  | { kind: "http_500" }
  | { kind: "delay"; ms: number; beforeProcessing?: boolean }
  /** GET /nfse/{chave}/eventos/{tipo}/{seq}: the Swagger's `{ eventoXmlGZipB64 }` instead of the list `eventos` Sefin really answers. */
  | { kind: "event_lookup_swagger" };

/** How the simulator answers an event lookup: as Sefin really does (`listed`) or as the Swagger says. */
export type EventLookupShape = "listed" | "swagger";

export type SefinFaultRule = { route?: SefinRoute; dpsId?: string; accessKey?: string; cnpj?: string; times?: number; action: SefinFaultAction };

export type SefinRequestFields = { dpsId?: string; accessKey?: string; cnpj?: string };

type Active = SefinFaultRule & { id: number; remaining: number };

export class SefinFaultRegistry {
  private rules: Active[] = [];
  private nextId = 1;

  add(rule: SefinFaultRule): () => void {
    const id = this.nextId++;
    this.rules.push({ ...rule, id, remaining: rule.times ?? Number.POSITIVE_INFINITY });
    return () => {
      this.rules = this.rules.filter((r) => r.id !== id);
    };
  }

  clear(): void {
    this.rules = [];
  }

  /** No rule registered: the request's fields need not be read (the common case). */
  isEmpty(): boolean {
    return this.rules.length === 0;
  }

  take(route: SefinRoute, fields: SefinRequestFields): SefinFaultAction | undefined {
    const rule = this.rules.find(
      (r) =>
        r.remaining > 0 &&
        (!r.route || r.route === route) &&
        (!r.dpsId || r.dpsId === fields.dpsId) &&
        (!r.accessKey || r.accessKey === fields.accessKey) &&
        (!r.cnpj || r.cnpj === fields.cnpj),
    );
    if (!rule) return undefined;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.rules = this.rules.filter((r) => r.id !== rule.id);
    return rule.action;
  }
}
