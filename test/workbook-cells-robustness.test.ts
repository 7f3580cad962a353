import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  cellText,
  EXCEL_MAX_TEXT,
  isBlank,
  isLooseNumber,
  NO_SAVED_VALUE,
  parseDecimal,
  readCell,
} from '../src/cells';
import { readCountCell } from '../src/roster';
import { adjudicateSubmission } from '../src/adjudicate';
import { RESULTS_HEADER } from '../src/results-sheet';
import { readSubmission, SheetTable } from '../src/submission';
import { verifyWorkbook } from '../src/verify';
import { readWorkbookTables } from '../headless/workbook/read';
import { problems, turn, treasury } from './helpers/economy';
import {
  battle,
  BATTLES_HEADER,
  legion,
  LEGIONS_HEADER,
  submission,
  tempDir,
} from './helpers/workbooks';
import { run } from './helpers/cli';

/** Cells a player's workbook may hold that are not plain values: read exactly, or refused. */

jest.setTimeout(60_000);

const table = (sheet: string, cells: unknown[][]): SheetTable => ({
  cells,
  origin: { sheet, row: 0, col: 0 },
});

const read = (battles: unknown[][], legions: unknown[][], lHeader = LEGIONS_HEADER) =>
  readSubmission(
    table('Battles', [BATTLES_HEADER, ...battles]),
    table('Legions', [lHeader, ...legions]),
  );

const twoSides = (id: string) => [
  legion(id, 'Attacker', 'Marcus', 3, 1),
  legion(id, 'Defender', 'Brutus', 4),
];

const errors = (s: ReturnType<typeof read>) => [
  ...s.problems,
  ...adjudicateSubmission(s).flatMap((a) => (a.outcome.ok ? [] : [a.outcome.error])),
];

