import ExcelJS from 'exceljs';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../headless/cli';
import { BattleSpec, validateBattle } from '../src/battle-spec';
import { EXCEL_MAX_TEXT } from '../src/cells';
import { listProblems, MAX_PROBLEMS_LISTED, problemsResult } from '../src/problem-list';
import { parseLegionRoster } from '../src/rulesets/legion-battles/roster';
import { findRuleset } from '../src/rulesets';
import { parseRosterText } from '../src/roster';
import type { Legion } from '../src/forces';
import type { RatedLegion } from '../src/rulesets/legion-battles/units';
import { battle, bufferIo, legion, submission, tempDir } from './helpers/workbooks';

/**
 * A battle's forces checked against its rules name every problem at once, in roster order
 * (attacker first, legion by legion), so that a player fixes them all in one turn; a problem
 * that only follows from another is not named.
 */

/** A legion-battles legion as roster text reads it, its ratings given as data. */
function veteran(): RatedLegion {
  const read = parseLegionRoster('S: veteran century, leader 3/2', 'attacker');
  if (!read.ok) throw new Error(read.error);
  return read.value[0];
}

const errorOf = (spec: BattleSpec): string => {
  const b = validateBattle({ seed: 's', ...spec });
  return b.ok ? 'accepted' : b.error;
};

