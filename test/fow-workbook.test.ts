import ExcelJS from 'exceljs';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFowRoster } from '../src/rulesets/fortunes-of-war/roster';
import { FowLegion } from '../src/rulesets/fortunes-of-war/units';
import { adjudicateSubmission } from '../src/adjudicate';
import { resultsSheet } from '../src/results-sheet';
import { readSubmission } from '../src/submission';
import { resolveAll } from '../taskpane/actions';
import { connectExcel } from '../taskpane/excel';
import { verifyAll } from '../taskpane/verify';
import { BATTLES_HEADER, LEGIONS_HEADER, tempDir, ARMIES_HEADER } from './helpers/workbooks';
import { SimWorkbook } from './sim/model';
import { installSim, removeSim } from './sim/office';
import { run } from './helpers/cli';

jest.setTimeout(60_000);

/** An Armies row from the columns given by header name. */
const armyRow = (battle: string, side: string, cols: Record<string, unknown>) =>
  ARMIES_HEADER.map((h, i) => (i === 0 ? battle : i === 1 ? side : (cols[h] ?? '')));

const table = (sheet: string, cells: unknown[][]) => ({ cells, origin: { sheet, row: 0, col: 0 } });

const rosterSpec = (text: string) => {
  const r = parseFowRoster(text, 'attacker');
  if (!r.ok) throw new Error(r.error);
  return r.value[0].fow;
};

const LEGIO = {
  Army: 'Legio X',
  Attack: 6,
  Defence: 5,
  Missile: 2,
  Health: 14,
  'Max health': 20,
  Morale: 15,
  Discipline: 18,
  Experience: 5,
  Specials: 'forester, siege weapons',
  Caste: 'capital',
  Leader: 'Thorvald',
  Rank: 'hero',
  Leadership: 2,
  Melee: 4,
  Stealth: 2,
  'Leader experience': 20,
};
const GAULS = {
  Army: 'Gauls',
  Attack: 5,
  Defence: 4,
  Health: 18,
  Morale: 8,
  Discipline: 6,
  Leader: 'Vercix',
  Rank: 'ruler',
  Melee: 3,
  Stealth: 3,
  'Leader health': 2,
  City: 'Alesia',
  'City class': 'city',
  Population: 25000,
  Treasury: 800,
  'Empire population': 100000,
  Empire: 'Legion capital 18, Numidian cavalry city 12',
};

const battlesTable = (rules = 'fortunes-of-war') =>
  table('Battles', [
    ['Battle', 'Rules', 'Readings'],
    ['Alesia', rules, rules === 'fortunes-of-war' ? 'cityDefence=3' : ''],
  ]);

