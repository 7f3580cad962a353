import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findRuleset, rulesetIds } from '../src/rulesets';
import { failure } from './helpers/battle';
import { praetor } from './helpers/cli';
import { tempDir } from './helpers/workbooks';

/** A battle object's field misspelled (`battle --input`): the name it likely meant, if one. */

const BASE = { attacker: '3 INF', defender: '2 INF', seed: 's' };
const LISTS = "a battle's own fields are id, rules, attacker, defender, seed, dice";

describe('an unknown field of a battle object', () => {
  it.each([
    ['a battle field', { attackr: '3 INF' }, 'unknown field "attackr": did you mean "attacker"?'],
    ['an option', { fortt: 1 }, 'unknown field "fortt": did you mean "fort"?'],
    [
      'an option, camelCase',
      { brechBy: 'cat' },
      'unknown field "brechBy": did you mean "breachBy"?',
    ],
    [
      'several',
      { fortt: 1, sede: 'x' },
      'unknown fields "fortt", "sede": did you mean "fort", "seed"?',
    ],
  ])('%s: named with the name it likely meant, last', (_what, slips, hint) => {
    expect(failure({ ...BASE, ...slips })).toMatch(new RegExp(`; ${LISTS}; ${escape(hint)}$`));
  });

  it('hints only at the fields the ruleset refuses: not one it ignores blank, nor another case', () => {
    const imperium = { ...BASE, rules: 'imperium', attacker: '1 DD', defender: '1 DD' };
    expect(failure({ ...imperium, combt: '', rangee: 'long' })).toMatch(
      new RegExp(`; ${LISTS}; ${escape('unknown field "rangee": did you mean "range"?')}$`),
    );
    const fow = {
      ...BASE,
      rules: 'fortunes-of-war',
      attacker: 'A: attack 5',
      defender: 'B: attack 5',
    };
    expect(failure({ ...fow, MeleeRounds: 5, terain: 'forest' })).toMatch(
      new RegExp(`; ${LISTS}; ${escape('unknown field "terain": did you mean "terrain"?')}$`),
    );
  });

  it("an option of this ruleset, not another's: cote-online has mode, fort and rounds", () => {
    expect(failure({ ...BASE, rules: 'cote-online', mdoe: 'hit-and-run' })).toBe(
      `battle battle: unknown option "mdoe" for cote-online (known: mode, fort, rounds); ${LISTS}; unknown field "mdoe": did you mean "mode"?`,
    );
    // breachBy is cote-pbem's: no name of cote-online is near it.
    expect(failure({ ...BASE, rules: 'cote-online', brechBy: 'cat' })).toMatch(
      new RegExp(`; ${LISTS}$`),
    );
  });

  it('no hint for a field near no name, or as near two', () => {
    expect(failure({ ...BASE, colour: 'red' })).toMatch(new RegExp(`; ${LISTS}$`));
    // Two letters from both meetBase and meetStep, fortunes-of-war's.
    const legion = 'attack 6, defence 5, health 20, morale 15, discipline 18';
    const fow = { rules: 'fortunes-of-war', attacker: legion, defender: legion, seed: 's' };
    expect(failure({ ...fow, meetBaep: 1 })).toMatch(new RegExp(`; ${LISTS}$`));
    expect(failure({ ...fow, meetSase: 1 })).toMatch(
      /unknown field "meetSase": did you mean "meetBase"\?$/,
    );
  });

  it('praetor battle --input says it', async () => {
    const input = join(tempDir(), 'battles.json');
    writeFileSync(input, JSON.stringify([{ attackr: '3 INF', defender: '2 INF', seed: 's' }]));
    const r = await praetor('battle', '--input', input);
    expect(r.code).toBe(1);
    expect(r.out + r.err).toContain('unknown field "attackr": did you mean "attacker"?');
    expect(r.out + r.err).not.toContain('did you mean "attackr"');
  });
});

describe("a ruleset's optionKeys", () => {
  it.each(rulesetIds())('are the options %s lists as known', (id) => {
    const ruleset = findRuleset(id)!;
    const unknown = ruleset.parseOptions({ zzz: 1 });
    expect(unknown).toEqual({
      ok: false,
      error: expect.stringContaining(`(known: ${ruleset.optionKeys.join(', ')})`),
    });
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
