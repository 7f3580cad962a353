import { err, ok } from '../../src/result';
import type { RawOptions } from '../../src/ruleset';
import type * as Registry from '../../src/rulesets';
import { cotePbem } from '../../src/rulesets/cote-pbem';
import { wholeOption, yesNo } from '../../src/option-values';
import { ROUNDS_COLUMN } from '../../src/template-columns';

/**
 * A made-up ruleset for tests of what a new ruleset needs no edit for: Conquest of the Empire's
 * rules under the id `toy`, with two options no flag, column or table names (`hitOn`, a number
 * with its help line; `openField`, yes or no, with none), and a template of its own. Each
 * options object its parseOptions reads is kept in `toyOptionsRead`.
 */
export const toyOptionsRead: RawOptions[] = [];

export const toyRuleset = {
  ...cotePbem,
  id: 'toy',
  title: 'Toy',
  optionKeys: [...cotePbem.optionKeys, 'hitOn', 'openField'],
  optionHelp: { hitOn: 'the die a unit hits on, 1 to 6 (default 4)' },
  parseOptions(raw: RawOptions) {
    toyOptionsRead.push(raw);
    const { hitOn, openField, ...rest } = raw;
    const base = cotePbem.parseOptions(rest);
    const hit = wholeOption(hitOn, 'hitOn', 1, 6, 4);
    const open = yesNo(openField, 'openField');
    if (!base.ok) return base;
    if (!hit.ok) return err(hit.error);
    if (!open.ok) return err(open.error);
    return ok({ ...base.value, hitOn: hit.value, openField: open.value });
  },
  template: {
    battleColumns: [
      ROUNDS_COLUMN,
      { header: 'Hit on', width: 7, note: 'The die a unit hits on, 1 to 6 (4).' },
      { header: 'Open field', width: 11, note: 'yes or no.', list: ['yes', 'no'] },
    ],
    battle: { Rules: 'toy', 'Hit on': 5 },
    legions: [
      ['B1', 'Attacker', 'Ann', 'Marcus', 4, 2, 1, ''],
      ['B1', 'Defender', 'Bob', 'Brutus', 5, 1, '', ''],
    ],
  },
};

/**
 * The registry with the toy (and `more` rulesets) appended, for `jest.mock('../src/rulesets', ...)`: its own
 * `findRuleset` and `rulesetIds` read the same array, so every module sees the toy.
 */
export function withToy(actual: typeof Registry, ...more: object[]): typeof Registry {
  (actual.RULESETS as unknown[]).push(toyRuleset, ...more);
  return actual;
}