describe('every problem of the forces, in roster order', () => {
  it('cote-pbem: a legion too large and galleys on land, on both sides', () => {
    expect(
      errorOf({
        attacker: 'Marcus: 4 INF 4 CAV; Titus: 2 INF; Gaius: 1 INF 2 GAL',
        defender: 'Brutus: 3 GAL',
      }),
    ).toBe(
      'battle battle: attacker legion 1 (Marcus): 8 combat units; a legion holds at most 7; ' +
        'attacker legion 3 (Gaius): 2 GAL in a land battle; galleys fight only at sea (set sea); ' +
        'defender legion 1 (Brutus): 3 GAL in a land battle; galleys fight only at sea (set sea)',
    );
  });

  it('cote-pbem: one legion with two problems names both; galleys alone on land only once', () => {
    // Brutus has no combat units because his galleys were meant for sea: one problem, not two.
    expect(errorOf({ attacker: 'Marcus: 5 INF 3 CAT 1 GAL', defender: 'Brutus: 2 GAL' })).toBe(
      'battle battle: attacker legion 1 (Marcus): 8 combat units; a legion holds at most 7; ' +
        'attacker legion 1 (Marcus): 1 GAL in a land battle; galleys fight only at sea (set sea); ' +
        'defender legion 1 (Brutus): 2 GAL in a land battle; galleys fight only at sea (set sea)',
    );
  });

  it('cote-online: too many warriors, none at all, and the fort in a roster', () => {
    expect(
      errorOf({
        rules: 'cote-online',
        attacker: 'Marcus: 4 CAT 4 INF; Titus: 1 GAL',
        defender: 'Brutus: 2 INF; Cassius: 1 INF 1 FORT',
      }),
    ).toBe(
      'battle battle: attacker legion 1 (Marcus): 8 warriors; a legion holds at most 7; ' +
        'attacker legion 2 (Titus): the legion has no warriors (Infantry, Cavalry or Catapult); ' +
        'a legion is a leader and 1 to 7 warriors; a leader must bring at least one warrior to attack; ' +
        "defender legion 2 (Cassius): the fortified city's Artillery is not part of a legion; " +
        'set the fort option instead',
    );
  });

  it("cote-online: a legion of the fort's Artillery alone is named once, as the fort", () => {
    expect(errorOf({ rules: 'cote-online', attacker: '2 INF', defender: 'Brutus: 1 FORT' })).toBe(
      "battle battle: defender legion 1 (Brutus): the fortified city's Artillery is not part of a " +
        'legion; set the fort option instead',
    );
  });

  it('imperium: a type the faction lacks, a fleet with no faction, two factions on a side', () => {
    expect(
      errorOf({
        rules: 'imperium',
        attacker: 'Terran: 1 CR; Marcus: 2 DD',
        defender: 'Imperial: 1 CA; Terran: 1 DD',
      }),
    ).toBe(
      'battle battle: attacker legion 1 (Terran): the Terran faction has no CR (Cruiser); ' +
        'attacker legion 2 (Marcus): name the fleet\'s faction (Terran or Imperial) before its units, e.g. "Terran: 2 DD"; "Marcus" is not one; ' +
        "defender legion 2 (Terran): this fleet is Terran, but the defender's first is Imperial: a side has one faction",
    );
  });

  it("imperium: ships in ground combat on both sides; a fleet's types are not read against a wrong faction", () => {
    expect(
      errorOf({
        rules: 'imperium',
        options: { combat: 'ground' },
        attacker: 'Terran: 1 DD, 2 RT4',
        defender: 'Imperial: 1 CA; Imperial: 1 PD; Terran: 1 CR',
      }),
    ).toBe(
      'battle battle: attacker legion 1 (Terran): DD (Destroyer) is a ship: ships do not fight in ground combat; ' +
        'defender legion 1 (Imperial): CA (Heavy cruiser) is a ship: ships do not fight in ground combat; ' +
        "defender legion 3 (Terran): this fleet is Terran, but the defender's first is Imperial: a side has one faction",
    );
  });

  it('imperium: a side past the cap ends the list there', () => {
    expect(
      errorOf({
        rules: 'imperium',
        attacker: 'Terran: 1 CR; Terran: 301 DD; Terran: 1 CR',
        defender: 'Imperial: 1 CA',
      }),
    ).toBe(
      'battle battle: attacker legion 1 (Terran): the Terran faction has no CR (Cruiser); ' +
        'attacker legion 2 (Terran): 301 DD make the attacker 302 units; a side has at most 300',
    );
  });

  it('fortunes-of-war: an unknown caste, a city too large and a terrain option at odds with it', () => {
    expect(
      errorOf({
        rules: 'fortunes-of-war',
        options: { terrain: 'capital' },
        attacker: 'A: caste tribal; terrain forest',
        defender: 'B; city Ostia: town, population 5000; empire population 4000',
      }),
    ).toBe(
      'battle battle: attacker roster (A): caste "tribal" is not in the castes table (capital 25/50, city 20/60); ' +
        "defender roster (B): the defender's city Ostia has 5000 people, more than its whole empire (4000); " +
        "defender roster (B): the terrain option is capital, but the defender's city Ostia is a town",
    );
  });

  it("fortunes-of-war: a city on the attacker's side and two terrains", () => {
    expect(
      errorOf({
        rules: 'fortunes-of-war',
        attacker: 'A; city Roma: town',
        defender: 'B: caste tribal; terrain mountain',
      }),
    ).toBe(
      "battle battle: attacker roster (A): the city Roma is given to the attacker; a city in the hex is the defender's; " +
        'defender roster (B): caste "tribal" is not in the castes table (capital 25/50, city 20/60); ' +
        'defender roster (B): the sides give different terrains (mountain, and town at attacker roster (A)): give one, or the terrain option',
    );
  });

  it("fortunes-of-war: a side of two armies is named, and the other side's problems too", () => {
    expect(
      errorOf({
        rules: 'fortunes-of-war',
        attacker: 'A: caste tribal',
        defender: [
          { leader: 'B', units: {}, where: 'Armies!A3' },
          { leader: 'C', units: {}, where: 'Armies!A4' },
        ],
      }),
    ).toBe(
      'battle battle: attacker roster (A): caste "tribal" is not in the castes table (capital 25/50, city 20/60); ' +
        'Armies!A4: defender: a fortunes-of-war side is one army or leader in the hex, not 2 (also Armies!A3)',
    );
  });

  it('legion-battles: a legion of two units and bad ratings, on both sides', () => {
    const unit = veteran();
    const rated = (where: string, units: Record<string, number>, edit = {}) => ({
      ...unit,
      where,
      units,
      unit: { ...unit.unit, ...edit },
    });
    expect(
      errorOf({
        rules: 'legion-battles',
        attacker: [
          rated('Units!A2', { VET: 2 }),
          rated('Units!A3', { VET: 1 }),
          rated('Units!A4', { VET: 1 }, { quality: 'raw' }),
        ],
        defender: [rated('Units!A5', { VET: 1 }, { arrows: -1 })],
      }),
    ).toBe(
      'battle battle: Units!A2: a legion-battles unit is one unit (veteran, trained or raw), not 2; ' +
        'Units!A4: unit.quality is "raw", but the legion\'s unit is VET; ' +
        'Units!A5: unit.arrows is -1, expected a whole number from 0 to 99',
    );
  });

  it('legion-battles: the quality of a legion that is not one unit is not compared with it', () => {
    const unit = veteran();
    expect(
      errorOf({
        rules: 'legion-battles',
        attacker: [{ ...unit, where: 'Units!A2', units: { RAW: 1, VET: 1 } }],
        defender: 'trained levy',
      }),
    ).toBe(
      'battle battle: Units!A2: a legion-battles unit is one unit (veteran, trained or raw), not 2',
    );
  });

  it('a side past the size limit is the one problem named', () => {
    expect(errorOf({ attacker: 'Marcus: 8 INF; Titus: 1000 INF', defender: '1 GAL' })).toBe(
      'battle battle: attacker legion 2 (Titus): the attacker has 1008 units; a side has at most 1000',
    );
  });
});

