import ExcelJS from 'exceljs';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSubmission } from '../src/submission';
import { BATTLES_HEADER, LEGIONS_HEADER, tempDir } from './helpers/workbooks';
import { run } from './helpers/cli';

jest.setTimeout(60_000);

const FLEETS_HEADER = ['Battle', 'Side', 'Faction', 'Type', 'Count', 'Damaged', 'Fleet marker'];
const SEED_DICE = '1,6,5,6,2,5,5,6,5,4,5,5,6,3,5';

/** An imperium turn: the seed's example (scripted), a seeded fleet battle, a ground battle. */
async function imperiumWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const header = [...BATTLES_HEADER, 'Combat', 'Range', 'Attacker orders'];
  const row = (id: string, cols: Record<string, unknown>) =>
    header.map((h, i) => (i === 0 ? id : (cols[h] ?? '')));
  wb.addWorksheet('Battles').addRows([
    header,
    row('Sol', { Rules: 'imperium', Range: 'short', Dice: SEED_DICE }),
    row('Vega', { Rules: 'imperium', Seed: 'vega', 'Attacker orders': 'split=auto' }),
    row('Terra', { Rules: 'imperium', Combat: 'ground', Seed: 'terra' }),
  ]);
  wb.addWorksheet('Legions').addRows([LEGIONS_HEADER]);
  wb.addWorksheet('Fleets').addRows([
    FLEETS_HEADER,
    ['Sol', 'Attacker', 'Terran', 'DD', 2, '', 'TF1'],
    ['Sol', 'Defender', 'Imperial', 'CR', 1, 'no', 'IF1'],
    ['Vega', 'Attacker', 'Terran', 'BB', 1, '', 'TF1'],
    ['Vega', 'Attacker', 'Terran', 'DD', 3, 1, 'TF2'],
    ['Vega', 'Defender', 'Imperial', 'CA', 2, 'yes', 'IF1'],
    ['Vega', 'Defender', 'Imperial', 'CL', 2, '', 'IF1'],
    ['Terra', 'Attacker', 'Terran', 'RT 4-2', 3, '', ''],
    ['Terra', 'Attacker', 'Terran', 'JT6', 1, '', ''],
    ['Terra', 'Defender', 'Imperial', 'PD', 2, '', ''],
    ['Terra', 'Defender', 'Imperial', 'RT3', 2, '', ''],
  ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Cells as a sheet of that name holds them, from A1. */
const table = (sheet: string, cells: unknown[][]) => ({ cells, origin: { sheet, row: 0, col: 0 } });

describe('imperium battles in a submission workbook', () => {
  it('reads fleets by battle, side and fleet marker, damaged counts included', () => {
    const s = readSubmission(
      table('Battles', [
        ['Battle', 'Rules'],
        ['Vega', 'imperium'],
        ['Rome', ''],
      ]),
      table('Legions', [
        LEGIONS_HEADER,
        ['Rome', 'Attacker', 'Ann', 'M', 2],
        ['Rome', 'Defender', 'Bo', 'T', 2],
      ]),
      {
        fleets: table('Fleets', [
          FLEETS_HEADER,
          ['Vega', 'Attacker', 'Terran', 'DD', 3, 1, 'TF2'],
          ['Vega', 'Attacker', 'Terran', 'BB', 1, '', 'TF1'],
          ['Vega', 'Attacker', 'Terran', 'CA', 1, '', 'TF2'],
          ['Vega', 'Defender', 'Imperial', 'CR', 2, 'yes', ''],
        ]),
      },
    );
    expect(s.problems).toEqual([]);
    expect(s.entries[0].spec!.attacker).toEqual([
      {
        leader: 'Terran',
        units: { DD: 2, 'DD*': 1, CA: 1 },
        where: 'attacker fleet TF2 at Fleets!A2',
      },
      { leader: 'Terran', units: { BB: 1 }, where: 'attacker fleet TF1 at Fleets!A3' },
    ]);
    expect(s.entries[0].spec!.defender).toEqual([
      { leader: 'Imperial', units: { 'CR*': 2 }, where: 'defender fleet at Fleets!A5' },
    ]);
    expect(s.entries[1].error).toBeNull();
    const bad = readSubmission(
      table('Battles', [
        ['Battle', 'Rules'],
        ['Rome', ''],
      ]),
      table('Legions', [LEGIONS_HEADER]),
      { fleets: table('Fleets', [FLEETS_HEADER, ['Rome', 'Attacker', 'Terran', 'DD', 1, '', '']]) },
    );
    expect(bad.entries[0].error).toMatch(/Fleets!A2: a Fleets row is for an imperium battle/);
  });

  it("a CotE column filled in for an imperium battle is named by its header, not as an option's key", () => {
    const s = readSubmission(
      table('Battles', [
        ['Battle', 'Rules', 'Breach by', 'Retreat', 'Range'],
        ['Vega', 'imperium', 'catapult', 'lost >= 2', 'short'],
      ]),
      table('Legions', [LEGIONS_HEADER]),
      {
        fleets: table('Fleets', [
          FLEETS_HEADER,
          ['Vega', 'Attacker', 'Terran', 'DD', 3, '', ''],
          ['Vega', 'Defender', 'Imperial', 'CR', 2, '', ''],
        ]),
      },
    );
    expect(s.entries[0].error).toBe(
      'Battles!C2: the Breach by column does not apply to imperium battles: clear the cell; ' +
        'Battles!D2: the Retreat column does not apply to imperium battles: clear the cell',
    );
  });

  it('adjudicate, verify and report: the seed example comes out as in the spec', async () => {
    const dir = tempDir();
    const input = join(dir, 'imperium.xlsx');
    writeFileSync(input, await imperiumWorkbook());
    const adjudicated = await run('adjudicate', input, '--jobs', '1', '--json');
    expect(adjudicated.code).toBe(0);
    const output = join(dir, 'imperium.praetor.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(output);
    const results = wb.getWorksheet('Results')!;
    expect(results.getRow(2).values).toEqual(
      expect.arrayContaining(['Sol', 'attacker', 'eliminated', 1, '1 DD*', 'none']),
    );
    expect(wb.getWorksheet('Log Terra')).toBeDefined();

    const verified = await run('verify', output);
    expect(verified.out).toMatch(/OK$/);
    expect(verified.code).toBe(0);

    const html = join(dir, 'imperium.html');
    const report = await run('report', output, '--out', html);
    expect(report.code).toBe(0);
    const text = readFileSync(html, 'utf8');
    expect(text).toContain('DD#2 beams CR#1: 5 6, 2 hits');
    expect(text).toContain('--rules imperium');
  });
});
