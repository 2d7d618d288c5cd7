import type { NfeView } from "./nfe-view";

// One SEFAZ business rule (MOC 4.00 Anexo I, "regras de validação", and the
// Notas Técnicas that add to it): its validation id, the cStat and the
// official xMotivo it answers, the models it applies to, and a check that
// returns what breaks it. A rule that depends on the state applies the
// strictest common reading (docs/api-notes/sefaz-rules.md says what a state may relax).

export type RuleContext = {
  /** Receipt time at the authority (rules 703, 898); our pre-send check leaves it out. */
  receivedAt?: Date;
  /** The issuer's CSC, where it is known (our pre-send check; the simulator does not hold it): QR-code hash, rule 464. */
  csc?: { id: string; secret: string } | null;
};

export type RuleFinding = {
  /** det/@nItem of the line that breaks the rule, when it is a line rule. */
  nItem?: number;
  /** Position (from 1) of the installment that breaks the rule ("[nOcor:n]" of group Y). */
  nOcor?: number;
  /** What was found, in a few words (values compared). */
  detail?: string;
};

/**
 * When a rule is in force, by the calendar date of dhEmi (its first ten characters: the issuer's
 * date) and the environment (ide/tpAmb), with the NT and version that set the dates. A rule
 * without a schedule always applies. Production and homologation dates differ in the NTs'
 * schedules ("cronograma"); null means "Implementação Futura" (not applied there).
 */
export type RuleSchedule = {
  /** NT, version and item that set these dates. */
  source: string;
  /** First day the rule applies in production (tpAmb 1); null: not yet; absent: from the start. */
  productionFrom?: string | null;
  /** First day in homologation (tpAmb 2); null: not yet; absent: from the start. */
  homologationFrom?: string | null;
  /** Last day in production (the rule was removed from the next day); absent: still in force. */
  productionUntil?: string;
  /** Last day in homologation. */
  homologationUntil?: string;
};

export type BusinessRule = {
  /** Campo-Seq of the MOC table (e.g. "NA01-20") or the NT's id. */
  id: string;
  /** Short name used in logs and rejection reasons. */
  name: string;
  cStat: string;
  /** Official text; "[nItem:999]" is replaced by the line. */
  xMotivo: string;
  models: ReadonlyArray<"55" | "65">;
  /** Dates the rule applies on; absent: always (docs/api-notes/tax-reform.md lists the dated ones). */
  schedule?: RuleSchedule;
  check(nfe: NfeView, context: RuleContext): RuleFinding | null;
};

/** Whether the rule applies to this document: its model, and its schedule on dhEmi's date in dhEmi's environment. */
export function ruleApplies(rule: BusinessRule, nfe: NfeView): boolean {
  if (!rule.models.includes(nfe.model)) return false;
  const schedule = rule.schedule;
  if (!schedule) return true;
  const day = String(nfe.ide.dhEmi ?? "").slice(0, 10);
  const production = String(nfe.ide.tpAmb ?? "") === "1";
  const from = production ? schedule.productionFrom : schedule.homologationFrom;
  const until = production ? schedule.productionUntil : schedule.homologationUntil;
  if (from === null) return false;
  return (from === undefined || day >= from) && (until === undefined || day <= until);
}

export type RuleViolation = {
  rule: BusinessRule;
  cStat: string;
  /** xMotivo as SEFAZ answers it, with the line number filled in. */
  xMotivo: string;
  nItem?: number;
  detail?: string;
};

export const BOTH: ReadonlyArray<"55" | "65"> = ["55", "65"];
export const NFE_ONLY: ReadonlyArray<"55" | "65"> = ["55"];
export const NFCE_ONLY: ReadonlyArray<"55" | "65"> = ["65"];

/** The first line for which `test` finds a problem. */
export function firstLine(nfe: NfeView, test: (item: NfeView["items"][number]) => string | null | false): RuleFinding | null {
  for (const item of nfe.items) {
    const detail = test(item);
    if (detail) return { nItem: item.nItem, detail };
  }
  return null;
}
