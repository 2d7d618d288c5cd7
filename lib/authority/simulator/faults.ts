import type { AuthorityService } from "../endpoints";
import type { DenialCStat } from "./denials";
import { normalizeAuthorizer } from "./request-authorizer";

// Fault injection for tests (issue 5, item 8): each rule matches requests by
// service and/or access key, CNPJ and series, and either answers with a given
// cStat, with 108 "service paralysed", with HTTP 500, or delays the answer
// past the client's timeout. A delay happens after the work is done unless
// `beforeProcessing` is set, so by default it behaves like an answer lost on
// the way back: the document is authorized and a consultation finds it.
// `async` makes an authorization answer 103 with a receipt instead of 104;
// `receipt_not_found` answers a receipt query 106 (another node of the pair).
// `deny` processes an authorization that would pass and records it as uso
// denegado (110, 301, 302, 303) with a protocol, as SEFAZ does for an issuer
// or recipient in irregular standing. `outage` with `authorizer` takes one
// authorizer down (unreachable; its status service answers 108/109 or nothing)
// while the others, its SVC among them, keep answering. `consult_without_protnfe`
// answers a consultation as SEFAZ-PR did in 2024 (sped-nfe issue #1087): the
// key's cStat (a denial's 110/301/302/303) at the top of retConsSitNFe, no protNFe.
// `ult_nsu_656` plays another system reading the party's DF-e distribution: a
// distNSU from below `ultNSU` is refused 656 naming it (distribute.ts).
// `taxpayer_inactive` with `document` (a CNPJ or CPF) answers the taxpayer registry
// (CadConsultaCadastro4) with that party's registrations not enabled (cSit 0); it applies to
// that service only and stays until removed (registry.ts).

export type FaultAction =
  | { kind: "reject"; cStat: string; reason?: string }
  | { kind: "unavailable" }
  | { kind: "http_500" }
  | { kind: "delay"; ms: number; beforeProcessing?: boolean }
  /** NFeAutorizacao4 only: process, but answer 103 with a receipt for NFeRetAutorizacao4. */
  | { kind: "async" }
  /** NFeAutorizacao4 only: a valid NF-e is denied (protNFe with this cStat and a protocol) instead of authorized. */
  | { kind: "deny"; cStat: DenialCStat }
  /**
   * NFeRetAutorizacao4: answer 106 "Lote não localizado", as the node of a
   * load-balanced authorizer that did not receive the batch does (the
   * authorization itself is recorded: a consultation finds it).
   */
  | { kind: "receipt_not_found" }
  /** NFeConsultaProtocolo4: the key's cStat and xMotivo at the top of retConsSitNFe without protNFe or events (SEFAZ-PR, 2024). */
  | { kind: "consult_without_protnfe" }
  /** NFeDistribuicaoDFe: a distNSU from below `ultNSU` is answered 656 "Deve ser utilizado o ultNSU…" with that ultNSU and maxNSU zero. */
  | { kind: "ult_nsu_656"; ultNSU: string }
  /**
   * The authorizer is down (with `authorizer`): every service fails as
   * unreachable (the connection is dropped, nothing processed), except that its
   * NFeStatusServico4 answers `status` (108 paralysed for a short time, 109
   * without forecast) when given. Other authorizers keep working.
   */
  | { kind: "outage"; status?: OutageStatus }
  /** CadConsultaCadastro4 only: the party's registrations are answered not enabled (cSit 0). */
  | { kind: "taxpayer_inactive" };

export const OUTAGE_STATUSES = ["108", "109"] as const;
export type OutageStatus = (typeof OUTAGE_STATUSES)[number];

/** `authorizer`: as the tables name it (SP, SVRS, SVCAN or SVC-AN, SVCRS or SVC-RS, AN, …; request-authorizer.ts). */
export type FaultMatch = { service?: AuthorityService; accessKey?: string; cnpj?: string; series?: number; authorizer?: string; /** The CNPJ or CPF a registry query (ConsCad) asks about. */ document?: string };

export type FaultRule = FaultMatch & {
  action: FaultAction;
  /** How many matching requests it applies to; unset: until removed. */
  times?: number;
};

export type RequestFields = { accessKey?: string; cnpj?: string; series?: number; authorizer?: string; document?: string };

type ActiveRule = FaultRule & { id: number; remaining: number };

export class FaultRegistry {
  private rules: ActiveRule[] = [];
  private nextId = 1;

  /** Adds a rule; returns a function that removes it. */
  add(rule: FaultRule): () => void {
    const id = this.addWithId(rule);
    return () => this.remove(id);
  }

  /** Adds a rule and returns its id (for the HTTP control endpoint). */
  addWithId(rule: FaultRule): number {
    const id = this.nextId++;
    const authorizer = rule.authorizer === undefined ? undefined : normalizeAuthorizer(rule.authorizer);
    // A registry fault never shadows another service's rules.
    const service = rule.action.kind === "taxpayer_inactive" ? "CadConsultaCadastro4" : rule.service;
    this.rules.push({ ...rule, service, authorizer, id, remaining: rule.times ?? Number.POSITIVE_INFINITY });
    return id;
  }

  remove(id: number): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((r) => r.id !== id);
    return this.rules.length < before;
  }

  clear(): void {
    this.rules = [];
  }

  /** No rule registered: the request's fields need not be read (the common case). */
  isEmpty(): boolean {
    return this.rules.length === 0;
  }

  /** The first rule matching this request, consuming one of its uses. */
  take(service: AuthorityService, fields: RequestFields): FaultAction | undefined {
    const rule = this.rules.find(
      (r) =>
        r.remaining > 0 &&
        (r.service === undefined || r.service === service) &&
        // The registry lookups made before an emission never take a rule meant for the NF-e services:
        // a registry query matches only a rule that names its service or a `document`.
        (service !== "CadConsultaCadastro4" || r.service !== undefined || r.document !== undefined) &&
        (r.accessKey === undefined || r.accessKey === fields.accessKey) &&
        (r.cnpj === undefined || r.cnpj === fields.cnpj) &&
        (r.series === undefined || r.series === fields.series) &&
        (r.authorizer === undefined || r.authorizer === fields.authorizer) &&
        (r.document === undefined || r.document === fields.document),
    );
    if (!rule) return undefined;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.rules = this.rules.filter((r) => r.id !== rule.id);
    return rule.action;
  }
}

/** What a fault rule can match on, read from the raw message without a full parse. */
export function requestFields(payloadXml: string): RequestFields {
  const accessKey = /<(?:\w+:)?chNFe>([0-9A-Z]{44})</.exec(payloadXml)?.[1] ?? /<(?:\w+:)?infNFe\b[^>]*\bId="NFe([0-9A-Z]{44})"/.exec(payloadXml)?.[1];
  const cnpj = /<(?:\w+:)?CNPJ>([0-9A-Z]{14})</.exec(payloadXml)?.[1];
  const series = /<(?:\w+:)?serie>(\d{1,3})</.exec(payloadXml)?.[1];
  // A registry query asks about one party: its CNPJ or CPF.
  const document = /<(?:\w+:)?ConsCad\b/.test(payloadXml) ? (cnpj ?? /<(?:\w+:)?CPF>(\d{11})</.exec(payloadXml)?.[1]) : undefined;
  return { accessKey, cnpj, series: series === undefined ? undefined : Number(series), document };
}
