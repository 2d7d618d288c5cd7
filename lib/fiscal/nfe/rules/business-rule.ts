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

export type BusinessRule = {
  /** Campo-Seq of the MOC table (e.g. "NA01-20") or the NT's id. */
  id: string;
  /** Short name used in logs and rejection reasons. */
  name: string;
  cStat: string;
  /** Official text; "[nItem:999]" is replaced by the line. */
  xMotivo: string;
  models: ReadonlyArray<"55" | "65">;
  check(nfe: NfeView, context: RuleContext): RuleFinding | null;
};

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