describe('fortunes-of-war Armies in a submission workbook', () => {
  it('reads each row into the side its roster text gives', () => {
    const s = readSubmission(battlesTable(), table('Legions', [LEGIONS_HEADER]), {
      armies: table('Armies', [
        ARMIES_HEADER,
        armyRow('Alesia', 'Attacker', LEGIO),
        armyRow('alesia', 'Defender', GAULS),
      ]),
    });
    expect(s.problems).toEqual([]);
    expect(s.warnings).toEqual([]);
    const spec = s.entries[0].spec!;
    expect(spec.options).toEqual({ readings: 'cityDefence=3' });
    const [attacker] = spec.attacker as FowLegion[];
    expect(attacker).toMatchObject({ leader: 'Thorvald', units: { HP: 14, LDR: 1 } });
    expect(attacker.where).toBe('attacker row at Armies!A2 (Thorvald)');
    expect(attacker.fow).toEqual(
      rosterSpec(
        'Legio X: attack 6, defence 5, missile 2, health 14/20, morale 15, discipline 18, experience 5, forester, siege weapons, caste capital; leader Thorvald: hero, leadership 2, melee 4, stealth 2, experience 20',
      ),
    );
    const [defender] = spec.defender as FowLegion[];
    expect(defender.fow).toEqual(
      rosterSpec(
        'Gauls: attack 5, defence 4, health 18, morale 8, discipline 6; leader Vercix: ruler, melee 3, stealth 3, health 2; city Alesia: city, population 25000; treasury 800; empire population 100000; empire: Legion capital 18, Numidian cavalry city 12',
      ),
    );
    expect(s.entries[0].seedDerived).toBe(true);
  });

  it('reads ratings typed as text as their numbers (3.0, +3)', () => {
    const typed = { ...LEGIO, Attack: ' 6.0 ', Defence: '+5', Health: '14', Melee: '4.0' };
    const read = (legio: Record<string, unknown>) =>
      readSubmission(battlesTable(), table('Legions', [LEGIONS_HEADER]), {
        armies: table('Armies', [
          ARMIES_HEADER,
          armyRow('Alesia', 'Attacker', legio),
          armyRow('Alesia', 'Defender', GAULS),
        ]),
      }).entries[0];
    const entry = read(typed);
    expect(entry.error).toBeNull();
    expect((entry.spec!.attacker as FowLegion[])[0].fow).toEqual(
      (read(LEGIO).spec!.attacker as FowLegion[])[0].fow,
    );
  });

  it('reads Health, Max health and the counts typed as text as their numbers (14.0, +25000)', () => {
    const read = (legio: Record<string, unknown>, gauls: Record<string, unknown>) =>
      readSubmission(battlesTable(), table('Legions', [LEGIONS_HEADER]), {
        armies: table('Armies', [
          ARMIES_HEADER,
          armyRow('Alesia', 'Attacker', legio),
          armyRow('Alesia', 'Defender', gauls),
        ]),
      }).entries[0];
    const typed = read(
      { ...LEGIO, Health: '+14', 'Max health': '20.0' },
      {
        ...GAULS,
        Health: ' 18.0 ',
        Population: '+25000',
        Treasury: '800.0',
        'Empire population': '+100000.00',
      },
    );
    expect(typed.error).toBeNull();
    const given = read(LEGIO, GAULS);
    expect(typed.spec!.attacker).toEqual(given.spec!.attacker);
    expect(typed.spec!.defender).toEqual(given.spec!.defender);
    expect(read(LEGIO, { ...GAULS, Treasury: '1.0', Population: '0.0' }).error).toBeNull();
  });

  it('reads a row with no army cells as an unescorted leader', () => {
    const s = readSubmission(battlesTable(), table('Legions', [LEGIONS_HEADER]), {
      armies: table('Armies', [
        ARMIES_HEADER,
        armyRow('Alesia', 'Attacker', { Leader: 'Von Rex', Rank: 'hero', Melee: 6, Stealth: 5 }),
        armyRow('Alesia', 'Defender', { Leader: 'Waldo', Melee: 1, Stealth: 2 }),
      ]),
    });
    const [attacker] = s.entries[0].spec!.attacker as FowLegion[];
    expect(attacker.fow!.army).toBeNull();
    expect(attacker.fow!.leader).toMatchObject({ name: 'Von Rex', rank: 'hero', melee: 6 });
  });

  it('names the sheet, row and column of a bad cell', () => {
    const read = (row: unknown[], rules?: string) =>
      readSubmission(battlesTable(rules), table('Legions', [LEGIONS_HEADER]), {
        armies: table('Armies', [ARMIES_HEADER, row, armyRow('Alesia', 'Defender', GAULS)]),
      });
    const error = (cols: Record<string, unknown>, rules?: string) =>
      read(armyRow('Alesia', 'Attacker', cols), rules).entries[0].error;
    expect(error({ Army: 'X', Morale: 25 })).toBe(
      'Armies!I2: morale 25: expected a whole number from 1 to 20',
    );
    expect(error({ Army: 'X', Attack: 'strong' })).toBe(
      'Armies!D2: attack is "strong": a whole number',
    );
    expect(error({ Army: 'X', Attack: '3.5' })).toBe('Armies!D2: attack is "3.5": a whole number');
    expect(error({ Army: 'X', Morale: '25.0' })).toBe(
      'Armies!I2: morale 25: expected a whole number from 1 to 20',
    );
    // A huge whole number typed as text is out of range, as the same number in roster text.
    expect(error({ Army: 'X', Morale: '1000000000000000000000' })).toBe(
      'Armies!I2: morale 1e+21: expected a whole number from 1 to 20',
    );
    expect(error({ Leader: 'L', Melee: '+1000000000000000000000.0' })).toBe(
      'Armies!R2: melee 1e+21: expected a whole number from 0 to 20',
    );
    // So is one typed as a number, which Excel keeps as 1E+21.
    expect(error({ Army: 'X', Morale: 1e21 })).toBe(
      'Armies!I2: morale 1e+21: expected a whole number from 1 to 20',
    );
    expect(error({ Army: 'X', Health: 1e21 })).toBe(
      'Armies!G2: maximum health 1e+21: expected a whole number from 1 to 9999',
    );
    expect(error({ Army: 'X', Health: 14.5 })).toBe(
      'Armies!G2: health is "14.5" of "14.5": whole numbers',
    );
    expect(error({ Army: 'X', Health: '14.5' })).toBe(
      'Armies!G2: health is "14.5" of "14.5": whole numbers',
    );
    expect(error({ Army: 'X', Health: '14', 'Max health': '0x14' })).toBe(
      'Armies!H2: health is "14" of "0x14": whole numbers',
    );
    expect(error({ Army: 'X', Treasury: '-800' })).toBe(
      'Armies!Y2: treasury is "-800": a whole number, 0 or more',
    );
    expect(error({ Army: 'X', Treasury: '1e3' })).toBe(
      'Armies!Y2: treasury is "1e3": a whole number, 0 or more',
    );
    expect(error({ Army: 'X', Specials: 'forester, flying' })).toBe(
      'Armies!L2: special "flying": cause fear, forester, mountaineer or siege weapons',
    );
    expect(error({ Army: 'X', Health: 30, 'Max health': 20 })).toBe(
      'Armies!G2: health 30: expected a whole number from 1 to 20',
    );
    expect(error({ Leader: 'L', Rank: 'king' })).toBe(
      'Armies!P2: rank is "king": captain, hero, legend or ruler',
    );
    expect(error({ Leader: 'L', 'Leader health': 0 })).toBe(
      'Armies!T2: leader health 0: expected a whole number from 1 to 20',
    );
    expect(error({ Army: 'X', Terrain: 'swamp' })).toMatch(/^Armies!N2: terrain is "swamp"/);
    expect(error({ Army: 'X', Empire: 'Legion 18' })).toMatch(
      /^Armies!AA2: empire unit "Legion 18"/,
    );
    const tribal = adjudicateSubmission(
      read(armyRow('Alesia', 'Attacker', { Army: 'X', Caste: 'tribal' })),
    );
    expect(tribal[0].outcome).toEqual({
      ok: false,
      error:
        'battle Alesia: attacker row at Armies!A2 (X): caste "tribal" is not in the castes table (capital 25/50, city 20/60)',
    });
    expect(error({ Player: 'Ann' })).toBe('Armies!B2: the row gives no army and no leader');
    expect(error({ Army: 'X' }, 'cote-pbem')).toMatch(
      /^Armies!A2: an Armies row is for a fortunes-of-war battle; this battle's rules are cote-pbem/,
    );
    const twice = readSubmission(battlesTable(), table('Legions', [LEGIONS_HEADER]), {
      armies: table('Armies', [
        ARMIES_HEADER,
        armyRow('Alesia', 'Attacker', { Army: 'X' }),
        armyRow('Alesia', 'Attacker', { Army: 'Y' }),
        armyRow('Alesia', 'Defender', { Army: 'Z' }),
      ]),
    });
    expect(twice.entries[0].error).toBe(
      'Armies!B3: a second attacker row for battle "Alesia" (also attacker row at Armies!A2 (X)); a side is one army or leader',
    );
    const noSide = readSubmission(battlesTable(), table('Legions', [LEGIONS_HEADER]), {
      armies: table('Armies', [['Battle', 'Army', 'Colour']]),
    });
    expect(noSide.problems).toEqual(['Armies!A1: Armies has no "Side" column']);
    expect(noSide.warnings[0]).toMatch(/^Armies!C1: column "Colour" is not one Praetor reads/);
  });

  it('refuses a bad reading in the Battles row, naming its cell', () => {
    const s = readSubmission(
      table('Battles', [
        ['Battle', 'Rules', 'Readings', 'Terrain'],
        ['Alesia', 'fortunes-of-war', 'meleeRounds=0', ''],
        ['Gergovia', 'fortunes-of-war', '', 'swamp'],
        ['Rome', 'cote-pbem', '', 'forest'],
      ]),
      table('Legions', [LEGIONS_HEADER]),
    );
    expect(s.entries[0].error).toBe(
      'Battles!C2: meleeRounds is "0": expected a whole number from 1 to 1000',
    );
    expect(s.entries[1].error).toMatch(/^Battles!D3: terrain is "swamp"/);
    expect(s.entries[2].error).toBe(
      'Battles!D4: the Terrain column does not apply to cote-pbem battles: clear the cell',
    );
  });

  it('adjudicate, verify and report a workbook with a fortunes-of-war battle', async () => {
    const wb = new ExcelJS.Workbook();
    const row = (id: string, cols: Record<string, unknown>) =>
      [...BATTLES_HEADER, 'Readings'].map((h, i) => (i === 0 ? id : (cols[h] ?? '')));
    wb.addWorksheet('Battles').addRows([
      [...BATTLES_HEADER, 'Readings'],
      row('Alesia', { Rules: 'fortunes-of-war', Seed: 'alesia', Readings: 'cityDefence=3' }),
      row('Rome', { Seed: 'rome' }),
    ]);
    wb.addWorksheet('Legions').addRows([
      LEGIONS_HEADER,
      ['Rome', 'Attacker', 'Ann', 'Marcus', 3],
      ['Rome', 'Defender', 'Bo', 'Brutus', 3],
    ]);
    wb.addWorksheet('Armies').addRows([
      ARMIES_HEADER,
      armyRow('Alesia', 'Attacker', LEGIO),
      armyRow('Alesia', 'Defender', GAULS),
    ]);
    const dir = tempDir();
    const input = join(dir, 'fow.xlsx');
    writeFileSync(input, Buffer.from(await wb.xlsx.writeBuffer()));
    const adjudicated = await run('adjudicate', input, '--jobs', '1', '--json');
    expect(adjudicated.code).toBe(0);
    expect(JSON.parse(adjudicated.out).files[0]).toMatchObject({ battles: 2, resolved: 2 });
    const output = join(dir, 'fow.praetor.xlsx');
    const out = new ExcelJS.Workbook();
    await out.xlsx.readFile(output);
    const results = out.getWorksheet('Results')!;
    expect(results.getRow(2).values).toEqual(expect.arrayContaining(['Alesia']));
    const log = out.getWorksheet('Log Alesia')!;
    const logText = JSON.stringify(log.getSheetValues());
    expect(logText).toContain('TOTAL_ATTACK: attack 6 + RND(6)');
    expect(logText).toContain('cityDefence=3');
    expect(logText).toContain('city bonus ignored: siege weapons');

    const verified = await run('verify', output);
    expect(verified.out).toMatch(/OK$/);
    expect(verified.code).toBe(0);

    const html = join(dir, 'fow.html');
    const report = await run('report', output, '--out', html);
    expect(report.code).toBe(0);
    const text = readFileSync(html, 'utf8');
    expect(text).toContain('--rules fortunes-of-war');
    expect(text).toContain('Thorvald');
    expect(text).toContain('2B melee');
  });

  it('the taskpane resolves and verifies an Armies sheet as adjudicate does', async () => {
    const battles = [
      ['Battle', 'Rules', 'Seed'],
      ['Alesia', 'fortunes-of-war', 'alesia'],
    ];
    const armies = [
      ['Battle', 'Side', 'Army', 'Attack', 'Health', 'Leader', 'Melee', 'Stealth'],
      ['Alesia', 'Attacker', 'Legio X', 7, 20, 'Thorvald', 4, 2],
      ['Alesia', 'Defender', 'Gauls', 5, 15, 'Demetrius', 3, 3],
    ];
    const model = SimWorkbook.from({
      sheets: [
        { name: 'Armies', rows: armies },
        { name: 'Battles', rows: battles },
        { name: 'Legions', rows: [['Battle', 'Side', 'Player', 'Leader', 'Infantry']] },
      ],
    });
    installSim(globalThis, model);
    try {
      const host = await connectExcel();
      if (!host.ok) throw new Error(host.error);
      const submission = readSubmission(
        table('Battles', battles),
        table('Legions', [['Battle', 'Side', 'Player', 'Leader', 'Infantry']]),
        { armies: table('Armies', armies) },
      );
      const all = adjudicateSubmission(submission);
      expect(all[0].outcome.ok).toBe(true);
      const report = await resolveAll(host.value);
      expect(report.tone).toBe('success');
      expect(model.sheet('Results')!.grid()).toEqual(
        resultsSheet(all, submission.problems, submission.warnings),
      );
      expect(model.sheet('Log Alesia')).toBeDefined();
      expect(await verifyAll(host.value)).toMatchObject({ tone: 'success' });
    } finally {
      removeSim(globalThis);
    }
  });
});
