import { SOURCE_KEYS, type ResolvedTaxFields, type TaxField, type TaxLevel } from "./tax-fields";
import type { ItemTaxSources } from "./tax-shapes";

/**
 * Field by field, the first level holding a value wins (api.md, Tax
 * resolution order: item → tax rule → product → template → company, then our
 * documented built-in defaults). Levels are passed in that order.
 */
export function resolveTaxFields(levels: TaxLevel[]): { fields: ResolvedTaxFields; sources: ItemTaxSources } {
  const fields: Record<string, unknown> = {};
  const sources: ItemTaxSources = {};
  for (const field of Object.keys(SOURCE_KEYS) as TaxField[]) {
    for (const level of levels) {
      const value = level.values[field];
      if (value === undefined || value === null || value === "") continue;
      fields[field] = value;
      sources[SOURCE_KEYS[field]] = level.source;
      break;
    }
  }
  return { fields: fields as ResolvedTaxFields, sources };
}
