import { validateBattle } from '../src/battle-spec';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  FOW_DEFAULTS,
  FOW_NUMBERS,
  parseFowOptions,
  WHOSE,
} from '../src/rulesets/fortunes-of-war/options';
import { parseFowRoster } from '../src/rulesets/fortunes-of-war/roster';
import { formatFowRoster } from '../src/rulesets/fortunes-of-war/roster-text';
import { defaultArmy, defaultLeader } from '../src/rulesets/fortunes-of-war/units';

const side = (text: string) => {
  const r = parseFowRoster(text, 'attacker');
  if (!r.ok) throw new Error(r.error);
  return r.value[0];
};
const problem = (text: string) => {
  const r = parseFowRoster(text, 'defender');
  if (r.ok) throw new Error('expected an error');
  return r.error;
};

/** A battle's validation: 'ok', or its error. */
const check = (attacker: string, defender: string, more: Record<string, unknown> = {}) => {
  const b = validateBattle({
    rules: 'fortunes-of-war',
    attacker,
    defender,
    seed: 'x',
    options: more,
  });
  return b.ok ? 'ok' : b.error;
};

describe('fortunes-of-war rosters', () => {
  it('reads an army, its leader, the city and the empire from text', () => {
    const legion = side(
      'Legio X: attack 6, defence 5, missile 2, health 14/20, morale 15, discipline 18, experience 5, forester, caste capital;\n' +
        'leader Thorvald: hero, leadership 2, melee 4, stealth 2, health 4, experience 20; ' +
        'city Lutetia: capital, population 25_000; treasury 800; empire population 100000; ' +
        'empire: Legion capital 18, Numidian cavalry city 12',
    );
    expect(legion.leader).toBe('Thorvald');
    expect(legion.units).toEqual({ HP: 14, LDR: 1 });
    expect(legion.fow).toEqual({
      army: {
        name: 'Legio X',
        attack: 6,
        defence: 5,
        missile: 2,
        health: 14,
        maxHealth: 20,
        morale: 15,
        discipline: 18,
        experience: 5,
        specials: ['forester'],
        caste: 'capital',
      },
      leader: {
        name: 'Thorvald',
        rank: 'hero',
        leadership: 2,
        melee: 4,
        stealth: 2,
        health: 4,
        experience: 20,
      },
      terrain: 'capital',
      city: { name: 'Lutetia', class: 'capital', population: 25000 },
      treasury: 800,
      empirePopulation: 100000,
      empire: [
        { name: 'Legion', caste: 'capital', discipline: 18 },
        { name: 'Numidian cavalry', caste: 'city', discipline: 12 },
      ],
    });
  });

  it('fills what is not given with the defaults, and reads an unescorted leader', () => {
    expect(side('Levy').fow!.army).toEqual(defaultArmy('Levy'));
    expect(side('attack 3').fow!.army).toEqual({ ...defaultArmy('attacker army'), attack: 3 });
    expect(side('health 20').fow!.army).toMatchObject({ health: 20, maxHealth: 20 });
    const alone = side('leader Waldo: melee 1, stealth 2');
    expect(alone.fow!.army).toBeNull();
    expect(alone.fow!.leader).toEqual({ ...defaultLeader('Waldo'), melee: 1, stealth: 2 });
    expect(alone.units).toEqual({ LDR: 1 });
    expect(side('Fleet; at sea').fow!.terrain).toBe('sea');
    expect(side('army City Guard: attack 4').fow!.army).toMatchObject({
      name: 'City Guard',
      attack: 4,
    });
    expect(side('Guard; city Roma').fow!.city).toEqual({
      name: 'Roma',
      class: 'city',
      population: 0,
    });
    expect(side('Fleet: siege, fear').fow!.army!.specials).toEqual(['siege weapons', 'cause fear']);
  });

  it('reads the same side from JSON', () => {
    const json = side(
      JSON.stringify({
        army: { name: 'Legio X', attack: 6, health: 14, maxHealth: 20, specials: ['forester'] },
        leader: { name: 'Thorvald', rank: 'hero', melee: 4 },
        terrain: 'forest',
        empire: [{ name: 'Legion', caste: 'capital', discipline: 18 }],
      }),
    );
    const text = side(
      'Legio X: attack 6, health 14/20, forester; leader Thorvald: hero, melee 4; terrain forest; empire: Legion capital 18',
    );
    expect(json).toEqual(text);
  });

  it('says what is wrong', () => {
    expect(problem('A: attack 6, flying')).toMatch(
      /^defender: army A: "flying" is not an army rating/,
    );
    expect(problem('A: morale 0')).toBe(
      'defender: army A: morale 0: expected a whole number from 1 to 20',
    );
    expect(problem('A: health 21/20')).toBe(
      'defender: army A: health 21: expected a whole number from 1 to 20',
    );
    expect(problem('leader L: king')).toMatch(/^defender: leader L: "king" is not a leader rating/);
    // A rating given twice would let the last one win, unseen.
    expect(problem('A: attack 6, defence 5, Attack  9')).toBe(
      'defender: army A: attack is given twice: give each rating once',
    );
    expect(problem('A: health 14/20, health 20')).toBe(
      'defender: army A: health is given twice: give each rating once',
    );
    expect(problem('A: attack 6; leader L: hero, melee 4, melee 2')).toBe(
      'defender: leader L: melee is given twice: give each rating once',
    );
    expect(problem('A; B')).toMatch(/^defender: "B": a side has one army/);
    expect(problem('leader L; leader M')).toBe('defender: two leaders: a side has at most one');
    expect(problem('A; terrain swamp')).toMatch(/^defender: terrain "swamp"/);
    expect(problem('A; empire: Legion 18')).toMatch(
      /^defender: empire unit "Legion 18": NAME CASTE DISCIPLINE/,
    );
    expect(problem('A; city Rome: capital; terrain forest')).toBe(
      'defender: the city Rome is a capital, but the terrain is forest',
    );
    expect(problem('{"army": {"attack": 6}, "horses": 3}')).toMatch(
      /^defender: unknown field "horses"/,
    );
    expect(problem('{"army": ')).toMatch(/^defender: not valid JSON/);
    // Past 2^53 a double would silently change the number.
    expect(problem('A; treasury 12345678901234567890')).toBe(
      'defender: treasury "12345678901234567890": a whole number of gold, 0 or more',
    );
    expect(problem('treasury 10')).toBe(
      'defender: no army and no leader: a side needs one or both',
    );
  });

  it('refuses two sides that disagree on the terrain, and a caste not in the table', () => {
    expect(check('A; terrain forest', 'B; terrain mountain')).toBe(
      'battle battle: defender roster (B): the sides give different terrains (mountain, and forest at attacker roster (A)): give one, or the terrain option',
    );
    expect(check('A; terrain forest', 'B; terrain mountain', { terrain: 'clear' })).toBe('ok');
    expect(check('A: caste tribal', 'B')).toMatch(/caste "tribal" is not in the castes table/);
    expect(check('A: caste tribal', 'B', { castes: 'tribal 30/70, city 20/60' })).toBe('ok');
  });

  it("refuses a city on the attacker's side, and a terrain option that renames the city's class", () => {
    expect(check('A; city Roma: town', 'B')).toBe(
      "battle battle: attacker roster (A): the city Roma is given to the attacker; a city in the hex is the defender's",
    );
    expect(check('A', 'B; city Roma: town', { terrain: 'capital' })).toBe(
      "battle battle: defender roster (B): the terrain option is capital, but the defender's city Roma is a town",
    );
    // The option may move the fight out of the city: then no bonus and no capture.
    expect(check('A', 'B; city Roma: town', { terrain: 'forest' })).toBe('ok');
    expect(check('A', 'B; city Roma: town', { terrain: 'town' })).toBe('ok');
    expect(check('A', 'B; city Roma: town, population 5000; empire population 4000')).toBe(
      "battle battle: defender roster (B): the defender's city Roma has 5000 people, more than its whole empire (4000)",
    );
  });

  it('names a JSON field that is not text or a number, never as [object Object]', () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { army: { name: 'A', morale: {} } },
        'defender: army A: army.morale is {}: expected text or a number',
      ],
      [{ army: { name: {}, attack: 3 } }, 'defender: army.name is {}: expected text or a number'],
      [
        { army: { name: 'A', specials: [[]] } },
        'defender: army A: army.specials[0] is []: expected text or a number',
      ],
      [
        { leader: { name: 'L', rank: {} } },
        'defender: leader L: leader.rank is {}: expected text or a number',
      ],
      [{ army: { name: 'A' }, terrain: {} }, 'defender: terrain is {}: expected text or a number'],
      [
        { army: { name: 'A' }, city: { name: 'x', class: [] } },
        'defender: city.class is []: expected text or a number',
      ],
      [
        { army: { name: 'A' }, empire: [{ name: 'L' }] },
        'defender: empire[0].caste is missing: expected text or a number',
      ],
    ];
    for (const [json, message] of cases) expect(problem(JSON.stringify(json))).toBe(message);
  });

  it('writes an error on one line, whatever line breaks the roster holds', () => {
    expect(problem('Legio\rX: attack 999')).toBe(
      'defender: army Legio\\rX: attack 999: expected a whole number from 0 to 99',
    );
    expect(problem('{\n"army": }')).toMatch(/^defender: not valid JSON \([^\n\r]*\)$/);
  });

  it('reads JSON city and empire names that hold ":" or ",", and writes them back', () => {
    const json = JSON.stringify({
      army: { name: 'Guard: the Old' },
      city: { name: 'Alesia: oppidum', class: 'town', population: 800 },
      empire: [{ name: 'Legion, the Tenth', caste: 'capital', discipline: 18 }],
    });
    const legion = side(json);
    expect(legion.fow!.city).toEqual({ name: 'Alesia: oppidum', class: 'town', population: 800 });
    expect(legion.fow!.empire).toEqual([
      { name: 'Legion, the Tenth', caste: 'capital', discipline: 18 },
    ]);
    expect(side(formatFowRoster([legion]))).toEqual(legion);
  });
});