describe('at most five problems, then how many more', () => {
  it('a battle with seven legions too large lists five and "and 2 more"', () => {
    const seven = Array.from({ length: 7 }, (_, i) => `L${i + 1}: 8 INF`).join('; ');
    expect(errorOf({ attacker: seven, defender: '1 INF' })).toBe(
      'battle battle: ' +
        [1, 2, 3, 4, 5]
          .map((i) => `attacker legion ${i} (L${i}): 8 combat units; a legion holds at most 7`)
          .join('; ') +
        '; and 2 more',
    );
  });

  it('listProblems: in the order given, capped by count and by what a cell holds', () => {
    expect(listProblems(['a'])).toBe('a');
    expect(listProblems(['b', 'a'])).toBe('b; a');
    const eight = Array.from({ length: 8 }, (_, i) => `p${i}`);
    expect(listProblems(eight)).toBe('p0; p1; p2; p3; p4; and 3 more');
    expect(MAX_PROBLEMS_LISTED).toBe(5);
    const long = Array.from({ length: 4 }, (_, i) => `${i}${'x'.repeat(12_000)}`);
    const text = listProblems(long);
    expect(text.length).toBeLessThanOrEqual(EXCEL_MAX_TEXT);
    expect(text).toMatch(/^0x+; 1x+; and 2 more$/);
  });

  it('problemsResult: ok with none, else one error', () => {
    expect(problemsResult([])).toEqual({ ok: true, value: true });
    expect(problemsResult(['a', 'b'])).toEqual({ ok: false, error: 'a; b' });
  });
});

