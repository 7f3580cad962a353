import { createHash } from 'node:crypto';
import { CellGrid } from '../src/cells';
import { resolveBattle } from '../src/battle';
import { validateBattle } from '../src/battle-spec';
import { keyCommitment, Seal } from '../src/sealed';
import { Adjudicated, adjudicateSubmission } from '../src/adjudicate';
import { CellValue } from '../src/cell-value';
import { logSheet } from '../src/log-sheet';
import { RESULTS_HEADER, resultsSheet } from '../src/results-sheet';
import { readSubmission, SheetTable, Submission } from '../src/submission';
import { verifyWorkbook, WorkbookSheets } from '../src/verify';
import { logRows, MISMATCHES_PER_BATTLE } from '../src/verify-log';
import { BATTLES_HEADER, LEGIONS_HEADER, battle, legion } from './helpers/workbooks';

/** The pure verify on grids: what `praetor verify` and the pane's Verify share. */

const KEY = '5f'.repeat(32);
const SEAL: Seal = { key: KEY, game: 'Rome', turn: 7 };

const table = (sheet: string, cells: CellGrid, row = 0): SheetTable => ({
  cells,
  origin: { sheet, row, col: 0 },
});

const BATTLES = [
  battle('B1', { Fort: 1 }),
  battle('B2', { Rules: 'cote-online' }),
  battle('B3', { Rounds: 1 }),
];
const LEGIONS = [
  legion('B1', 'Attacker', 'Marcus', 4, 2, 1),
  legion('B1', 'Defender', 'Brutus', 5),
  legion('B2', 'Attacker', 'Caesar', 3, 2),
  legion('B2', 'Defender', 'Gaius', 4),
  legion('B3', 'Attacker', 'Titus', 3),
  legion('B3', 'Defender', '', 3),
  legion('B9', 'Attacker', 'Nobody', 1), // a problem row in Results
];

/** A workbook as adjudicating it (sealed or not) leaves it, as grids. */
function adjudicated(
  seal?: Seal,
  battleRows: unknown[][] = BATTLES,
  legionRows: unknown[][] = LEGIONS,
  adjudicate: (s: Submission, seal?: Seal) => Adjudicated[] = adjudicateSubmission,
): WorkbookSheets & { logs: Map<string, CellValue[][]> } {
  const battles = table('Battles', [BATTLES_HEADER, ...battleRows]);
  const legions = table('Legions', [LEGIONS_HEADER, ...legionRows]);
  const submission = readSubmission(battles, legions);
  const all = adjudicate(submission, seal);
  const sheetNames = ['Battles', 'Legions', 'Results'];
  const sheets = [table('Results', resultsSheet(all, submission.problems, submission.warnings))];
  const logs = new Map<string, CellValue[][]>();
  for (const a of all) {
    if (!a.outcome.ok) continue;
    const log = logSheet(a.outcome.value, new Set(sheetNames));
    sheetNames.push(log.name);
    logs.set(log.name, logRows(log));
    sheets.push(table(log.name, logRows(log)));
  }
  return { battles, legions, sheetNames, sheets, logs };
}

/**
 * What a game master's own tool could write for a sealed turn: every battle fought on the
 * sealed stream of its id, whatever the id (Praetor refuses ids that look like others).
 */
function sealedWhateverTheIds(submission: Submission, seal?: Seal): Adjudicated[] {
  const record = { game: seal!.game, turn: seal!.turn, commitment: keyCommitment(seal!.key) };
  return submission.entries.map(({ id, where, spec }) => {
    const battle = validateBattle({ ...spec!, seed: undefined, dice: undefined, sealed: seal }, id);
    const outcome = battle.ok ? resolveBattle(battle.value) : battle;
    return { id, where, outcome, seal: record };
  });
}

const sheet = (book: WorkbookSheets, name: string) =>
  book.sheets.find((s) => s.origin.sheet === name)!;

