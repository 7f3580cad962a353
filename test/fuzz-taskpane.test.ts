import { appendFileSync } from 'node:fs';
import seedrandom from 'seedrandom';
import { Report, resolveAll, resolveOne, showOdds } from '../taskpane/actions';
import { parseRangeRef } from '../taskpane/address';
import { readPastedKey, sessionSeal } from '../taskpane/seal';
import { WorkbookHost } from '../taskpane/host';
import { PaneInput } from '../taskpane/input';
import { OddsProvider } from '../taskpane/odds';
import { verifyAll } from '../taskpane/verify';
import { ok } from '../src/result';
import { RESULTS_HEADER, SEAL_HEADER } from '../src/results-sheet';
import { BATTLES_HEADER } from './helpers/workbooks';
import { BATTLES, LEGIONS, paneInput, submissionWorkbook, unseededWorkbook } from './sim/fixtures';
import {
  parseA1,
  quoteSheetName,
  SimFixture,
  SimValue,
  SimVisibility,
  SimWorkbook,
} from './sim/model';
import { removeSim } from './sim/office';
import { openSim } from './sim/open';

/**
 * A seeded fuzz test of the add-in's actions (Resolve, Odds, Resolve all, Verify) through the
 * real adapter on the simulated Excel host: random workbooks (sheet names, cell values, Excel
 * tables, hidden sheets), random form inputs, and a random operation of a batch made to fail.
 * Every case replays from its seed: `FUZZ_SEED=... FUZZ_CASES=... npx jest test/fuzz-taskpane`
 * runs a longer campaign, and `FUZZ_ONLY=<case number>` runs one case of each property again.
 */

const SEED = process.env.FUZZ_SEED ?? 'praetor-pane-fuzz-1';
const CASES = Number(process.env.FUZZ_CASES ?? 60);

jest.setTimeout(60_000);

type Rng = () => number;
const int = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
const chance = (rng: Rng, p: number) => rng() < p;

afterEach(() => removeSim(globalThis));

// ---------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------

/** Legal sheet names Excel takes, many of them awkward in an address or a message. */
const ODD_SHEET_NAMES = [
  'Log B1',
  'Log 7',
  'Log battle',
  'Results',
  'Results (2)',
  'results (3)',
  "It's",
  "O'Brien's army",
  ' spaced ',
  'Ünïcødé ß',
  '日本語の表',
  'x'.repeat(31),
  'Sheet 1',
  'A1',
  'R1C1',
  '#N/A',
  'TRUE',
  '=x',
  '+1',
  '-2',
  '@me',
  '42',
  'Battles (2)',
  'Log ' + 'y'.repeat(27),
  'a!b',
  'semi;colon,comma',
];

/** Values as Office gives them: numbers, text, booleans, blanks, error values as text. */
const ODD_VALUES: SimValue[] = [
  '',
  0,
  -1,
  1.5,
  8,
  1e9,
  true,
  false,
  '#N/A',
  '#VALUE!',
  '#DIV/0!',
  '#REF!',
  'lots',
  "'=evil()",
  "'+1",
  "'-3",
  "'@x",
  ' 3 ',
  '３',
  'Infantry',
  'Attacker',
  'x'.repeat(300),
  // Longer than any cell Praetor reads takes; not 32,767: see the first regression below.
  'é'.repeat(32_000),
];

const ODD_IDS: SimValue[] = [
  'B1',
  7,
  "'=2+3",
  'Gallia',
  'x'.repeat(40),
  'B/1: [north]*?',
  "'quoted'",
  "It's",
  'Ünï',
  'Results',
  'History',
  "'#N/A",
  "'TRUE",
  "'-5",
  '  sp  ',
  '日本',
  'B_1_ _north___',
  'b1',
  'B1 ',
  'LOG',
  'x'.repeat(41),
  'x'.repeat(27) + 'y',
  'x'.repeat(255),
];

interface Submission {
  battles: SimValue[][];
  legions: SimValue[][];
  ids: string[];
}

const UNIT_COLUMNS = ['Infantry', 'Cavalry', 'Catapult', 'Galley'];