/** Edits a sheet's XML in a workbook package. */
async function patchSheet(data: Buffer, sheet: number, edit: (xml: string) => string) {
  const zip = await JSZip.loadAsync(data);
  const name = `xl/worksheets/sheet${sheet}.xml`;
  zip.file(name, edit(await zip.file(name)!.async('string')));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** Replaces cell `ref` (written by exceljs) with raw XML. */
const replaceCell = (xml: string, ref: string, cell: string) => {
  const re = new RegExp(`<c r="${ref}"[^>]*?(/>|>.*?</c>)`);
  if (!re.test(xml)) throw new Error(`no cell ${ref}`);
  return xml.replace(re, cell);
};

describe('readCell: every shape exceljs and Office give', () => {
  it('plain values, formulas with a saved result, rich text, hyperlinks, dates', () => {
    expect(readCell({ formula: 'A1', result: 'B1' })).toEqual({ ok: true, value: 'B1' });
    expect(readCell({ sharedFormula: 'G2', result: 3 })).toEqual({ ok: true, value: 3 });
    expect(readCell({ formula: 'A1', result: true })).toEqual({ ok: true, value: true });
    expect(readCell({ richText: [{ text: 'Gal' }, { text: 'lia' }] })).toEqual({
      ok: true,
      value: 'Gallia',
    });
    expect(readCell({ text: 'B1', hyperlink: 'https://x' })).toEqual({ ok: true, value: 'B1' });
    expect(
      readCell({ text: { richText: [{ text: 'B' }, { text: '1' }] }, hyperlink: '#A1' }),
    ).toEqual({ ok: true, value: 'B1' });
    expect(readCell(new Date(Date.UTC(2024, 0, 2)))).toEqual({ ok: true, value: '2024-01-02' });
    expect(cellText({ formula: 'IF(A1="","",A1)', result: '' })).toBe('');
    expect(isBlank({ formula: 'IF(A1="","",A1)', result: '' })).toBe(true);
  });

  it('a formula with no saved value, an error value, anything else: an error, never [object Object]', () => {
    expect(readCell({ formula: 'A1+1' })).toMatchObject({ ok: false, error: NO_SAVED_VALUE });
    expect(readCell({ sharedFormula: 'G2' })).toMatchObject({ ok: false, error: NO_SAVED_VALUE });
    expect(readCell({ error: '#N/A' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/#N\/A/),
    });
    expect(readCell({ formula: 'NA()', result: { error: '#N/A' } })).toMatchObject({ ok: false });
    expect(readCell('#DIV/0!')).toMatchObject({ ok: false });
    expect(readCell({ foo: 1 })).toMatchObject({ ok: false });
    expect(readCell(Infinity)).toMatchObject({ ok: false });
    expect(isBlank({ formula: 'A1+1' })).toBe(false);
    for (const c of [{ formula: 'A1' }, { foo: 1 }, { error: '#REF!' }]) {
      expect(cellText(c)).not.toMatch(/object/);
    }
  });
});

describe('readCell: the edges', () => {
  it("reads Excel's error codes in any case and with spaces around, and other # text as text", () => {
    const divided = "the cell shows Excel's error #DIV/0!: fix its formula or clear the cell";
    expect(readCell('#div/0!')).toEqual({ ok: false, error: divided, shown: '#DIV/0!' });
    expect(readCell(' #N/A ')).toMatchObject({ ok: false, shown: '#N/A' });
    expect(readCell('#1 legion')).toEqual({ ok: true, value: '#1 legion' });
  });

  it('takes text of 32,767 characters (a full Excel cell) and refuses one more', () => {
    expect(EXCEL_MAX_TEXT).toBe(32767);
    expect(readCell('x'.repeat(32767))).toEqual({ ok: true, value: 'x'.repeat(32767) });
    expect(readCell('x'.repeat(32768))).toEqual({
      ok: false,
      error: 'the text is 32768 characters long; an Excel cell holds at most 32767',
      shown: null,
    });
  });

  it('a formula whose saved result is null has no saved value: an error, not a blank', () => {
    expect(readCell({ formula: 'A1', result: null })).toEqual({
      ok: false,
      error: NO_SAVED_VALUE,
      shown: null,
    });
    expect(isBlank({ formula: 'A1', result: null })).toBe(false);
  });
});

describe('parseDecimal: plain decimals only', () => {
  it.each([
    ['3', 3],
    ['+3', 3],
    ['-2', -2],
    ['2.', 2],
    ['.5', 0.5],
    [' 4 ', 4],
    ['2.50', 2.5],
  ])('%p is %p', (text, n) => {
    expect(parseDecimal(text)).toBe(n);
    expect(isLooseNumber(text)).toBe(false);
  });

  it.each(['0x2', '1e3', 'Infinity', '1_000', '', '.', '+', '1.2.3', '2 3'])(
    '%p is not one',
    (text) => {
      expect(parseDecimal(text)).toBeUndefined();
    },
  );

  it('calls loose what JavaScript would read as a number but is not a plain decimal', () => {
    expect(['0x2', '1e3', 'Infinity', ' 0b11 '].map(isLooseNumber)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['abc', '', '  ', '1_000'].map(isLooseNumber)).toEqual([false, false, false, false]);
  });
});

describe('formula cells in a submission', () => {
  it('a Seed formula with no saved value is an error naming the cell', () => {
    const s = read([battle('B1', { Seed: { formula: 'A1&"x"' } })], twoSides('B1'));
    expect(errors(s)).toEqual([`Battles!I2: ${NO_SAVED_VALUE}`]);
  });

  it('a legion for a battle given by an unsaved formula names the cell', () => {
    const s = read([battle('B1')], [...twoSides('B1'), legion('B1', 'Attacker', 'M', 1)]);
    expect(errors(s)).toEqual([]);
    const bad = read(
      [battle('B1')],
      [...twoSides('B1'), [{ formula: 'Battles!A2' }, 'Attacker', 'Ann', 'M', 1, '', '', '']],
    );
    expect(errors(bad)).toEqual([
      `Legions!A4: the legion's battle cannot be read: ${NO_SAVED_VALUE}`,
    ]);
    const count = read(
      [battle('B1')],
      [...twoSides('B1'), ['B1', 'Attacker', 'Ann', 'M', { error: '#VALUE!' }, '', '', '']],
    );
    expect(errors(count)).toEqual([
      "Legions!E4: the cell shows Excel's error #VALUE!: fix its formula or clear the cell",
    ]);
  });

  it('a row blank by formula is skipped like a blank row', () => {
    const blank = { formula: 'IF(A1="","",A1)', result: '' };
    const s = read(
      [battle('B1'), BATTLES_HEADER.map(() => blank)],
      [...twoSides('B1'), LEGIONS_HEADER.map(() => blank)],
    );
    expect(errors(s)).toEqual([]);
    expect(s.entries).toHaveLength(1);
  });

  it("from a real package: Excel's empty formula text is blank, a formula never calculated an error", async () => {
    const data = await submission(
      [battle('B1', { Seed: 'x' }), battle('B2', { Seed: 'y' })],
      [...twoSides('B1'), ...twoSides('B2')],
    );
    const patched = await patchSheet(data, 1, (xml) =>
      replaceCell(
        replaceCell(xml, 'I2', '<c r="I2" t="str"><f>IF(A1="","",A1)</f><v></v></c>'),
        'I3',
        '<c r="I3"><f>A1&amp;"x"</f></c>',
      ),
    );
    const t = await readWorkbookTables(patched);
    const s = readSubmission(t.battles!, t.legions!);
    const [b1, b2] = s.entries;
    expect(b1.error).toBeNull();
    expect(b1.seedDerived).toBe(true);
    expect(b2.error).toBe(`Battles!I3: ${NO_SAVED_VALUE}`);
  });
});

describe('repeated headers', () => {
  it('two Infantry columns: an error naming both cells, nothing fought', () => {
    const header = [...LEGIONS_HEADER.slice(0, 5), 'Infantry', ...LEGIONS_HEADER.slice(5)];
    const row = (id: string, side: string, a: number, b: number) => [id, side, 'Ann', '', a, b];
    const s = read(
      [battle('B1')],
      [row('B1', 'Attacker', 3, 1), row('B1', 'Defender', 4, 0)],
      header,
    );
    expect(s.problems).toEqual([
      'Legions!F1: a second "Infantry" column (the first is E1): remove or rename one of them',
    ]);
    expect(s.entries).toEqual([]);
  });

  it('INF and Foot are the same column; a second Battle column is refused too', () => {
    const header = [...LEGIONS_HEADER, 'Foot'];
    const s = read([battle('B1')], twoSides('B1'), header);
    expect(s.problems).toEqual([
      'Legions!I1: a second "Foot" column (the first is E1, "Infantry"): remove or rename one of them',
    ]);
    const b = readSubmission(
      table('Battles', [
        [...BATTLES_HEADER, 'Battle id'],
        [...battle('B1'), 'B9'],
      ]),
      table('Legions', [LEGIONS_HEADER, ...twoSides('B1')]),
    );
    expect(b.problems).toEqual([
      'Battles!K1: a second "Battle id" column (the first is A1, "Battle"): remove or rename one of them',
    ]);
  });
});

describe('merged cells', () => {
  it('only the top-left cell of a merge holds its value, and a cell read under it is named', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Battles').addRows([BATTLES_HEADER, battle('B1', { Territory: 'Gallia' })]);
    wb.getWorksheet('Battles')!.mergeCells('B2:C2');
    wb.addWorksheet('Legions').addRows([LEGIONS_HEADER, ...twoSides('B1')]);
    const t = await readWorkbookTables(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(t.battles!.cells[1].slice(1, 3)).toEqual(['Gallia', null]);
    const s = readSubmission(t.battles!, t.legions!);
    // "Gallia" shows under Rules too: read as blank, the battle would be fought as cote-pbem.
    expect(s.entries[0].error).toBe(
      'Battles!C2: the merged cells B2:C2 show "Gallia" here, but that is B2\'s value and Praetor reads C2 as blank: unmerge B2:C2 and give each cell its own value',
    );
  });
});

describe('numbers are plain decimal numbers, within bounds', () => {
  const countError = (cell: unknown, col = 4) => {
    const row = legion('B1', 'Attacker', 'M', '', '', '', '');
    row[col] = cell;
    return errors(
      read([battle('B1', { Sea: 'yes' })], [row, legion('B1', 'Defender', 'D', 2, '', '', 1)]),
    );
  };

  it('refuses 0x2, 1e3, Infinity as counts and 1e300 galleys', () => {
    expect(countError('0x2')).toEqual([
      'Legions!E2: "0x2" is not a count (a whole number, 0 or more)',
    ]);
    expect(countError('1e3')).toEqual([
      'Legions!E2: "1e3" is not a count (a whole number, 0 or more)',
    ]);
    expect(countError('Infinity')).toEqual([
      'Legions!E2: "Infinity" is not a count (a whole number, 0 or more)',
    ]);
    expect(countError(1e300, 7)).toEqual([
      'Legions!H2: 1e+300: a count is at most 99 (more is surely a typo)',
    ]);
    expect(countError(NaN)).toEqual([
      'Legions!E2: the cell holds a number that cannot be read (the file is damaged there): retype it',
    ]);
    expect(countError(-Infinity)).toEqual([
      'Legions!E2: the number -Infinity is beyond what Excel holds: retype it',
    ]);
  });

  it('takes a count up to its cap and refuses one more: 99 in a Legions cell, 10,000 in a roster', () => {
    const sea = (galleys: unknown) =>
      read(
        [battle('B1', { Sea: 'yes' })],
        [
          legion('B1', 'Attacker', 'M', 1, '', '', galleys),
          legion('B1', 'Defender', 'D', 1, '', '', 1),
        ],
      );
    const ok = sea(99);
    expect(ok.entries[0].error).toBeNull();
    expect(ok.entries[0].spec!.attacker).toMatchObject([{ units: { INF: 1, GAL: 99 } }]);
    expect(sea(100).entries[0].error).toBe(
      'Legions!H2: 100: a count is at most 99 (more is surely a typo)',
    );
    expect(readCountCell(10000, 'Orders!C3')).toEqual({ ok: true, value: 10000 });
    expect(readCountCell('10001', 'Orders!C3')).toEqual({
      ok: false,
      error: 'Orders!C3: 10001: a count is at most 10000 (more is surely a typo)',
    });
  });

  it('takes a count written with a plus sign', () => {
    const s = read(
      [battle('B1')],
      [legion('B1', 'Attacker', 'M', '+3'), legion('B1', 'Defender', 'D', 2)],
    );
    expect(s.entries[0].spec!.attacker).toMatchObject([{ units: { INF: 3 } }]);
  });

  it('refuses loose numbers in Dice and option cells', () => {
    expect(errors(read([battle('B1', { Dice: '3,0x2,4' })], twoSides('B1')))).toEqual([
      'Battles!J2: dice: die 2 is "0x2": each die must be a whole number from 1 to 6',
    ]);
    expect(errors(read([battle('B1', { Rounds: '0x2' })], twoSides('B1')))).toEqual([
      'Battles!H2: "0x2" is not a plain number: write it with digits only (no 0x, no exponent)',
    ]);
  });

  it('money: a treasury beyond 1,000,000,000,000 talents is refused', () => {
    expect(
      problems({
        players: [
          ['Ann', 'Roma', 9007199254740991, 'no'],
          ['Bob', 'Gallia', 0, 'no'],
        ],
      }),
    ).toEqual([
      "Players!C2: Ann's treasury is 9007199254740991: it must be at most 1,000,000,000,000",
    ]);
    expect(
      treasury(
        turn({
          players: [
            ['Ann', 'Roma', 1e12, 'no'],
            ['Bob', 'Gallia', 0, 'no'],
          ],
        }),
        'Ann',
      ),
    ).toBe(1e12 + 15);
  });

  it("the economy's cells go through readCell too", () => {
    expect(
      problems({
        players: [
          ['Ann', 'Roma', { formula: 'B9' }, 'no'],
          ['Bob', 'Gallia', 0, 'no'],
        ],
      }),
    ).toEqual([`Players!C2: ${NO_SAVED_VALUE}`]);
  });
});

describe('text too long to write back is refused when read', () => {
  it('a Seed or a Leader of more than 255 characters', () => {
    const long = 'x'.repeat(256);
    expect(errors(read([battle('B1', { Seed: long })], twoSides('B1')))).toEqual([
      'Battles!I2: the text is 256 characters long; this column takes at most 255 (ids, names, seeds and words)',
    ]);
    expect(
      errors(
        read([battle('B1')], [legion('B1', 'Attacker', long, 3), legion('B1', 'Defender', 'D', 3)]),
      ),
    ).toEqual([
      'Legions!D2: the text is 256 characters long; this column takes at most 255 (ids, names, seeds and words)',
    ]);
    expect(errors(read([battle('B1', { Seed: 'x'.repeat(255) })], twoSides('B1')))).toEqual([]);
    // The limit is on the text as read, spaces around it trimmed.
    const padded = read([battle('B1', { Seed: `  ${'x'.repeat(255)}  ` })], twoSides('B1'));
    expect(errors(padded)).toEqual([]);
    expect(padded.entries[0].spec!.seed).toBe('x'.repeat(255));
  });
});

describe('verify names the Results header cell that changed', () => {
  const book = (header: unknown[]) => {
    const s = {
      cells: [BATTLES_HEADER, battle('B1')],
      origin: { sheet: 'Battles', row: 0, col: 0 },
    };
    return {
      battles: s,
      legions: table('Legions', [LEGIONS_HEADER, ...twoSides('B1')]),
      fleets: null,
      units: null,
      armies: null,
      sheetNames: ['Battles', 'Legions', 'Results'],
      sheets: [table('Results', [header])],
    };
  };

  it('a renamed, swapped or deleted column', () => {
    const renamed = [...RESULTS_HEADER];
    renamed[1] = 'Victor';
    expect(verifyWorkbook(book(renamed))).toEqual({
      ok: false,
      error:
        'Results!B1: the header of Results should read "Winner" here, but it reads "Victor"; its ' +
        `header must be ${RESULTS_HEADER.join(', ')}, from column A, as adjudicate wrote it`,
    });
    const swapped = [...RESULTS_HEADER];
    [swapped[2], swapped[3]] = [swapped[3], swapped[2]];
    expect(verifyWorkbook(book(swapped))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Results!C1: .* reads "Rounds" \("Outcome" is at Results!D1\)/),
    });
    const deleted = RESULTS_HEADER.filter((h) => h !== 'Error');
    expect(verifyWorkbook(book(deleted))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Results!J1: .* but the cell is blank;/),
    });
  });
});

describe('the commands', () => {
  it('verify --json on a workbook it cannot check prints a JSON error, exit 2', async () => {
    const dir = tempDir();
    const file = join(dir, 'orders.xlsx');
    writeFileSync(file, await submission([battle('B1')], twoSides('B1')));
    const r = await run('verify', file, '--json');
    expect(r.code).toBe(2);
    expect(JSON.parse(r.out)).toEqual({
      file,
      ok: false,
      error: `${file}: the workbook has no Results sheet: adjudicate it first`,
    });
  });

  it('report: --battle in any case, --turn a whole number', async () => {
    const dir = tempDir();
    const file = join(dir, 'orders.xlsx');
    writeFileSync(file, await submission([battle('B1', { Seed: 's' })], twoSides('B1')));
    expect((await run('adjudicate', file)).code).toBe(0);
    const done = join(dir, 'orders.praetor.xlsx');
    const bad = await run('report', done, '--out', join(dir, 'r.html'), '--turn', 'abc');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--turn abc: the turn must be a whole number/);
    const good = await run('report', done, '--out', join(dir, 'r.html'), '--battle', 'b1');
    expect(good.err).not.toMatch(/no such battle/);
    expect(good.code).toBe(0);
  });
});
