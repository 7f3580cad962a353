import { ColumnWords, NOTE_COLUMNS } from './columns';
import { optionFlagName } from './option-flag';
import { AnyRuleset } from './ruleset';
import { RULESETS } from './rulesets';

/** An option's Battles header, lower case: `hitOn` is `hit on` (the template's `Hit on`). */
export const optionColumnWord = (key: string): string =>
  optionFlagName(key).split('-').filter(Boolean).join(' ');

/**
 * The Battles columns of the rulesets' options that no column of `fixed` gives (nor Readings,
 * for the keys a ruleset reads there), each by its option key, named after it: a new ruleset's
 * options need no column written for them. An option whose word a fixed column or a notes
 * column already has gets none: the fixed column keeps its word.
 */
export function optionColumns(
  fixed: ColumnWords<string>,
  rulesets: readonly AnyRuleset[] = RULESETS,
): ColumnWords<string> {
  const taken = new Set<string>([...Object.values(fixed).flat(), ...NOTE_COLUMNS]);
  // No prototype: an option named `__proto__` or `constructor` is a key like any other.
  const columns = Object.create(null) as Record<string, readonly string[]>;
  for (const r of rulesets) {
    for (const key of r.optionKeys) {
      const word = optionColumnWord(key);
      if (Object.hasOwn(fixed, key) || r.readingKeys?.includes(key) || taken.has(word)) continue;
      columns[key] = [word];
      taken.add(word);
    }
  }
  return columns;
}