describe('verifyWorkbook', () => {
  it('a sealed turn verifies with its key, pbem and cote-online, paused battles and problems', () => {
    const book = adjudicated(SEAL);
    const v = verifyWorkbook(book, { key: KEY });
    expect(v).toMatchObject({
      ok: true,
      value: { results: 'Results', battles: 3, mismatches: [], notes: [] },
    });
    if (!v.ok) return;
    expect(v.value.seal).toMatchObject({ game: 'Rome', turn: 7 });
    // Above the shots: 7 summary lines, a blank row, the header.
    expect(v.value.shots).toBe([...book.logs.values()].reduce((n, rows) => n + rows.length - 9, 0));
  });

  it('Results written before a mistyped battle was named (no "did you mean") verify, with a note', () => {
    const book = adjudicated(
      undefined,
      [...BATTLES, battle('Gergovia')],
      [
        ...LEGIONS,
        legion('Gergovia', 'Attacker', 'Ann', 3),
        legion('Gergovia', 'Defender', 'Bob', 2),
        legion('Gregovia', 'Defender', 'Cy', 1),
      ],
    );
    const hinted =
      'Legions!A11: the legion is for battle "Gregovia", which is not in Battles: did you mean "Gergovia"?';
    expect(verifyWorkbook(book)).toMatchObject({ ok: true, value: { mismatches: [], notes: [] } });
    const results = sheet(book, 'Results');
    const row = results.cells.findIndex((r) => r[9] === hinted);
    expect(row).toBeGreaterThan(0);
    const older = (edit: (cells: CellValue[][]) => void): WorkbookSheets => {
      const cells = results.cells.map((r) => [...r]) as CellValue[][];
      cells[row][9] = 'Legions!A11: the legion is for battle "Gregovia", which is not in Battles';
      edit(cells);
      return {
        ...book,
        sheets: book.sheets.map((s) => (s === results ? table('Results', cells) : s)),
      };
    };
    const v = verifyWorkbook(older(() => undefined));
    expect(v).toMatchObject({ ok: true, value: { mismatches: [] } });
    expect(v.ok && v.value.notes).toEqual([
      'Results name no battle a mistyped battle id is likely for (written before Praetor named it): compared without it',
    ]);
    // The hint's cell still checked: another battle named there is a mismatch.
    const other = verifyWorkbook(
      older(
        (cells) =>
          (cells[row][9] =
            'Legions!A11: the legion is for battle "Gregovia", which is not in Legions'),
      ),
    );
    expect(other.ok && other.value.mismatches.map((m) => m.where)).toEqual([`Results!J${row + 1}`]);
    // A changed cell beside the older text is caught.
    const changed = verifyWorkbook(older((cells) => (cells[1][3] = 99)));
    expect(changed.ok && changed.value.mismatches.map((m) => m.where)).toEqual(['Results!D2']);
  });

  it('a Results sheet of ten columns (before sealed dice) still verifies', () => {
    const book = adjudicated();
    expect(sheet(book, 'Results').cells[0]).toHaveLength(10);
    expect(verifyWorkbook(book)).toMatchObject({ ok: true, value: { mismatches: [] } });
  });

  it('the last Results sheet is checked, with the logs after it', () => {
    const book = adjudicated();
    // An older run's sheets before it: never read (the old log even has B1's title).
    const older: WorkbookSheets = {
      ...book,
      sheetNames: [
        'Battles',
        'Legions',
        'Results (old)',
        'Log B1 (old)',
        ...book.sheetNames.slice(2),
      ],
      sheets: [
        table('Results (old)', [[...RESULTS_HEADER], ['B1', 'stale']]),
        table('Log B1 (old)', book.logs.get('Log B1')!),
        ...book.sheets,
      ],
    };
    expect(verifyWorkbook(older)).toMatchObject({
      ok: true,
      value: { results: 'Results', mismatches: [] },
    });
    // This run's log of B1 gone: the old one before Results is not taken for it.
    const gone: WorkbookSheets = {
      ...older,
      sheetNames: older.sheetNames.filter((n) => n !== 'Log B1'),
      sheets: older.sheets.filter((s) => s.origin.sheet !== 'Log B1'),
    };
    const v = verifyWorkbook(gone);
    if (!v.ok) throw new Error(v.error);
    expect(v.value.mismatches.map((m) => m.message)).toEqual([
      'battle B1: the workbook has no sheet "Log B1" (its log)',
    ]);
  });

  it('a log sheet renamed since (an older sheet deleted) is found by its title', () => {
    const book = adjudicated();
    const renamed: WorkbookSheets = {
      ...book,
      sheetNames: book.sheetNames.map((n) => (n === 'Log B1' ? 'Log B1 (2)' : n)),
      sheets: book.sheets.map((s) =>
        s.origin.sheet === 'Log B1' ? table('Log B1 (2)', s.cells) : s,
      ),
    };
    expect(verifyWorkbook(renamed)).toMatchObject({ ok: true, value: { mismatches: [] } });
  });

  it('a grid that starts below row 1 is read at its place (cells named as on the sheet)', () => {
    const book = adjudicated();
    const rows = book.logs.get('Log B1')!.map((r) => [...r]);
    rows[10][3] = 'x';
    // As exceljs reads a sheet whose first rows are blank: the grid starts at its first used row.
    const moved = {
      ...book,
      sheets: book.sheets.map((s) =>
        s.origin.sheet === 'Log B1' ? table('Log B1', rows.slice(2), 2) : s,
      ),
    };
    const v = verifyWorkbook(moved);
    if (!v.ok) throw new Error(v.error);
    expect(v.value.mismatches.map((m) => [m.where, m.shot])).toEqual([
      ["'Log B1'!A1", undefined],
      ["'Log B1'!A2", undefined],
      ["'Log B1'!D11", 2],
    ]);
    expect(v.value.mismatches[0].message).toMatch(
      /^battle B1: 'Log B1'!A1 says \(blank\); the replay says "Battle B1 — /,
    );
  });

  it('logs written before they named the forces (no Attacker and Defender lines) still verify', () => {
    const book = adjudicated();
    // As Praetor wrote every log before: the dice line, then the outcome.
    const earlier = (rows: CellValue[][]) => [...rows.slice(0, 3), ...rows.slice(5)];
    expect(String(book.logs.get('Log B1')![3][0])).toMatch(/^Attacker: Marcus: /);
    expect(String(book.logs.get('Log B1')![4][0])).toMatch(/^Defender: Brutus: /);
    const old = (only?: string): WorkbookSheets => ({
      ...book,
      sheets: book.sheets.map((s) => {
        const name = String(s.origin.sheet);
        if (!name.startsWith('Log ') || (only && name !== only)) return s;
        return table(name, earlier(book.logs.get(name)!));
      }),
    });
    const v = verifyWorkbook(old());
    if (!v.ok) throw new Error(v.error);
    expect(v.value.mismatches).toEqual([]);
    expect(v.value.shots).toBe([...book.logs.values()].reduce((n, rows) => n + rows.length - 9, 0));
    expect(v.value.notes).toEqual([
      'Log B1, Log B2, Log B3 have no Attacker and Defender lines (written before logs named ' +
        'the forces): compared without them, every shot checked',
    ]);
    // One sheet of each layout in a workbook.
    const mixed = verifyWorkbook(old('Log B2'));
    if (!mixed.ok) throw new Error(mixed.error);
    expect(mixed.value.mismatches).toEqual([]);
    expect(mixed.value.notes).toEqual([
      'Log B2 has no Attacker and Defender lines (written before logs named the forces): ' +
        'compared without them, every shot checked',
    ]);

    // Every cell of an old log is still checked: a shot, and a summary line.
    const rows = earlier(book.logs.get('Log B1')!).map((r) => [...r]);
    rows[8][3] = 'x';
    rows[3] = ['The attacker wins.'];
    const edited = {
      ...book,
      sheets: book.sheets.map((s) => (s.origin.sheet === 'Log B1' ? table('Log B1', rows) : s)),
    };
    const w = verifyWorkbook(edited);
    if (!w.ok) throw new Error(w.error);
    expect(w.value.mismatches.map((m) => [m.where, m.shot])).toEqual([
      ["'Log B1'!A4", undefined],
      ["'Log B1'!D9", 2],
    ]);
    expect(w.value.mismatches[0].message).toMatch(
      /^battle B1: 'Log B1'!A4 says "The attacker wins."; the replay says "The /,
    );

    // A new log whose forces lines were deleted and whose header moved: the replay's layout
    // is not taken for the old one when the header is in neither place and the lines are there.
    const now = book.logs.get('Log B1')!.map((r) => [...r]);
    now[8] = ['Round'];
    const moved = {
      ...book,
      sheets: book.sheets.map((s) => (s.origin.sheet === 'Log B1' ? table('Log B1', now) : s)),
    };
    const m = verifyWorkbook(moved);
    if (!m.ok) throw new Error(m.error);
    expect(m.value.mismatches.map((x) => x.where)).toEqual(["'Log B1'!B9"]);
    expect(m.value.notes).toEqual([]);
  });

  it('a log written under another version of its rules says so, not only that its title differs', () => {
    const book = adjudicated();
    const retitled = (title: (t: string) => string): WorkbookSheets => ({
      ...book,
      sheets: book.sheets.map((s) =>
        s.origin.sheet === 'Log B2'
          ? table('Log B2', [[title(String(s.cells[0][0]))], ...s.cells.slice(1)])
          : s,
      ),
    });
    const title = String(sheet(book, 'Log B2').cells[0][0]);
    expect(title).toMatch(/\(cote-online 1\.1\.0\)$/);

    const older = verifyWorkbook(retitled((t) => t.replace('1.1.0', '1.0.0')));
    if (!older.ok) throw new Error(older.error);
    expect(older.value.mismatches.map((m) => m.message)).toEqual([
      "battle B2: 'Log B2'!A1: the log was written under cote-online 1.0.0, and this Praetor " +
        'plays cote-online 1.1.0; the rules changed between the two (docs/rules-cote-online.md ' +
        'lists what), so the shots may differ for that reason alone: verify it with the Praetor ' +
        'that adjudicated it',
    ]);

    // Another ruleset named, or the title otherwise changed: the plain mismatch.
    for (const edit of [
      (t: string) => t.replace('cote-online 1.1.0', 'cote-pbem 1.0.0'),
      (t: string) => t.replace('Battle B2', 'Battle B7'),
    ]) {
      const v = verifyWorkbook(retitled(edit));
      if (!v.ok) throw new Error(v.error);
      expect(v.value.mismatches.map((m) => m.message)).toEqual([
        `battle B2: 'Log B2'!A1 says "${edit(title)}"; the replay says "${title}"`,
      ]);
    }
  });

  it('shots missing from a log, and shots the dice do not give', () => {
    const book = adjudicated();
    const rows = book.logs.get('Log B3')!;
    const cut = {
      ...book,
      sheets: book.sheets.map((s) =>
        s.origin.sheet === 'Log B3' ? table('Log B3', rows.slice(0, -1)) : s,
      ),
    };
    const v = verifyWorkbook(cut);
    if (!v.ok) throw new Error(v.error);
    expect(v.value.mismatches).toHaveLength(1);
    expect(v.value.mismatches[0].message).toMatch(
      /^battle B3, shot \d+ \('Log B3'!A\d+\): missing from the log; the dice say Round "1"/,
    );

    const extra = {
      ...book,
      sheets: book.sheets.map((s) =>
        s.origin.sheet === 'Log B3' ? table('Log B3', [...rows, rows[rows.length - 1]]) : s,
      ),
    };
    const w = verifyWorkbook(extra);
    if (!w.ok) throw new Error(w.error);
    expect(w.value.mismatches[0].message).toMatch(
      /the log has a shot the dice do not give: Round "1"/,
    );
  });

  it('a log rewritten from the first shot on: at most 20 mismatches listed, the rest counted', () => {
    const book = adjudicated();
    const rows = book.logs
      .get('Log B1')!
      .map((r, i) => (i > 6 ? r.map((c, j) => (j === 3 ? 9 : c)) : r));
    const forged = {
      ...book,
      sheets: book.sheets.map((s) => (s.origin.sheet === 'Log B1' ? table('Log B1', rows) : s)),
    };
    const v = verifyWorkbook(forged);
    if (!v.ok) throw new Error(v.error);
    expect(rows.length - 7).toBeGreaterThan(MISMATCHES_PER_BATTLE + 1);
    expect(v.value.mismatches).toHaveLength(MISMATCHES_PER_BATTLE + 1);
    expect(v.value.mismatches[MISMATCHES_PER_BATTLE].message).toMatch(
      /^battle B1: \d+ more rows of its log differ, from 'Log B1'!D\d+ on$/,
    );
  });

  it('a Results row the orders do not give is named', () => {
    const book = adjudicated();
    const results = sheet(book, 'Results');
    const added = [...results.cells, ['B7', 'attacker', 'eliminated']];
    const v = verifyWorkbook({
      ...book,
      sheets: book.sheets.map((s) => (s === results ? table('Results', added) : s)),
    });
    if (!v.ok) throw new Error(v.error);
    expect(v.value.mismatches.map((m) => m.message)).toEqual([
      'battle B7: Results!A6: a Results row the orders do not give: Battle "B7", Winner "attacker", Outcome "eliminated"',
    ]);
  });

  it('a sealed turn: no key is an error; a changed commitment or turn cell is named', () => {
    const book = adjudicated(SEAL);
    expect(verifyWorkbook(book)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/are sealed .*give the game key/),
    });
    const results = sheet(book, 'Results');
    const edit = (r: number, c: number, v: unknown) => {
      const cells = results.cells.map((row) => [...row]);
      cells[r][c] = v;
      return {
        ...book,
        sheets: book.sheets.map((s) => (s === results ? table('Results', cells) : s)),
      };
    };
    // The other rows record the seal: the row that cannot is a mismatch naming its cell.
    const seven = verifyWorkbook(edit(1, 11, 'seven'), { key: KEY });
    if (!seven.ok) throw new Error(seven.error);
    expect(seven.value.mismatches.map((m) => m.message)).toEqual([
      'battle B1: Results!L2: Results say Turn "seven"; the replay says Turn "7"',
    ]);
    const nope = verifyWorkbook(edit(1, 12, 'nope'), { key: KEY });
    if (!nope.ok) throw new Error(nope.error);
    expect(nope.value.mismatches[0].message).toMatch(
      /^battle B1: Results!M2: Results say Commitment "nope"/,
    );
    // Turn 8 recorded in the second row only: the first row's seal is replayed, the second differs.
    const v = verifyWorkbook(edit(2, 11, 8), { key: KEY });
    if (!v.ok) throw new Error(v.error);
    expect(v.value.mismatches.map((m) => m.message)).toEqual([
      'battle B2: Results!L3: Results say Turn "8"; the replay says Turn "7"',
    ]);
  });
});

