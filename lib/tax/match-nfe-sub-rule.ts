import { cfopMatches } from "./taxation-rules";

export type RecipientClientType = "CONTRIBUINTE" | "NAO_CONTRIBUINTE" | "ESTRANGEIRO";

export type MatchableSubRule = {
  position: number;
  isActive: boolean;
  states: string[];
  clientTypes: string[];
  cfops: string[];
};

/**
 * The NFE sub-rule that applies to a line (api.md, Tax rule): matched by the
 * recipient's state and client type (empty list = any) and by CFOP compared
 * on its last 3 digits. Sub-rules listing CFOPs take priority over those
 * without; among equals the lowest position wins. null when none applies.
 */
export function matchNfeSubRule<T extends MatchableSubRule>(
  subRules: T[],
  recipient: { state: string | null; clientType: RecipientClientType; cfop: string | null },
): T | null {
  const ordered = [...subRules].filter((r) => r.isActive).sort((a, b) => a.position - b.position);
  const fits = (rule: T) =>
    (rule.states.length === 0 || (recipient.state !== null && rule.states.includes(recipient.state))) &&
    (rule.clientTypes.length === 0 || rule.clientTypes.includes(recipient.clientType));
  const withCfop = ordered.find(
    (rule) => rule.cfops.length > 0 && recipient.cfop !== null && rule.cfops.some((c) => cfopMatches(c, recipient.cfop!)) && fits(rule),
  );
  if (withCfop) return withCfop;
  return ordered.find((rule) => rule.cfops.length === 0 && fits(rule)) ?? null;
}
