// Fault injection for the Sefin Nacional simulator (issue 14, item 5), like
// the SEFAZ simulator's: match by route and/or DPS Id, access key or CNPJ;
// answer a given E-code, HTTP 500, or delay the answer (after the work by
// default: the NFS-e is issued but the answer is lost, which /dps/{id} recovers).

export type SefinRoute = "submit" | "dps" | "nfse" | "event";

export type SefinFaultAction =
  | { kind: "reject"; code: string; description?: string; status?: number }
  | { kind: "http_500" }
  | { kind: "delay"; ms: number; beforeProcessing?: boolean };

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

  /** The matching rule's action; `fields` is only read (a submission's body decoded) when some rule is registered. */
  take(route: SefinRoute, fields: () => SefinRequestFields): SefinFaultAction | undefined {
    if (this.rules.length === 0) return undefined;
    const requestFields = fields();
    const rule = this.rules.find(
      (r) =>
        r.remaining > 0 &&
        (!r.route || r.route === route) &&
        (!r.dpsId || r.dpsId === requestFields.dpsId) &&
        (!r.accessKey || r.accessKey === requestFields.accessKey) &&
        (!r.cnpj || r.cnpj === requestFields.cnpj),
    );
    if (!rule) return undefined;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.rules = this.rules.filter((r) => r.id !== rule.id);
    return rule.action;
  }
}