describe('praetor adjudicate', () => {
  it("writes every forces problem of a battle in its Results error cell and the batch's list", async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'turn.xlsx'),
      await submission(
        [battle('B1', { Seed: 's' }), battle('B2', { Seed: 's' })],
        [
          legion('B1', 'Attacker', 'A', 2),
          legion('B1', 'Defender', 'D', 2),
          legion('B2', 'Attacker', 'M', 5, 2, 1),
          legion('B2', 'Attacker', 'T', 2),
          legion('B2', 'Defender', 'D', 2, '', '', 1),
        ],
      ),
    );
    const io = bufferIo();
    expect(await main(['adjudicate', join(dir, 'turn.xlsx'), '--jobs', '1'], io)).toBe(1);
    const expected =
      'battle B2: attacker legion at Legions!E4 (M, player Ann): 8 combat units; a legion holds at most 7; ' +
      'defender legion at Legions!E6 (D, player Ann): 1 GAL in a land battle; galleys fight only at sea (set sea)';
    expect(io.stdout()).toContain(`${join(dir, 'turn.xlsx')}: ${expected}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(dir, 'turn.praetor.xlsx'));
    const results = wb.getWorksheet('Results')!;
    const errorCol = (results.getRow(1).values as unknown[]).indexOf('Error');
    expect(results.getRow(2).getCell(3).value).not.toBe('error');
    expect(results.getRow(3).getCell(1).value).toBe('B2');
    expect(results.getRow(3).getCell(errorCol).value).toBe(expected);
  });
});

describe('a battle with bad cells names its good legions’ own problems too', () => {
  const errors = async (
    battles: Parameters<typeof submission>[0],
    legions: Parameters<typeof submission>[1],
  ) => {
    const dir = tempDir();
    writeFileSync(join(dir, 'turn.xlsx'), await submission(battles, legions));
    const io = bufferIo();
    expect(await main(['adjudicate', join(dir, 'turn.xlsx'), '--jobs', '1', '--json'], io)).toBe(1);
    const [file] = JSON.parse(io.stdout()).files;
    return Object.fromEntries(
      file.results.map((r: { id: string; error: string | null }) => [r.id, r.error]),
    );
  };

  it('cote-pbem: a count that is not a number, a legion of 8 and galleys on land, in one error', async () => {
    const got = await errors(
      [battle('B1', { Seed: 's' })],
      [
        legion('B1', 'Defender', 'D', 2, '', '', 1),
        legion('B1', 'Attacker', 'M', 5, 2, 1),
        legion('B1', 'Attacker', 'T', 'x'),
      ],
    );
    // The bad cell first, then the legions' own problems in roster order: attacker, defender.
    expect(got.B1).toBe(
      'Legions!E4: "x" is not a count (a whole number, 0 or more); ' +
        'attacker legion at Legions!E3 (M, player Ann): 8 combat units; a legion holds at most 7; ' +
        'defender legion at Legions!E2 (D, player Ann): 1 GAL in a land battle; galleys fight only at sea (set sea)',
    );
  });

  it("waits for a bad Battles row (the problems depend on its options), and never names a side's problems", async () => {
    const got = await errors(
      [battle('B1', { Seed: 's', Fort: 'maybe' }), battle('B2', { Seed: 's' })],
      [
        legion('B1', 'Attacker', 'M', 5, 2, 1),
        legion('B1', 'Defender', 'D', 'x'),
        legion('B2', 'Attacker', 'M', 2),
        // B2's only defender row is bad: "no defender" is not said, since that row is one.
        legion('B2', 'Defender', 'D', -1),
      ],
    );
    expect(got.B1).toMatch(/^Battles!E2: .*maybe.*; Legions!E3: "x" is not a count/);
    expect(got.B1).not.toContain('8 combat units');
    expect(got.B2).toBe('Legions!E5: -1: a count cannot be negative');
  });

  it('a side past its limit in the rows read well is the one problem, as checkForces names it', async () => {
    const got = await errors(
      [battle('B1', { Seed: 's' })],
      [
        ...Array.from({ length: 11 }, () => legion('B1', 'Attacker', 'M', 99)),
        legion('B1', 'Defender', 'D', 'x'),
      ],
    );
    // 10 legions of 99 are 990 units; the 11th (row 12) takes the attacker to 1,089.
    expect(got.B1).toBe(
      'Legions!E13: "x" is not a count (a whole number, 0 or more); ' +
        'attacker legion at Legions!E12 (M, player Ann): the attacker has 1089 units; a side has at most 1000',
    );
  });

  it('cote-online names its legions too', async () => {
    const got = await errors(
      [battle('O1', { Seed: 's', Rules: 'cote-online' })],
      [legion('O1', 'Attacker', 'M', 6, 2), legion('O1', 'Defender', 'D', 'x')],
    );
    expect(got.O1).toBe(
      'Legions!E3: "x" is not a count (a whole number, 0 or more); ' +
        'attacker legion at Legions!E2 (M, player Ann): 8 warriors; a legion holds at most 7',
    );
  });

  it.each([
    ['cote-pbem', '8 INF 1 GAL; 0 CAV', '2 INF 1 GAL; 3 CAV'],
    ['cote-online', '9 INF; 1 FORT', '0 INF; 2 CAV'],
  ])(
    '%s: checkLegion gives what checkForces lists, legion by legion',
    (rules, attacker, defender) => {
      const ruleset = findRuleset(rules)!;
      const spec = { seed: 's', rules, attacker, defender };
      const options = ruleset.parseOptions({});
      if (!options.ok) throw new Error(options.error);
      const forces = {
        attacker: parseRosterText(attacker, 'attacker', ruleset.units),
        defender: parseRosterText(defender, 'defender', ruleset.units),
      };
      if (!forces.attacker.ok || !forces.defender.ok) throw new Error('roster');
      const own = (['attacker', 'defender'] as const).flatMap((side) =>
        (forces[side] as { ok: true; value: Legion[] }).value.flatMap((l) =>
          ruleset.checkLegion!(l, side, options.value),
        ),
      );
      expect(own.length).toBeGreaterThan(1);
      expect(errorOf(spec)).toBe(`battle battle: ${listProblems(own)}`);
    },
  );

  it('legion-battles: checkLegion gives what checkForces lists', () => {
    const ruleset = findRuleset('legion-battles')!;
    const two = { ...veteran(), units: { VET: 2 } };
    const spec = { seed: 's', rules: 'legion-battles', attacker: [two], defender: [veteran()] };
    expect(ruleset.checkLegion!(veteran(), 'defender', {})).toEqual([]);
    const own = ruleset.checkLegion!(two, 'attacker', {});
    expect(own).toHaveLength(1);
    expect(errorOf(spec as BattleSpec)).toBe(`battle battle: ${own[0]}`);
  });
});

describe('verify and a workbook adjudicated before bad cells came with their legions’ problems', () => {
  it('takes Results naming the bad cells alone, with a note; any other Error is a mismatch', async () => {
    const dir = tempDir();
    const input = join(dir, 'turn.xlsx');
    writeFileSync(
      input,
      await submission(
        [battle('B1', { Seed: 's' }), battle('B2', { Seed: 's' })],
        [
          legion('B1', 'Attacker', 'M', 5, 2, 1),
          legion('B1', 'Defender', 'D', 'x'),
          legion('B2', 'Attacker', 'M', 2),
          legion('B2', 'Defender', 'D', 2),
        ],
      ),
    );
    expect(await main(['adjudicate', input, '--jobs', '1'], bufferIo())).toBe(1);
    const output = join(dir, 'turn.praetor.xlsx');
    const setError = async (text: string, winnerOfB2?: string) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(output);
      const results = wb.getWorksheet('Results')!;
      const header = results.getRow(1).values as unknown[];
      const col = header.indexOf('Error');
      expect(String(results.getRow(2).getCell(col).value)).toContain('8 combat units');
      results.getRow(2).getCell(col).value = text;
      if (winnerOfB2) results.getRow(3).getCell(header.indexOf('Winner')).value = winnerOfB2;
      const file = join(dir, `${text.length}-${winnerOfB2 ?? ''}.praetor.xlsx`);
      await wb.xlsx.writeFile(file);
      return file;
    };
    const verify = async (file: string) => {
      const io = bufferIo();
      return { code: await main(['verify', file], io), out: io.stdout() };
    };
    const older = await verify(
      await setError('Legions!E3: "x" is not a count (a whole number, 0 or more)'),
    );
    expect(older.code).toBe(0);
    expect(older.out).toContain(
      'note: Results name only the bad cells of a battle whose legions broke the rules too (written before Praetor named both): compared so',
    );
    // Another battle's row changed as well: that row is the one mismatch, B1's is still taken.
    const both = await verify(
      await setError('Legions!E3: "x" is not a count (a whole number, 0 or more)', 'nobody'),
    );
    expect(both.code).toBe(1);
    expect(both.out.match(/^MISMATCH .*$/gm)).toEqual([
      expect.stringMatching(/^MISMATCH battle B2: Results!\w+3: Results say Winner "nobody"/),
    ]);
    expect(both.out).toContain('note: Results name only the bad cells');
    const other = await verify(await setError('Legions!E3: something else'));
    expect(other.code).toBe(1);
    expect(other.out).toContain('MISMATCH');
    expect((await verify(output)).out).not.toContain('note:');
  }, 60000);
});