describe('fortunes-of-war options', () => {
  const parse = (raw: Record<string, unknown>) => {
    const r = parseFowOptions(raw);
    return r.ok ? r.value : r.error;
  };

  it('defaults to the spec and takes readings in any case, fields first', () => {
    expect(parse({})).toEqual(FOW_DEFAULTS);
    expect(parse({ readings: 'MELEEROUNDS=4; cityDefence: 5' })).toMatchObject({
      meleeRounds: 4,
      cityDefence: 5,
    });
    expect(parse({ meleeRounds: 7, readings: 'meleeRounds=4' })).toMatchObject({ meleeRounds: 7 });
    expect(parse({ castes: 'Capital 30/55 , tribal 10/90' })).toMatchObject({
      castes: 'capital 30/55, tribal 10/90',
    });
    expect(parse({ terrain: 'Mountains' })).toMatchObject({ terrain: 'mountain' });
  });

  it('refuses what it cannot read', () => {
    expect(parse({ readings: 'meleeRounds=0' })).toBe(
      'meleeRounds is "0": expected a whole number from 1 to 1000',
    );
    expect(parse({ readings: 'meetBase' })).toBe('readings: "meetBase" is not key=value');
    expect(parse({ readings: 'wings=2' })).toMatch(/^unknown option "wings" for fortunes-of-war/);
    expect(parse({ castes: 'capital 25' })).toBe(
      'castes: "capital 25" is not "caste base/total" (e.g. "capital 25/50")',
    );
    expect(parse({ terrain: 'swamp' })).toMatch(/^terrain is "swamp": expected clear, forest/);
    expect(parse({ rounds: 0 })).toMatch(/^rounds is "0"/);
    // A one-faced duel die: two leaders of equal melee would tie for ever.
    expect(parse({ readings: 'duelDie=1' })).toBe(
      'duelDie is "1": expected a whole number from 2 to 1000',
    );
    expect(parse({ readings: 'duelDie=2' })).toMatchObject({ duelDie: 2 });
  });

  it('are documented with their defaults and whose they are', () => {
    const doc = readFileSync(join(__dirname, '..', 'docs', 'rules-fortunes-of-war.md'), 'utf8');
    const table = new Map<string, { defaults: string[]; whose: string }>();
    for (const line of doc.split('\n')) {
      const m = /^\| ((?:`\w+`(?:, )?)+)\s*\| ([^|]+?)\s*\| (\w*)\s*\|/.exec(line);
      if (!m) continue;
      const keys = m[1].match(/\w+/g)!;
      const defaults = m[2].split(', ');
      keys.forEach((k, i) => table.set(k, { defaults: [defaults[i] ?? defaults[0]], whose: m[3] }));
    }
    for (const key of Object.keys(FOW_NUMBERS) as (keyof typeof FOW_NUMBERS)[]) {
      expect({ key, ...table.get(key) }).toEqual({
        key,
        defaults: [String(FOW_NUMBERS[key])],
        whose: WHOSE[key],
      });
    }
  });
});
