import ExcelJS from 'exceljs';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RatedLegion } from '../src/rulesets/legion-battles/units';
import { parseLegionRoster } from '../src/rulesets/legion-battles/roster';
import { readSubmission } from '../src/submission';
import { BATTLES_HEADER, LEGIONS_HEADER, tempDir, UNITS_HEADER } from './helpers/workbooks';
import { run } from './helpers/cli';

jest.setTimeout(60_000);

/** A Units row from the columns given by header name. */
const unitRow = (battle: string, side: string, cols: Record<string, unknown>) =>
  UNITS_HEADER.map((h, i) => (i === 0 ? battle : i === 1 ? side : (cols[h] ?? '')));

const table = (sheet: string, cells: unknown[][]) => ({ cells, origin: { sheet, row: 0, col: 0 } });

/** One battle, Alesia, under `rules`. */
const alesia = (rules = 'legion-battles') =>
  table('Battles', [
    ['Battle', 'Rules'],
    ['Alesia', rules],
  ]);

const rosterUnit = (text: string) => {
  const r = parseLegionRoster(text, 'attacker');
  if (!r.ok) throw new Error(r.error);
  return r.value[0].unit;
};

describe('legion-battles Units in a submission workbook', () => {
  it('reads each row into the unit its roster text gives, defaults included', () => {
    const s = readSubmission(alesia(), table('Legions', [LEGIONS_HEADER]), {
      units: table('Units', [
        UNITS_HEADER,
        unitRow('Alesia', 'Attacker', {
          Unit: 'levy',
          Quality: 'raw levy',
          Discipline: 2,
          Numbers: '4:1',
        }),
        unitRow('Alesia', 'Attacker', {
          Unit: 'nobles',
          Quality: 'trained',
          Strength: 'Worn',
          Supply: 'short',
          Arrows: 'camels',
          'Locked shields': 3,
        }),
        unitRow('alesia', 'Defender', {
          Unit: 'Septimius',
          Quality: 'veteran century',
          Discipline: 4,
          Pila: 'yes',
          'Leader Charisma': 4,
          Leadership: 3,
          Works: 'finished',
          PC: 'Septimius fight 3/2 resistance 4; Septimius rally 3/3 in clash 3',
        }),
      ]),
    });
    expect(s.problems).toEqual([]);
    expect(s.warnings).toEqual([]);
    const spec = s.entries[0].spec!;
    const [levy, nobles] = spec.attacker as RatedLegion[];
    expect(levy).toMatchObject({ leader: 'levy', units: { RAW: 1 } });
    expect(levy.where).toBe('attacker unit levy at Units!A2');
    expect(levy.unit).toEqual(rosterUnit('levy: raw levy, discipline 2, 4:1'));
    expect(nobles.unit).toEqual(
      rosterUnit('nobles: trained, worn, short supply, camels, locked shields from 3'),
    );
    const [century] = spec.defender as RatedLegion[];
    expect(century.units).toEqual({ VET: 1 });
    expect(century.unit).toEqual(
      rosterUnit(
        'Septimius: veteran century, discipline 4, pila, leader 4/3, finished works, pc Septimius fight 3/2 resistance 4, pc Septimius rally 3/3 in clash 3',
      ),
    );
    expect(s.entries[0].seedDerived).toBe(true);
  });

  it('reads its yes/no cells as every yes/no cell (1, 1.0, TRUE; 0, 0.0) and numbers typed as text', () => {
    const header = [...UNITS_HEADER, 'Screen', 'Horse', 'Flank'];
    const YES_NO = ['Line of cohorts', 'Pila', 'Screen', 'Horse', 'Flank'];
    const unit = (cols: Record<string, unknown>) => {
      const row = header.map((h, i) => (i === 0 ? 'Alesia' : i === 1 ? 'Attacker' : cols[h]));
      const s = readSubmission(alesia(), table('Legions', [LEGIONS_HEADER]), {
        units: table('Units', [
          header,
          row.map((c) => c ?? ''),
          unitRow('Alesia', 'Defender', { Quality: 'raw' }),
        ]),
      });
      expect(s.entries[0].error).toBeNull();
      return (s.entries[0].spec!.attacker as RatedLegion[])[0].unit!;
    };
    const all = (v: unknown) => ({
      Quality: 'trained',
      ...Object.fromEntries(YES_NO.map((h) => [h, v])),
    });
    for (const yes of ['1', '1.0', ' +1 ', 1, true, 'TRUE', 'Yes', 'y', 'x']) {
      expect(unit(all(yes))).toEqual(unit(all('yes')));
    }
    for (const no of ['0', '0.0', 0, false, 'False', 'NO', 'n']) {
      expect(unit(all(no))).toEqual(unit(all('no')));
    }
    expect(unit(all('yes')).flank).toBe(true);
    expect(unit(all('no')).flank).toBe(false);
    const typed = { Quality: 'trained', 'Locked shields': '2.0', Numbers: '+2', Arrows: '3.0' };
    expect(unit(typed)).toEqual(
      unit({ Quality: 'trained', 'Locked shields': 2, Numbers: 2, Arrows: 3 }),
    );
    expect(unit({ Quality: 'trained', 'Locked shields': '1.0' })).toEqual(
      unit({ Quality: 'trained', 'Locked shields': 'yes' }),
    );
  });

  it('names the sheet, row and column of a bad cell', () => {
    const read = (row: unknown[], rules = 'legion-battles') =>
      readSubmission(alesia(rules), table('Legions', [LEGIONS_HEADER]), {
        units: table('Units', [
          UNITS_HEADER,
          row,
          unitRow('Alesia', 'Defender', { Quality: 'raw' }),
        ]),
      });
    const error = (row: unknown[], rules?: string) => read(row, rules).entries[0].error;
    expect(error(unitRow('Alesia', 'Attacker', { Quality: 'trained', Discipline: 9 }))).toBe(
      'Units!F2: discipline is "9": a whole number from 0 to 6',
    );
    expect(error(unitRow('Alesia', 'Attacker', { Quality: 'elite' }))).toMatch(
      /^Units!D2: quality "elite": veteran, trained or raw/,
    );
    expect(error(unitRow('Alesia', 'Attacker', { Quality: 'raw', Pila: 'maybe' }))).toBe(
      'Units!H2: pila is "maybe": yes or no',
    );
    for (const pila of ['2', '0.5', '1e0', '0x1']) {
      expect(error(unitRow('Alesia', 'Attacker', { Quality: 'raw', Pila: pila }))).toBe(
        `Units!H2: pila is "${pila}": yes or no`,
      );
    }
    expect(error(unitRow('Alesia', 'Attacker', { Quality: 'raw', 'Locked shields': '0.0' }))).toBe(
      'Units!O2: locked shields is "0.0": a whole number from 1 to 99',
    );
    expect(
      error(unitRow('Alesia', 'Attacker', { Quality: 'raw', 'Locked shields': 'maybe' })),
    ).toBe('Units!O2: locked shields is "maybe": yes or no, or the Clash they lock from');
    expect(error(unitRow('Alesia', 'Attacker', { Quality: 'raw', Numbers: '2.5' }))).toBe(
      'Units!M2: numbers is "2.5": 1, 2 or 4 (for 1:1, 2:1, 4:1)',
    );
    expect(error(unitRow('Alesia', 'Attacker', { Quality: 'raw', Works: 'moat' }))).toMatch(
      /^Units!L2: works is "moat": none, finished/,
    );
    expect(error(unitRow('Alesia', 'Attacker', { Quality: 'raw', PC: 'Gaius dance 3/2' }))).toMatch(
      /^Units!P2: PC "Gaius dance 3\/2"/,
    );
    expect(error(unitRow('Alesia', 'Sideways', { Quality: 'raw' }))).toMatch(
      /^Units!B2: side "Sideways"/,
    );
    expect(error(unitRow('Alesia', 'Attacker', { Quality: 'raw' }), 'cote-pbem')).toMatch(
      /^Units!A2: a Units row is for a legion-battles battle/,
    );
    expect(read(unitRow('Gergovia', 'Attacker', { Quality: 'raw' })).problems).toEqual([
      'Units!A2: the unit row is for battle "Gergovia", which is not in Battles',
    ]);
    const noQuality = readSubmission(alesia(), table('Legions', [LEGIONS_HEADER]), {
      units: table('Units', [['Battle', 'Side', 'Unit', 'Colour']]),
    });
    expect(noQuality.problems).toEqual(['Units!A1: Units has no "Quality" column']);
    expect(noQuality.warnings[0]).toMatch(/^Units!D1: column "Colour" is not one Praetor reads/);
  });

  it('adjudicate, verify and report a workbook with a legion-battles battle', async () => {
    const wb = new ExcelJS.Workbook();
    const row = (id: string, cols: Record<string, unknown>) =>
      BATTLES_HEADER.map((h, i) => (i === 0 ? id : (cols[h] ?? '')));
    wb.addWorksheet('Battles').addRows([
      BATTLES_HEADER,
      row('Alesia', { Rules: 'legion-battles', Seed: 'alesia' }),
      row('Rome', { Seed: 'rome' }),
    ]);
    wb.addWorksheet('Legions').addRows([
      LEGIONS_HEADER,
      ['Rome', 'Attacker', 'Ann', 'Marcus', 3],
      ['Rome', 'Defender', 'Bo', 'Brutus', 3],
    ]);
    wb.addWorksheet('Units').addRows([
      UNITS_HEADER,
      unitRow('Alesia', 'Attacker', { Unit: 'nobles', Quality: 'trained', Numbers: 2 }),
      unitRow('Alesia', 'Defender', {
        Unit: 'Century',
        Quality: 'trained century',
        Pila: 'yes',
        PC: 'Septimius fight 3/2',
      }),
    ]);
    const dir = tempDir();
    const input = join(dir, 'legion.xlsx');
    writeFileSync(input, Buffer.from(await wb.xlsx.writeBuffer()));
    const adjudicated = await run('adjudicate', input, '--jobs', '1', '--json');
    expect(adjudicated.code).toBe(0);
    const output = join(dir, 'legion.praetor.xlsx');
    const out = new ExcelJS.Workbook();
    await out.xlsx.readFile(output);
    const results = out.getWorksheet('Results')!;
    expect(results.getRow(2).values).toEqual(expect.arrayContaining(['Alesia']));
    expect(out.getWorksheet('Log Alesia')).toBeDefined();
    expect(out.getWorksheet('Log Rome')).toBeDefined();

    const verified = await run('verify', output);
    expect(verified.out).toMatch(/OK$/);
    expect(verified.code).toBe(0);

    const html = join(dir, 'legion.html');
    const report = await run('report', output, '--out', html);
    expect(report.code).toBe(0);
    const text = readFileSync(html, 'utf8');
    expect(text).toContain('--rules legion-battles');
    expect(text).toContain('Century');
  });
});