describe('what a player can be fooled by', () => {
  const COMMITMENT = createHash('sha256').update(Buffer.from(KEY, 'hex')).digest('hex');
  const messages = (v: ReturnType<typeof verifyWorkbook>) => {
    if (!v.ok) throw new Error(v.error);
    return v.value.mismatches.map((m) => m.message);
  };

  it('a key given for dice that are not sealed is a mismatch, naming the Seed cell', () => {
    // B1 gives no Seed: adjudicate derived one from the battle's orders.
    const v = verifyWorkbook(adjudicated(), { key: KEY });
    expect(messages(v)).toEqual([
      'a game key was given, but no battle in Results has sealed dice (Results!I2 says Seed ' +
        '"B1 | Marcus: 1 CAT 2 CAV 4 INF | Brutus: 5 INF"): these dice do not come from the key, and whoever chose a seed or a list of ' +
        'dice could choose them after the orders were in',
    ]);
  });

  it('the commitment, game and turn posted before orders were due are checked', () => {
    const book = adjudicated(SEAL);
    const posted = { commitment: COMMITMENT, game: 'Rome', turn: 7 };
    expect(messages(verifyWorkbook(book, { key: KEY }, posted))).toEqual([]);
    expect(
      messages(verifyWorkbook(book, { key: KEY }, { ...posted, commitment: 'ab'.repeat(32) })),
    ).toEqual([
      `Results!M2 says commitment ${COMMITMENT}, but the commitment posted before orders were due is ${'ab'.repeat(32)}`,
    ]);
    expect(messages(verifyWorkbook(book, { key: KEY }, { game: 'Roma', turn: 8 }))).toEqual([
      'Results!K2 says game Rome, but the game posted before orders were due is Roma',
      'Results!L2 says turn 7, but the turn posted before orders were due is 8',
    ]);
    // A commitment posted, and a workbook with no seal at all.
    expect(messages(verifyWorkbook(adjudicated(), undefined, { commitment: COMMITMENT }))).toEqual([
      `Results records no sealed dice, but the dice were to be sealed (commitment ${COMMITMENT} given)`,
    ]);
  });

  it('a sealed battle whose id looks like another (an invisible character, mixed scripts)', () => {
    const ids = ['B\u200b1', 'G\u0430llia']; // a zero-width space; a Cyrillic а among Latin letters
    const battles = ids.map((id) => battle(id));
    const legions = ids.flatMap((id) => [
      legion(id, 'Attacker', 'A', 2),
      legion(id, 'Defender', 'D', 2),
    ]);
    // Praetor refuses them when it adjudicates, and verify agrees with that Results sheet.
    const honest = adjudicated(SEAL, battles, legions);
    expect(sheet(honest, 'Results').cells.map((row) => row[2])).toEqual([
      'Outcome',
      'error',
      'error',
    ]);
    expect(messages(verifyWorkbook(honest, { key: KEY }))).toEqual([]);
    // A workbook whose battles were fought anyway, on the streams of those ids.
    const book = adjudicated(SEAL, battles, legions, sealedWhateverTheIds);
    const said = messages(verifyWorkbook(book, { key: KEY }));
    expect(said).toHaveLength(2);
    expect(said[0]).toMatch(
      /^battle B\u200b1: Results!B2: Results say Winner "attacker", .*; the replay says .*Error "Battles!A2: battle id "B\u200b1" has a character that does not show as itself \(U\+200B at position 2\): in a sealed turn a battle's id picks its dice/,
    );
    expect(said[1]).toMatch(
      /^battle G\u0430llia: Results!B3: Results say Winner "attacker", .*; the replay says .*Error "Battles!A3: battle id "G\u0430llia" mixes Latin and Cyrillic letters, which look alike/,
    );
    // Not sealed: the id picks no dice, so nothing to say.
    const plain = adjudicated(
      undefined,
      ids.map((id) => battle(id, { Seed: 's' })),
      ids.flatMap((id) => [legion(id, 'Attacker', 'A', 2), legion(id, 'Defender', 'D', 2)]),
    );
    expect(messages(verifyWorkbook(plain))).toEqual([]);
  });

  it('what the reader found (a formula, a number format, a hidden sheet) in the checked sheets', () => {
    const book = adjudicated();
    const shown = [
      { sheet: 'Log B1', where: "'Log B1'!D9", problem: 'holds a formula (=6)' },
      { sheet: 'Results', where: 'Results!D2', problem: 'has the number format "\\"6\\""' },
      { sheet: 'Results (old)', where: "'Results (old)'!A1", problem: 'holds a formula (=1)' },
    ];
    const older = {
      ...book,
      sheetNames: ['Results (old)', ...book.sheetNames],
      sheets: [table('Results (old)', [[...RESULTS_HEADER]]), ...book.sheets],
      shown,
    };
    const v = verifyWorkbook(older);
    expect(messages(v)).toEqual([
      "battle B1: 'Log B1'!D9: holds a formula (=6)",
      'Results!D2: has the number format "\\"6\\""',
    ]);
    expect(v.ok && v.value.notes).toEqual([
      'Results (old) is an earlier Results sheet: only the last, Results, is checked',
    ]);
  });
});