/** A random submission: mostly valid battles, some with a bad cell when `noise` is set. */
function genSubmission(rng: Rng, battles: number, noise: boolean): Submission {
  const rows: SimValue[][] = [[...BATTLES_HEADER]];
  const legions: SimValue[][] = [['Battle', 'Side', 'Player', 'Leader', ...UNIT_COLUMNS]];
  const ids: string[] = [];
  for (let b = 0; b < battles; b++) {
    let id: SimValue = chance(rng, 0.5) ? `B${b + 1}` : pick(rng, ODD_IDS);
    if (ids.includes(String(id).replace(/^'/, '').toLowerCase())) id = `${String(id)}-${b}`;
    ids.push(String(id).replace(/^'/, '').toLowerCase());
    const rules = pick(rng, ['', '', 'cote-pbem', 'cote-online']);
    const fort = pick(rng, ['', '', 0, 1, 2]);
    const breach = fort === '' || fort === 0 ? '' : pick(rng, ['', 'any', 'catapult']);
    const retreat = rules === 'cote-online' ? '' : pick(rng, ['', '', 'lost >= 3', 'units <= 2']);
    const rounds = pick(rng, ['', '', 1, 2]);
    const dice =
      chance(rng, 0.2) && rules !== 'cote-online'
        ? Array.from({ length: int(rng, 1, 60) }, () => int(rng, 1, 6)).join(',')
        : '';
    const seed =
      dice === '' && chance(rng, 0.7) ? pick(rng, ['alpha', "'42", "'=1", 'ü €', '']) : '';
    rows.push([
      id,
      pick(rng, ['Gallia', '', "'+Roma"]),
      rules,
      '',
      fort,
      breach,
      retreat,
      rounds,
      seed,
      dice,
    ]);
    for (const side of ['Attacker', 'Defender']) {
      for (let l = int(rng, 1, 2); l > 0; l--) {
        const counts = UNIT_COLUMNS.map(() => 0);
        const total = int(rng, 1, 7);
        for (let u = 0; u < total; u++) counts[int(rng, 0, 2)]++;
        legions.push([
          id,
          side,
          pick(rng, ['Ann', 'Bob', "'=x", '']),
          pick(rng, ['', 'Marcus', 'Titus', "'@lead"]),
          ...counts.map((n) => (n === 0 && chance(rng, 0.5) ? '' : n)),
        ]);
      }
    }
  }
  if (noise) {
    for (let n = int(rng, 1, 3); n > 0; n--) {
      const table = chance(rng, 0.5) ? rows : legions;
      const r = int(rng, 0, table.length - 1);
      const c = int(rng, 0, table[0].length - 1);
      table[r][c] = pick(rng, ODD_VALUES);
    }
  }
  return { battles: rows, legions, ids };
}

/** Two `Unit | Count` blocks and a Legions-layout block, for Resolve and Odds. */
const ROSTERS: SimValue[][] = [
  ['Unit', 'Count', '', 'Unit', 'Count', '', 'Side', 'Leader', 'Infantry', 'Cavalry'],
  ['Infantry', 3, '', 'Infantry', 4, '', 'Attacker', 'Marcus', 2, 1],
  ['Cavalry', 1, '', 'Leader', 'Titus', '', 'Defender', 'Titus', 3, ''],
  ['Catapult', 1, '', '', '', '', 'Attacker', '', 1, 1],
  ['Leader', 'Marcus', '', '', '', '', '', '', '', ''],
];

interface Generated {
  fixture: SimFixture;
  rostersSheet: string;
  visibility: [string, SimVisibility][];
  description: string[];
}

/** A random workbook: the submission on sheets or in Excel tables, odd sheets, hidden ones. */
function genWorkbook(rng: Rng, opts: { battles: number; noise: boolean }): Generated {
  const sub = genSubmission(rng, opts.battles, opts.noise);
  const description: string[] = [];
  const sheets: SimFixture['sheets'] = [];
  const tables: NonNullable<SimFixture['tables']> = [];
  const used = new Set<string>();
  const name = (wanted: string) => {
    let n = wanted;
    for (let i = 2; used.has(n.toLowerCase()); i++) n = `${wanted.slice(0, 25)} ${i}`;
    used.add(n.toLowerCase());
    return n;
  };
  for (const [table, rows] of [
    ['Battles', sub.battles],
    ['Legions', sub.legions],
  ] as const) {
    if (chance(rng, 0.3)) {
      const sheet = name(pick(rng, ODD_SHEET_NAMES));
      const at = pick(rng, ['A1', 'B2', 'C5']);
      const totals = chance(rng, 0.3);
      const all = totals ? [...rows, ['Total', 99, "'=SUBTOTAL()", '#N/A']] : rows;
      sheets.push({ name: sheet, rows: all as SimValue[][], at });
      const box = /^([A-Z])(\d)$/.exec(at)!;
      const c0 = box[1].charCodeAt(0) - 65;
      const last = String.fromCharCode(65 + c0 + rows[0].length - 1);
      tables.push({
        name: chance(rng, 0.8) ? table : table.toUpperCase(),
        ref: `${quoteSheetName(sheet)}!${at}:${last}${Number(box[2]) + all.length - 1}`,
        showTotals: totals,
      });
      description.push(`${table} as a table on ${sheet}!${at}${totals ? ' with totals' : ''}`);
    } else {
      const sheet = name(
        pick(rng, [table, table, table, table.toUpperCase(), ` ${table.toLowerCase()} `]),
      );
      const at = pick(rng, ['A1', 'A1', 'A1', 'B3']);
      sheets.push({ name: sheet, rows: rows as SimValue[][], at });
      if (sheet !== table || at !== 'A1') description.push(`${table} on '${sheet}'!${at}`);
    }
  }
  const rostersSheet = name(chance(rng, 0.5) ? 'Rosters' : pick(rng, ODD_SHEET_NAMES));
  sheets.push({ name: rostersSheet, rows: ROSTERS });
  for (let n = int(rng, 0, 3); n > 0; n--) {
    const sheet = name(pick(rng, ODD_SHEET_NAMES));
    const rows = Array.from({ length: int(rng, 0, 4) }, () =>
      Array.from({ length: int(rng, 1, 4) }, () => pick(rng, ODD_VALUES)),
    );
    sheets.push({ name: sheet, rows, at: pick(rng, ['A1', 'D4']) });
  }
  // Shuffle the order of the sheets.
  for (let i = sheets.length - 1; i > 0; i--) {
    const j = int(rng, 0, i);
    [sheets[i], sheets[j]] = [sheets[j], sheets[i]];
  }
  const visibility: [string, SimVisibility][] = [];
  for (const s of sheets.slice(1)) {
    if (chance(rng, 0.2)) visibility.push([s.name, pick(rng, ['Hidden', 'VeryHidden'] as const)]);
  }
  description.push(`sheets ${JSON.stringify(sheets.map((s) => s.name))}`);
  if (visibility.length > 0) description.push(`hidden ${JSON.stringify(visibility)}`);
  return {
    fixture: {
      sheets,
      tables,
      names: [
        { name: 'AttackerRoster', ref: `${quoteSheetName(rostersSheet)}!A1:B5` },
        { name: 'Words', ref: 'hello' },
        { name: 'Gone', ref: 'NoSuchSheet!A1:B2' },
      ],
      active: sheets[0].name,
      selection: `${quoteSheetName(rostersSheet)}!D1:E3`,
      apiVersion: pick(rng, ['1.7', '1.9', '1.12']),
    },
    rostersSheet,
    visibility,
    description,
  };
}

/** What a user may type in a roster box: addresses good and bad, names, garbage. */
function genRef(rng: Rng, rosters: string, sheets: readonly string[]): string {
  const q = quoteSheetName(rosters);
  const any = quoteSheetName(pick(rng, sheets));
  if (chance(rng, 0.6)) {
    return pick(rng, [
      `${q}!A1:B5`,
      `${q}!D1:E3`,
      `${q}!G1:J4`,
      `${q}!G:J`,
      `${q}!A:B`,
      'AttackerRoster',
    ]);
  }
  return pick(rng, [
    `${q}!A1:B5`,
    `${q}!D1:E3`,
    `${q}!G1:J4`,
    `${q}!A:B`,
    `${q}!$D$1:$E$3`,
    `${q}!G:J`,
    `${q}!G2:J3`,
    `${q.toLowerCase()}!a1:b5`,
    `'${rosters.replace(/'/g, "''")}'!A1:B5`,
    `${rosters}!A1:B5`,
    'AttackerRoster',
    'attackerroster',
    'Words',
    'Gone',
    'NoSuchName',
    'A1:F9',
    'A:F',
    '3:5',
    "'It''s'!A1:B2",
    `${any}!A1:XFD1048576`,
    `${any}!A:XFD`,
    `${any}!1:1048576`,
    `${any}!A1`,
    'XFD1048576',
    'A1:XFE2',
    'A0',
    'A1048577',
    'R1C1',
    'R[1]C[1]',
    'Sheet1!',
    '!A1',
    'Nowhere!A1',
    `${q}!A1:B5:C6`,
    '=A1',
    'A1,B2',
    'My Name',
    "''!A1",
    "'''!A1",
    'A1:B2!',
    `${q}!A1 : B5`,
    '',
    '   ',
    '日本!A1',
    `${q}!ZZZZ1`,
    'x'.repeat(300),
  ]);
}

function genInput(rng: Rng, rosters: string, sheets: readonly string[]): PaneInput {
  return paneInput({
    battle: pick(rng, ['B1', '', '   ', 'B/1:[x]', 'x'.repeat(40), "'q'", '7', 'Log', 'ü']),
    attacker: genRef(rng, rosters, sheets),
    defender: genRef(rng, rosters, sheets),
    rules: pick(rng, ['cote-pbem', 'cote-pbem', 'cote-pbem', 'cote-online', 'nope']),
    options: {
      sea: chance(rng, 0.1),
      fort: pick(rng, ['', '', '', '1', '2', '3', 'x']),
      breachBy: pick(rng, ['', '', '', 'any', 'catapult', 'ram']),
      retreat: pick(rng, ['', '', '', 'lost >= 3', 'when losing']),
      rounds: pick(rng, ['', '', '', '1', '0', '-1', 'many']),
    },
    dice: pick(rng, [
      { kind: 'seed', text: 'alpha' },
      { kind: 'seed', text: '' },
      { kind: 'seed', text: '=1+1' },
      { kind: 'rolls', text: '1,2,3,4,5,6' },
      { kind: 'rolls', text: Array.from({ length: 300 }, () => int(rng, 1, 6)).join(' ') },
      { kind: 'rolls', text: 'seven' },
      { kind: 'rolls', text: '' },
    ] as const),
  });
}

// ---------------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------------

/** Text that only an unexpected exception (or a value that should not be shown) gives. */
const RAW = [
  /Cannot read propert/i,
  /is not a function/,
  /is not iterable/,
  /TypeError|RangeError|ReferenceError/,
  /\bundefined\b/,
  /\bNaN\b/,
  /\[object /,
  /PropertyNotLoaded|is not available\. Before reading/,
  /Maximum call stack/,
  /Invalid array length/,
  /null object/i,
];

function checkReport(report: unknown, what: string): asserts report is Report {
  const r = report as Report;
  if (typeof r !== 'object' || r === null) throw new Error(`${what}: no Report: ${String(r)}`);
  expect(['success', 'warning', 'error']).toContain(r.tone);
  expect(typeof r.message).toBe('string');
  if (r.message.trim() === '') throw new Error(`${what}: an empty message`);
  for (const text of [r.message, ...r.details]) {
    const raw = RAW.find((re) => re.test(text));
    if (raw) throw new Error(`${what}: raw exception text (${raw}) in "${text}"`);
  }
}

/** Calls an action; a throw or a rejection fails the case with the action's name. */
async function run(what: string, action: () => Promise<Report>): Promise<Report> {
  let report: Report;
  try {
    report = await action();
  } catch (e) {
    throw new Error(`${what} threw: ${e instanceof Error ? e.stack : String(e)}`);
  }
  checkReport(report, what);
  return report;
}

/** Each sheet's snapshot, by sheet, in order: the whole workbook apart from the new sheets. */
function sheetsOf(model: SimWorkbook): { name: string; json: string }[] {
  const all = JSON.parse(model.snapshot()) as { sheets: { name: string }[] };
  return all.sheets.map((s) => ({ name: s.name, json: JSON.stringify(s) }));
}

interface Before {
  /** The whole snapshot: names, tables, the active sheet included. */
  full: string;
  /** Each sheet's snapshot, in order. */
  sheets: string[];
  /** Everything but the sheets and the active one. */
  rest: string;
}

function before(model: SimWorkbook): Before {
  const all = JSON.parse(model.snapshot()) as { names: unknown; tables: unknown };
  return {
    full: model.snapshot(),
    sheets: sheetsOf(model).map((s) => s.json),
    rest: JSON.stringify([all.names, all.tables]),
  };
}

/** After a success: every sheet there before is there, unchanged and in order; only additions. */
function expectOnlyAdded(b: Before, model: SimWorkbook, what: string): void {
  const now = sheetsOf(model).map((s) => s.json);
  const kept = now.slice(0, b.sheets.length);
  kept.forEach((json, i) => {
    if (json !== b.sheets[i]) {
      throw new Error(
        `${what}: the sheet at ${i} was changed, moved or removed:\n${b.sheets[i]}\n${json}`,
      );
    }
  });
  const all = JSON.parse(model.snapshot()) as { names: unknown; tables: unknown };
  expect(JSON.stringify([all.names, all.tables])).toBe(b.rest);
}

function applyVisibility(model: SimWorkbook, gen: Generated): void {
  for (const [name, v] of gen.visibility) {
    const visible = model.sheets.filter((s) => s.visibility === 'Visible');
    const sheet = model.sheet(name)!;
    if (visible.length > 1 || sheet.visibility !== 'Visible') sheet.visibility = v;
    if (model.active.toLowerCase() === name.toLowerCase() && v !== 'Visible') {
      model.active = model.sheets.find((s) => s.visibility === 'Visible')!.name;
    }
  }
}

/**
 * Formulas (with their saved values, so the values read are the same) and number formats on
 * some cells of the orders: what a real workbook has, and what Praetor must read through.
 */
function decorate(model: SimWorkbook, seed: string): void {
  const rng = seedrandom(`${seed}-decorate`);
  for (const sheet of model.sheets) {
    const box = sheet.usedBox(true);
    if (!box || chance(rng, 0.6)) continue;
    for (let n = int(rng, 1, 3); n > 0; n--) {
      const r = int(rng, box.r0, box.r1);
      const c = int(rng, box.c0, box.c1);
      const value = sheet.value(r, c);
      if (value === '') continue;
      if (chance(rng, 0.5)) sheet.setFormula(r, c, `=IF(TRUE,${JSON.stringify(value)})`, value);
      else sheet.format(r, c).numberFormat = pick(rng, ['0.00', '@', 'General', ';;;']);
    }
  }
}

async function openGenerated(gen: Generated) {
  const opened = await openSim(gen.fixture);
  applyVisibility(opened.model, gen);
  decorate(opened.model, gen.description.join());
  return opened;
}

/** Counts the operations an action queues, on a copy of the workbook, for the failure hook. */
async function countOperations(gen: Generated, act: (host: WorkbookHost) => Promise<Report>) {
  const { model, host } = await openGenerated(gen);
  const old = model.sheets.length;
  let operations = 0;
  model.failOn = () => {
    operations++;
    return false;
  };
  await act(host);
  removeSim(globalThis);
  return { operations, added: model.sheets.slice(old).map((s) => s.name) };
}

const SEAL = { key: 'c3'.repeat(32), game: 'Rome', turn: 3 };

const fakeOdds: OddsProvider = {
  compute: async () =>
    ok({
      method: 'exact',
      ruleset: { id: 'cote-pbem', version: '1.0.0' },
      attackerWins: 0.5,
      defenderWins: 0.5,
      attackerRetreats: 0,
      undecided: 0,
      expectedRounds: 1,
    } as never),
};

/**
 * Runs `CASES` cases, each from its own seed; a failing case is recorded and the others go on,
 * so that a long campaign lists every failure (`FUZZ_FAILURES` names a file to append them to).
 */
async function forCases(name: string, body: (seed: string) => Promise<void>): Promise<void> {
  const failures: string[] = [];
  for (let i = 0; i < CASES; i++) {
    if (process.env.FUZZ_ONLY !== undefined && Number(process.env.FUZZ_ONLY) !== i) continue;
    const seed = `${SEED}-${name}-${i}`;
    try {
      await body(seed);
    } catch (e) {
      const text = e instanceof Error ? e.message : String(e);
      failures.push(`[${seed}] ${text}`);
      if (process.env.FUZZ_FAILURES) {
        appendFileSync(process.env.FUZZ_FAILURES, JSON.stringify({ seed, text }) + '\n');
      }
    }
  }
  if (failures.length > 0) {
    throw new Error(
      `${failures.length} of ${CASES} cases failed:\n${failures.slice(0, 3).join('\n\n').slice(0, 6000)}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

describe('fuzz: random workbooks and form inputs', () => {
  test('parseRangeRef never throws, and what it accepts Excel can address', () => {
    const rng = seedrandom(`${SEED}-ref`);
    const alphabet = 'AZaz019$:!\' _.\\-=@#[]()"R[]C,;é日\t';
    for (let i = 0; i < CASES * 50; i++) {
      const text = chance(rng, 0.5)
        ? genRef(rng, pick(rng, ODD_SHEET_NAMES), ODD_SHEET_NAMES)
        : Array.from({ length: int(rng, 0, 14) }, () => pick(rng, [...alphabet])).join('');
      const ref = parseRangeRef(text);
      if (!ref.ok) {
        expect(ref.error.length).toBeGreaterThan(0);
        continue;
      }
      if (ref.value.kind === 'address' && parseA1(ref.value.a1.replace(/\$/g, '')) === null) {
        throw new Error(`"${text}" accepted as ${ref.value.a1}, which Excel cannot address`);
      }
    }
  });

  test('Resolve and Odds never throw; an error leaves the workbook as it was; a success only adds a sheet', async () => {
    await forCases(`one`, async (seed) => {
      const rng = seedrandom(seed);
      const gen = genWorkbook(rng, { battles: int(rng, 1, 3), noise: chance(rng, 0.5) });
      const names = gen.fixture.sheets.map((s) => s.name);
      const input = genInput(rng, gen.rostersSheet, names);
      const what = `seed ${seed}: ${gen.description.join('; ')}; input ${JSON.stringify(input)}`;
      const { model, host } = await openGenerated(gen);

      const b0 = before(model);
      model.syncCount = 0;
      const odds = await run(`Odds (${what})`, () => showOdds(host, input, fakeOdds));
      expect(model.snapshot()).toBe(b0.full);
      expect(model.syncCount).toBeLessThanOrEqual(odds.tone === 'error' ? 2 : 1);

      model.syncCount = 0;
      const report = await run(`Resolve (${what})`, () => resolveOne(host, input));
      if (report.tone === 'error') {
        expect(model.snapshot()).toBe(b0.full);
        expect(model.syncCount).toBeLessThanOrEqual(2);
      } else {
        expect(model.syncCount).toBe(2);
        expect(model.sheets).toHaveLength(names.length + 1);
        expectOnlyAdded(b0, model, what);
      }
    });
  });

  test('Resolve all then Verify: every workbook Resolve all writes verifies; errors change nothing', async () => {
    await forCases(`all`, async (seed) => {
      const rng = seedrandom(seed);
      const gen = genWorkbook(rng, {
        battles: chance(rng, 0.1) ? int(rng, 10, 20) : int(rng, 1, 6),
        noise: chance(rng, 0.4),
      });
      const mode = pick(rng, ['once', 'once', 'sealed', 'twice', 'after Resolve'] as const);
      const what = `seed ${seed}: ${gen.description.join('; ')}; ${mode}`;
      const { model, host } = await openGenerated(gen);
      if (mode === 'after Resolve') {
        const q = quoteSheetName(gen.rostersSheet);
        await run(`Resolve (${what})`, () =>
          resolveOne(
            host,
            paneInput({ battle: 'B1', attacker: `${q}!A1:B5`, defender: `${q}!D1:E3` }),
          ),
        );
      }
      const seal = mode === 'sealed' ? SEAL : undefined;
      if (mode === 'twice') await run(`Resolve all (${what})`, () => resolveAll(host));
      const b0 = before(model);
      model.syncCount = 0;
      const report = await run(`Resolve all (${what})`, () => resolveAll(host, seal));
      if (report.tone === 'error') {
        expect(model.snapshot()).toBe(b0.full);
        expect(model.syncCount).toBeLessThanOrEqual(2);
        return;
      }
      expect(model.syncCount).toBe(3);
      expectOnlyAdded(b0, model, what);
      const b1 = model.snapshot();
      model.syncCount = 0;
      const verified = await run(`Verify (${what})`, () =>
        verifyAll(host, seal && { key: seal.key, game: seal.game }),
      );
      expect(model.syncCount).toBe(2);
      expect(model.snapshot()).toBe(b1);
      if (verified.tone !== 'success') {
        throw new Error(
          `${what}: Verify after Resolve all: ${verified.message}\n${verified.details.join('\n').slice(0, 2000)}`,
        );
      }
    });
  });
});

const COLUMN = (c: number) => {
  let s = '';
  for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26))
    s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
};

/** A value whose text (as verify reads it: trimmed) differs from `v`'s, once Excel stores it. */
function other(rng: Rng, v: SimValue): SimValue {
  const text = String(v).trim();
  const options: SimValue[] = [`'${text}x`, `'x${text}`, 1 + (Number(text) || 0), true, "'#N/A"];
  if (text !== '') options.push('');
  if (text.toUpperCase() !== text) options.push(`'${text.toUpperCase()}`);
  return pick(
    rng,
    options.filter((o) => String(o).replace(/^'/, '').trim() !== text),
  );
}

type Tamper = 'cell' | 'formula' | 'format' | 'hide' | 'delete sheet' | 'extra row' | 'clear row';

/** The rows of a log sheet: its summary, a blank row, the header, then the shots. */
const logHeaderAt = (grid: SimValue[][]) =>
  grid.findIndex((row, r) => r > 0 && grid[r - 1].every((v) => v === '') && row[0] !== '');

describe('fuzz: Verify is tamper-evident', () => {
  test('one change to Results or a log never verifies, and the message names the cell or sheet', async () => {
    await forCases(`tamper`, async (seed) => {
      const rng = seedrandom(seed);
      const gen = genWorkbook(rng, { battles: int(rng, 1, 4), noise: chance(rng, 0.3) });
      const { model, host } = await openGenerated(gen);
      const old = model.sheets.length;
      const sealed = chance(rng, 0.2);
      const report = await run(`Resolve all (seed ${seed})`, () =>
        resolveAll(host, sealed ? SEAL : undefined),
      );
      if (report.tone === 'error') return;
      const added = model.sheets.slice(old);
      const sheet = chance(rng, 0.4) ? added[0] : pick(rng, added);
      const results = sheet === added[0];
      const grid = sheet.grid();
      const width = results ? grid[0].length : Math.max(...grid.map((row) => row.length));
      const kind: Tamper = pick(rng, [
        'cell',
        'cell',
        'cell',
        'formula',
        'format',
        'hide',
        ...(results ? [] : (['delete sheet', 'clear row'] as const)),
        'extra row',
      ] as const);
      const first = results ? 0 : chance(rng, 0.8) ? logHeaderAt(grid) + 1 : 0;
      let r = int(rng, first, grid.length - 1);
      const c = int(rng, 0, width - 1);
      let where = `${quoteSheetName(sheet.name)}!${COLUMN(c)}${r + 1}`;
      let change = kind;
      if (kind === 'cell') {
        r = int(rng, first, grid.length);
        where = `${quoteSheetName(sheet.name)}!${COLUMN(c)}${r + 1}`;
        const was = sheet.value(r, c);
        const now = other(rng, was);
        sheet.assign(r, c, now);
        change = `${JSON.stringify(was)} -> ${JSON.stringify(now)}` as Tamper;
      } else if (kind === 'formula' || kind === 'format') {
        while (grid[r].every((v) => v === '')) r++;
        const col = pick(
          rng,
          grid[r].flatMap((v, j) => (v === '' ? [] : [j])),
        );
        where = `${quoteSheetName(sheet.name)}!${COLUMN(col)}${r + 1}`;
        const value = sheet.value(r, col);
        if (kind === 'formula') sheet.setFormula(r, col, `=${JSON.stringify(value)}`, value);
        else sheet.format(r, col).numberFormat = pick(rng, ['0.00', ';;;', '"6"']);
      } else if (kind === 'hide') {
        sheet.visibility = pick(rng, ['Hidden', 'VeryHidden'] as const);
        where = sheet.name;
      } else if (kind === 'delete sheet') {
        model.sheets.splice(model.sheets.indexOf(sheet), 1);
        where = `"${sheet.name}"`;
      } else if (kind === 'extra row') {
        r = grid.length;
        sheet.assign(r, c, `'${pick(rng, ['1', 'x', 'Attacker'])}`);
        where = `${quoteSheetName(sheet.name)}!${COLUMN(c)}${r + 1}`;
      } else {
        while (grid[r].every((v) => v === '')) r++;
        grid[r].forEach((_, col) => sheet.assign(r, col, ''));
        for (let col = 0; col < width; col++) sheet.cells.delete(`${r},${col}`);
        where = `${quoteSheetName(sheet.name)}!A${r + 1}`;
      }
      const what = `seed ${seed}: ${gen.description.join('; ')}${sealed ? '; sealed' : ''}; ${kind} at ${where} ${change}`;
      const verified = await run(`Verify (${what})`, () =>
        verifyAll(host, sealed ? { key: SEAL.key } : undefined),
      );
      const said = [verified.message, ...verified.details];
      // Known bugs, with their regressions below: a sealed Results' Game, Turn or Commitment
      // header changed, or the Game or Turn of its first row (the one the seal is read from).
      const knownBug =
        sealed && results && ((r === 0 && c >= 10) || (r === 1 && (c === 10 || c === 11)));
      if (knownBug) return;
      if (verified.tone === 'success') throw new Error(`${what}: verified after tampering`);
      if (!said.some((t) => t.includes(where))) {
        throw new Error(`${what}: not named: ${said.join('\n').slice(0, 2000)}`);
      }
    });
  });
});

describe('fuzz: Excel failing one random operation, or a co-author adding a sheet meanwhile', () => {
  test.each([
    ['Resolve', (host: WorkbookHost, input: PaneInput) => resolveOne(host, input)],
    ['Resolve all', (host: WorkbookHost) => resolveAll(host)],
    ['Verify', (host: WorkbookHost) => verifyAll(host)],
  ] as const)('%s: a failure leaves the workbook as it was', async (name, act) => {
    await forCases(`fail-${name}`, async (seed) => {
      const rng = seedrandom(seed);
      const gen = genWorkbook(rng, { battles: int(rng, 1, 4), noise: chance(rng, 0.2) });
      const input = paneInput({
        attacker: `${quoteSheetName(gen.rostersSheet)}!A1:B5`,
        defender: `${quoteSheetName(gen.rostersSheet)}!${pick(rng, ['D1:E3', 'G1:J4'])}`,
      });
      const dry = await countOperations(gen, (host) => act(host, input));
      const k = int(rng, 1, dry.operations);
      const theirs = dry.added.length > 0 && chance(rng, 0.3) ? pick(rng, dry.added) : null;
      const { model, host } = await openGenerated(gen);
      const b0 = before(model);
      let seen = 0;
      let failed = '';
      let added = false;
      model.failOn = (op) => {
        seen++;
        if (seen !== k) return false;
        failed = op;
        if (theirs === null) return true;
        if (!model.sheet(theirs)) {
          model.addSheet(theirs, [['theirs']]);
          added = true;
        }
        return false;
      };
      const what = `seed ${seed}: ${gen.description.join('; ')}; operation ${k} of ${dry.operations} ${theirs === null ? 'fails' : `adds their sheet "${theirs}"`}`;
      const report = await run(`${name} (${what})`, () => act(host, input));
      const mine = theirs === null ? null : model.sheets.find((s) => s.name === theirs);
      if (theirs !== null && added) {
        if (!mine || JSON.stringify(mine.grid()) !== '[["theirs"]]') {
          throw new Error(
            `${what} (${failed}): their sheet was changed or removed: "${report.message}"`,
          );
        }
        // Their sheet aside, the same rules.
        model.sheets.splice(model.sheets.indexOf(mine), 1);
      }
      if (report.tone === 'error') {
        const now = JSON.parse(model.snapshot()) as { active: string };
        const was = JSON.parse(b0.full) as { active: string };
        if (theirs !== null && now.active !== was.active)
          throw new Error(`${what}: the active sheet moved`);
        now.active = was.active;
        if (JSON.stringify(now) !== JSON.stringify(was)) {
          throw new Error(
            `${what} (${failed}): "${report.message}" but the workbook changed: ${JSON.stringify(model.sheets.map((s) => s.name))}`,
          );
        }
      } else {
        expectOnlyAdded(b0, model, what);
      }
    });
  });
});

/** A Results sheet someone typed or edited: the header, and rows of plausible or odd values. */
function genFakeResults(rng: Rng): SimValue[][] {
  const sealed = chance(rng, 0.4);
  const header: SimValue[] = [...RESULTS_HEADER, ...(sealed ? SEAL_HEADER : [])];
  if (chance(rng, 0.2)) header[int(rng, 0, header.length - 1)] = pick(rng, ODD_VALUES);
  const rows: SimValue[][] = [header];
  const plausible: SimValue[] = [
    'B1',
    'attacker',
    'defender',
    'eliminated',
    'retreat',
    'error',
    3,
    '2 INF',
    'sealed',
    'alpha',
    "'scripted: 1,2,3",
    'Rome',
    "'3",
    'ab'.repeat(32),
    'AB'.repeat(32),
    'c3'.repeat(31),
  ];
  for (let n = int(rng, 0, 5); n > 0; n--) {
    rows.push(header.map(() => (chance(rng, 0.7) ? pick(rng, plausible) : pick(rng, ODD_VALUES))));
  }
  return rows;
}

describe('fuzz: Verify on workbooks it did not write', () => {
  test('no Results, a made-up or broken one: never throws, never writes, never "Verified" for rows the orders do not give', async () => {
    await forCases(`verify`, async (seed) => {
      const rng = seedrandom(seed);
      const gen = genWorkbook(rng, { battles: int(rng, 0, 4), noise: chance(rng, 0.3) });
      const fake = chance(rng, 0.8) ? genFakeResults(rng) : null;
      const name = pick(rng, ['Results', 'results', 'Results (2)', ' Results ', 'Results x']);
      if (fake) gen.fixture.sheets.push({ name, rows: fake, at: pick(rng, ['A1', 'A1', 'B2']) });
      const what = `seed ${seed}: ${gen.description.join('; ')}; ${fake ? `'${name}' ${JSON.stringify(fake).slice(0, 600)}` : 'no Results'}`;
      const { model, host } = await openGenerated(gen);
      const b0 = before(model);
      model.syncCount = 0;
      const key = chance(rng, 0.3) ? { key: SEAL.key, game: pick(rng, ['Rome', 'x']) } : undefined;
      const report = await run(`Verify (${what})`, () => verifyAll(host, key));
      expect(model.snapshot()).toBe(b0.full);
      expect(model.syncCount).toBeLessThanOrEqual(2);
      if (report.tone === 'success' && fake && fake.length > 1) {
        throw new Error(`${what}: "${report.message}" for a made-up Results sheet`);
      }
    });
  });
});

/** Bugs the fuzzing found, each shrunk by hand to a minimal case, and fixed. */
describe('regressions found by fuzzing', () => {
  it('a Battles header cell of 32,600 characters: Resolve all then Verify verifies', async () => {
    // The warning quoting the header is longer than a cell holds: written cut, replayed whole.
    const battles = BATTLES.map((row, r) => [...row, r === 0 ? 'x'.repeat(32_600) : '']);
    const { host } = await openSim({
      sheets: [
        { name: 'Battles', rows: battles },
        { name: 'Legions', rows: LEGIONS },
      ],
    });
    expect((await resolveAll(host)).tone).toBe('warning');
    const verified = await verifyAll(host);
    // B4's three scripted dice run out: its error replays; nothing else to say.
    expect(verified.details).toEqual([
      '1 battle was not fought: the replay gives its error again.',
    ]);
    expect(verified.tone).toBe('success');
  });

  it('a sealed Results whose "Game" header was changed: the error does not name the Battle cell', async () => {
    const { model, host } = await openSim(unseededWorkbook());
    expect((await resolveAll(host, SEAL)).tone).toBe('success');
    model.sheet('Results')!.assign(0, 10, 'Gamer');
    const verified = await verifyAll(host, { key: SEAL.key });
    expect(verified.tone).toBe('error');
    // Was: "Results!A2: a sealed battle's Game is blank." (A2 holds "B1"; K1 is at fault).
    expect([verified.message, ...verified.details].join('\n')).not.toMatch(/Results!A2/);
    expect(verified.details[0]).toMatch(/^Results!K1: Results say Game "Gamer"/);
  });

  it('a sealed Results whose "Turn" header was cleared: the error does not name the Battle cell', async () => {
    const { model, host } = await openSim(unseededWorkbook());
    expect((await resolveAll(host, SEAL)).tone).toBe('success');
    model.sheet('Results')!.assign(0, 11, '');
    const verified = await verifyAll(host, { key: SEAL.key });
    expect(verified.tone).toBe('error');
    // Was: 'Results!A2: the turn is "": give a whole number, 0 or more.'
    expect(verified.details[0]).toMatch(/^Results!L1: Results say Turn \(blank\)/);
  });

  it('a changed Game in the first row of a sealed Results is named there', async () => {
    const { model, host } = await openSim(unseededWorkbook());
    expect((await resolveAll(host, SEAL)).tone).toBe('success');
    model.sheet('Results')!.assign(1, 10, 'Romex');
    const verified = await verifyAll(host, { key: SEAL.key });
    expect(verified.tone).toBe('error');
    // Was: the seal read from that row, the mismatches named B2 (the replayed battle B1) and
    // the Game of the other rows (K3, K4, K5), never K2.
    expect([verified.message, ...verified.details].join('\n')).toContain('Results!K2');
  });

  // Nothing records the game but that row (the commitment binds the key alone, and no die was
  // drawn): docs/verify.md. Verify says so in a note rather than "replay exactly" alone.
  it('a sealed Results of one error row: Verify says its game and turn are not checked', async () => {
    // B1 gives its own Seed: in a sealed turn it is an error row, its dice never drawn.
    const { model, host } = await openSim({
      sheets: [
        { name: 'Battles', rows: BATTLES.slice(0, 2) },
        { name: 'Legions', rows: LEGIONS.slice(0, 3) },
      ],
    });
    expect((await resolveAll(host, SEAL)).tone).toBe('warning');
    model.sheet('Results')!.assign(1, 10, 'Romex');
    const verified = await verifyAll(host, { key: SEAL.key });
    expect(verified.details).toContainEqual(
      expect.stringMatching(/no battle of Results was fought.*Results!K2, Results!L2.*posted/),
    );
  });

  it('a Game filled in with a look-alike letter: the error says why, not "fill in Game"', () => {
    const key = readPastedKey(SEAL.key);
    if (!key.ok) throw new Error(key.error);
    const seal = sessionSeal(key.value, 'R\u043eme', '3'); // Cyrillic о
    expect(seal.ok).toBe(false);
    expect(seal.ok ? '' : seal.error).not.toContain('fill in Game');
  });

  it('a key file whose "game" is not text gives no game "[object Object]"', () => {
    const pasted = readPastedKey(JSON.stringify({ key: SEAL.key, game: { name: 'Rome' } }));
    expect(pasted.ok ? pasted.value.game : undefined).not.toBe('[object Object]');
  });

  it('a range name with an accented letter, as the box suggests it, is read', async () => {
    // Excel's names may hold any letter; the pane suggests them, then refuses them.
    const { host } = await openSim(
      submissionWorkbook({ names: [{ name: 'Légion', ref: 'Rosters!A1:B5' }] }),
    );
    expect(await host.rangeNames()).toContain('Légion');
    const report = await resolveOne(host, paneInput({ attacker: 'Légion' }));
    expect(report.message).not.toMatch(/is neither an address/);
    expect(report.tone).toBe('success');
  });

  it('a large sheet of notes named "Log …" that Verify cannot read is named in its error', async () => {
    const { model, host } = await openSim({
      sheets: [
        { name: 'Battles', rows: BATTLES },
        { name: 'Legions', rows: LEGIONS },
      ],
    });
    expect((await resolveAll(host)).tone).toBe('warning');
    // Too many cells for one load (the simulation's stand-in for Excel's response size limit).
    model.addSheet('Log notes', [['my notes']]).assign(30_000, 25, 'end');
    const verified = await verifyAll(host);
    expect(verified.tone).toBe('error');
    // Today: "Excel could not read the Battles, Legions, Fleets, Units, Armies tables: 780026
    // cells are too many to load at once." (no Fleets, Units nor Armies in this workbook).
    expect(verified.message).toContain('Log notes');
  });

  it('Verify names a sheet "results" as it is spelled, not "Results"', async () => {
    const { host } = await openSim({
      sheets: [
        { name: 'Battles', rows: BATTLES },
        { name: 'Legions', rows: LEGIONS },
        { name: 'results', rows: [['Battles', 'Winner']] },
      ],
    });
    const verified = await verifyAll(host);
    // Today: 'Results!A1: the header of results should read "Battle" here, ...'
    expect(verified.message).toMatch(/^results!A1: the header of results /);
  });
});
