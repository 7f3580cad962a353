import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumAvailable } from '../headless/browser';
import { reportHtml } from '../src/report/html';
import { resolveBattle, resumeBattle } from '../src/battle';
import { specFromObject, validateBattle } from '../src/battle-spec';
import { buildReport } from '../src/report/model';
import { PAUSED_FILE } from '../src/report/replay';
import { recheckResult } from '../headless/report/recheck';
import { resolve } from './helpers/battle';
import { praetor, shellWords } from './helpers/cli';

// Each PDF is printed by a Chromium the CLI starts; a loaded machine takes more than Jest's 5 s.
jest.setTimeout(60_000);

const EXAMPLE_1 = {
  id: 'ex1',
  attacker: 'Marcus: 2 INF, 1 CAT',
  defender: 'Titus: 4 INF',
  dice: [3, 4, 4, 2, 3, 4, 1, 2, 5, 1],
};

describe('the report model', () => {
  const report = buildReport(resolve(EXAMPLE_1), { game: 'Roma', turn: '3', territory: 'Gallia' });

  it('tells every shot in plain words, round by round', () => {
    expect(report.rounds).toEqual([
      {
        round: 1,
        lines: [
          "Marcus's CAT#1 rolls 3: a hit. Titus loses INF#4.",
          "Titus's INF#1 rolls 4: a miss.",
          "Marcus's INF#1 rolls 4: a miss.",
          "Titus's INF#2 rolls 2: a hit; target die 3: Infantry. Marcus loses INF#2.",
          "Titus's INF#3 rolls 4: a miss.",
        ],
      },
      {
        round: 2,
        lines: [
          "Marcus's CAT#1 rolls 1: a hit. Titus loses INF#3.",
          "Titus's INF#1 rolls 2: a hit; target die 5: Cavalry (Marcus has none: the next type is hit). Marcus loses INF#1.",
          "Titus's INF#2 rolls 1: a hit. Marcus loses CAT#1.",
        ],
      },
    ]);
  });

  it('charts each side after every round, from the start', () => {
    expect(report.strength).toEqual([
      { round: 0, attacker: 3, defender: 4 },
      { round: 1, attacker: 2, defender: 3 },
      { round: 2, attacker: 0, defender: 2 },
    ]);
  });

  it('gives a command line that replays the battle to the same log', async () => {
    expect(report.replay).toBe(
      'npx praetor battle --attacker "Marcus: 1 CAT 2 INF" --defender "Titus: 4 INF" --dice "3,4,4,2,3,4,1,2,5,1"',
    );
    const fort = resolve({
      ...EXAMPLE_1,
      fort: 2,
      breachBy: 'catapult',
      retreat: 'units <= 1',
      dice: undefined,
      seed: 'a "quoted" $seed',
    });
    const command = buildReport(fort).replay;
    const replay = await praetor(...shellWords(command).slice(2), '--json');
    expect(JSON.parse(replay.out).events).toEqual(JSON.parse(JSON.stringify(fort.events)));
  });

  it('names the outcome, the captives, the rules and the dice', () => {
    expect(report.outcome).toBe('The defender wins in round 2 with 2 INF left.');
    expect(report.captured).toEqual(['Marcus']);
    expect(report.dice).toBe('Scripted dice: 3, 4, 4, 2, 3, 4, 1, 2, 5, 1; 10 used.');
    expect(report.forces.attacker).toEqual([{ leader: 'Marcus', units: '1 CAT 2 INF' }]);
    expect(report.ruleset).toBe(
      'Conquest of the Empire, PBEM battle rules (1998) (cote-pbem 1.0.0)',
    );
    expect(report.options).toEqual(['Land battle, no fortification, no retreat condition.']);
    const fort = buildReport(
      resolve({ ...EXAMPLE_1, fort: 2, breachBy: 'catapult', retreat: 'units <= 1' }),
    );
    expect(fort.options).toEqual([
      'Fortified city: 2 wall hit points; only Catapult hits breach.',
      'The attacker retreats when: units <= 1.',
    ]);
  });

  it('a hit on walls of 2 hit points says they stand; the second says they are breached', () => {
    // Scripted: the Catapult hits (3), the defender misses (6), twice; then the Catapult wins.
    const walls = buildReport(
      resolve({
        id: 'W',
        attacker: 'Marcus: 1 CAT',
        defender: 'Titus: 1 INF',
        fort: 2,
        dice: '3,6,3,6,3',
      }),
    );
    expect(walls.rounds.flatMap((r) => r.lines).filter((l) => l.includes('walls'))).toEqual([
      "Marcus's CAT#1 rolls 3: a hit on the walls, which stand with 1 wall hit point left.",
      "Marcus's CAT#1 rolls 3: a hit; it breaches the walls.",
    ]);
  });

  it('a side without one named leader is "the attacker", capitalised where a sentence begins', () => {
    const unnamed = buildReport(
      resolve({ ...EXAMPLE_1, attacker: '2 INF, 1 CAT', defender: '4 INF' }),
    );
    expect(unnamed.rounds[0].lines[3]).toBe(
      "The defender's INF#2 rolls 2: a hit; target die 3: Infantry. The attacker loses INF#2.",
    );
  });
});

describe("a resumed battle's report", () => {
  const FLAT = {
    id: 'R',
    attacker: 'Marcus: 2 CAT 2 CAV 3 INF',
    defender: 'Titus: 6 INF',
    seed: 'abc',
    rounds: 1,
  };
  /** The battle paused after round 1, then resumed with `orders` (and `more` scripted dice). */
  function pausedAndResumed(flat: Record<string, unknown>, orders = {}, more: number[] = []) {
    const paused = resolve(flat);
    expect(paused.outcome).toBe('paused');
    const resumed = resumeBattle(JSON.parse(JSON.stringify(paused.saved)), orders, more);
    if (!resumed.ok) throw new Error(resumed.error);
    return { paused, resumed: resumed.value };
  }

  /** Runs a report's two replay lines, the paused battle saved in a temporary folder. */
  async function replayed(command: string) {
    const saved = join(mkdtempSync(join(tmpdir(), 'praetor-replay-')), 'paused.json');
    const [first, second] = command.split('\n').map((l) => l.replace(PAUSED_FILE, saved));
    expect((await praetor(...shellWords(first).slice(2))).code).toBe(0);
    const run = await praetor(...shellWords(second).slice(2), '--json');
    expect(run.err).toBe('');
    return JSON.parse(run.out);
  }

  it('tells the rounds after the pause, charts them, and replays them in two lines', async () => {
    const { paused, resumed } = pausedAndResumed(FLAT, { retreat: 'units <= 3' });
    const report = buildReport(resumed);
    expect(report.resumed).toEqual({ afterRound: 1, diceBefore: paused.diceUsed });
    expect(report.rounds[0].round).toBe(2);
    // No start point: the forces at the start are not those at the pause.
    expect(report.strength[0].round).toBe(2);
    expect(report.strength).toHaveLength(report.rounds.length);
    expect(report.replay.split('\n')).toEqual([
      `npx praetor battle --attacker "Marcus: 2 CAT 2 CAV 3 INF" --defender "Titus: 6 INF" --seed "abc" --rounds 1 --save ${PAUSED_FILE}`,
      `npx praetor battle --resume ${PAUSED_FILE} --retreat "units <= 3"`,
    ]);
    const again = await replayed(report.replay);
    expect(again.events).toEqual(JSON.parse(JSON.stringify(resumed.events)));
    const html = reportHtml([report]);
    expect(html).toContain('Resumed after round 1, with the orders below');
    expect(html).toContain('<h3>Strength after each round</h3>');
    // Ended in its first round after the pause: one point, no line, so no chart.
    const one = reportHtml([{ ...report, strength: report.strength.slice(0, 1) }]);
    expect(one).not.toContain('Strength after each round');
    expect(one).not.toContain('<figure>');
  });

  it('with scripted dice, more dice added at the resume', async () => {
    const dice = [3, 4, 4, 2, 3, 4, 1, 2, 5];
    const { resumed } = pausedAndResumed({ ...EXAMPLE_1, dice, rounds: 1 }, {}, [1, 6, 2, 2, 1]);
    const report = buildReport(resumed);
    expect(report.resumed?.afterRound).toBe(1);
    const again = await replayed(report.replay);
    expect(again.events).toEqual(JSON.parse(JSON.stringify(resumed.events)));
  });

  it('with sealed dice: no replay line (the dice before the pause are not in it)', () => {
    const sealed = { key: '5f'.repeat(32), game: 'Rome', turn: 3 };
    const battle = validateBattle({ ...specFromObject({ ...FLAT, seed: undefined }), sealed });
    if (!battle.ok) throw new Error(battle.error);
    const paused = resolveBattle(battle.value);
    if (!paused.ok) throw new Error(paused.error);
    const resumed = resumeBattle(paused.value.saved!, {}, [], sealed.key);
    if (!resumed.ok) throw new Error(resumed.error);
    const report = buildReport(resumed.value);
    expect(report.replay).toBe('');
    expect(reportHtml([report])).toContain('check the battle with <code>praetor verify</code>');
    expect(reportHtml([report])).not.toContain('Run it in a copy of Praetor');
  });
});

describe('the HTML report', () => {
  const html = reportHtml([
    buildReport(resolve(EXAMPLE_1)),
    buildReport(resolve({ ...EXAMPLE_1, id: 'ex2', fort: 1 })),
  ]);

  it('says under each replay line where to run it: npx elsewhere fetches another package', () => {
    const runIt = html.match(
      /Run it in a copy of Praetor, in its folder after <code>npm ci<\/code>/g,
    );
    expect(runIt).toHaveLength(2);
  });

  it('passes an accessibility smoke check', () => {
    expect(html).toMatch(/<html lang="en">/);
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html.match(/<h2 /g)).toHaveLength(2);
    // Headings never skip a level.
    const levels = [...html.matchAll(/<h([1-6])/g)].map((m) => Number(m[1]));
    levels.slice(1).forEach((level, i) => expect(level - levels[i]).toBeLessThanOrEqual(1));
    // Every table has a caption and column headers with a scope; every image has alt text.
    const tables = html.match(/<table/g)!.length;
    expect(html.match(/<caption>/g)).toHaveLength(tables);
    expect(html.match(/<thead><tr><th scope="col">/g)).toHaveLength(tables);
    const images = [...html.matchAll(/<img [^>]*alt="([^"]*)"/g)];
    expect(images).toHaveLength(2);
    expect(images[0][1]).toBe(
      'Units left, attacker against defender: at the start 3 against 4; after round 1 2 against 3; after round 2 0 against 2.',
    );
  });

  it('names the game, the turn, the territory and the leaders captured', () => {
    const one = reportHtml([
      buildReport(resolve(EXAMPLE_1), { game: 'Roma', turn: '3', territory: 'Gallia' }),
    ]);
    expect(one).toContain('<h2 id="battle-ex1">Battle ex1 — Gallia</h2>');
    expect(one).toContain('<p class="where">Roma, turn 3, Gallia</p>');
    expect(one).toContain('Leaders captured: Marcus.');
    expect(one).toContain('<li>Scripted dice: 3, 4, 4, 2, 3, 4, 1, 2, 5, 1; 10 used.</li>');
  });

  it('escapes what the players wrote', () => {
    const sneaky = reportHtml([
      buildReport(resolve({ ...EXAMPLE_1, attacker: '<b>Nero</b>: 1 INF' })),
    ]);
    expect(sneaky).not.toContain('<b>Nero</b>');
    expect(sneaky).toContain('&lt;b&gt;Nero&lt;/b&gt;');
  });
});

/** Three battles for a report: the seed's example, one at the walls, one that fails. */
const THREE_BATTLES = [
  EXAMPLE_1,
  {
    id: 'walls',
    attacker: 'Marcus: 2 CAT 3 INF',
    defender: 'Titus: 3 INF',
    fort: 2,
    seed: 'walls',
  },
  { id: 'bad', attacker: '9 INF', defender: '1 INF', seed: 'x' },
];

describe('report --battle', () => {
  // No PDF: the choice of battles is the same whatever the report is printed as.
  const dir = mkdtempSync(join(tmpdir(), 'praetor-report-battle-'));
  const input = join(dir, 'battles.json');
  writeFileSync(input, JSON.stringify(THREE_BATTLES));

  it('leaves out the errors of battles not asked for: exit 0', async () => {
    const out = join(dir, 'walls.html');
    const r = await praetor('report', input, '--battle', 'walls', '--out', out);
    expect(r.code).toBe(0);
    expect(r.err).not.toContain('battle bad');
    expect(r.err).toBe(`wrote ${out}: 1 battle\n`);
    expect(readFileSync(out, 'utf8')).toContain('Battle walls');
  });

  it('names a battle asked for that failed by its error, and reports the others: exit 1', async () => {
    const out = join(dir, 'bad.html');
    const r = await praetor('report', input, '--battle', 'walls', '--battle', 'bad', '--out', out);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^error: battle bad: .*\n/m);
    expect(r.err).not.toContain('no such battle');
    expect(readFileSync(out, 'utf8')).toContain('Battle walls');
  });
});

const hasPdfTools = chromiumAvailable() && existsSync('/usr/bin/pdftotext');
const pdfIt = hasPdfTools || process.env.CI ? it : it.skip;

describe('the PDF report', () => {
  const dir = mkdtempSync(join(tmpdir(), 'praetor-report-'));
  const input = join(dir, 'battles.json');
  const battles = THREE_BATTLES;
  writeFileSync(input, JSON.stringify(battles));
  const pdfText = (file: string, page?: number) =>
    execFileSync(
      'pdftotext',
      [...(page ? ['-f', String(page), '-l', String(page)] : []), file, '-'],
      { encoding: 'utf8' },
    ).replace(/\s+/g, ' ');
  const pdfInfo = (file: string) => execFileSync('pdfinfo', [file], { encoding: 'utf8' });

  pdfIt('prints one page per battle, with the outcome, each shot and the odds', async () => {
    const out = join(dir, 'report.pdf');
    const r = await praetor('report', input, '--out', out, '--game', 'Roma', '--turn', '3');
    expect(r.code).toBe(1); // the bad battle is reported as an error, the others printed
    expect(r.err).toContain('error: battle bad: attacker legion 1: 9 combat units');
    expect(pdfInfo(out)).toMatch(/Pages:\s+2\n/);
    expect(pdfInfo(out)).toMatch(/Page size:.*\(A4\)/);
    const page1 = pdfText(out, 1);
    expect(page1).toContain('The defender wins in round 2 with 2 INF left.');
    for (const line of buildReport(resolve(EXAMPLE_1)).rounds.flatMap((r) => r.lines)) {
      expect(page1).toContain(line.replace(/\s+/g, ' '));
    }
    expect(page1).toContain('Exact odds before the battle');
    expect(page1).toContain('Roma, turn 3');
    expect(page1).toContain('Leaders captured: Marcus.');
    expect(pdfText(out, 2)).toContain('Battle walls');
  });

  pdfIt(
    'a long battle takes more pages; the next battle starts a page; no heading is left alone',
    async () => {
      const long = {
        id: 'long',
        attacker: 'Marcus: 2 CAT 2 CAV 3 INF; Brutus: 7 INF',
        defender: 'Titus: 7 INF; Gaius: 6 INF, 1 CAV',
        fort: 2,
        seed: 'long',
      };
      const file = join(dir, 'long.json');
      writeFileSync(file, JSON.stringify([long, EXAMPLE_1]));
      const out = join(dir, 'long.pdf');
      // With this title the first page ends where round 2 begins: its heading must move on.
      const r = await praetor('report', file, '--out', out, '--game', 'Rome 2026', '--turn', '3');
      expect(r.code).toBe(0);
      const pages = Number(/Pages:\s+(\d+)/.exec(pdfInfo(out))![1]);
      expect(pages).toBeGreaterThanOrEqual(3);
      const lines = (page: number) =>
        execFileSync('pdftotext', ['-f', String(page), '-l', String(page), out, '-'], {
          encoding: 'utf8',
        })
          .split('\n')
          .map((l) => l.trim())
          .filter((l) => l !== '' && !l.startsWith('Praetor battle report — page'));
      expect(lines(pages)[0]).toBe('Battle ex1');
      for (let page = 1; page < pages; page++) {
        expect(lines(page).join('\n')).not.toContain('Battle ex1');
        const last = lines(page).pop();
        expect([page, last]).not.toEqual([
          page,
          expect.stringMatching(/^(Round \d+|Check it yourself)$/),
        ]);
      }
    },
  );

  pdfIt(
    'prints on Letter paper, one battle when asked, and never overwrites without --force',
    async () => {
      const out = join(dir, 'letter.pdf');
      // The input's bad battle is not asked for: its error is not this report's (exit 0).
      const walls = await praetor(
        'report',
        input,
        '--battle',
        'walls',
        '--paper',
        'letter',
        '--out',
        out,
      );
      expect(walls.code).toBe(0);
      expect(walls.err).not.toContain('battle bad');
      const bad = await praetor(
        'report',
        input,
        '--battle',
        'walls',
        '--battle',
        'bad',
        '--out',
        join(dir, 'bad.html'),
      );
      // The bad battle asked for is named by its error, and the other one reported (exit 1).
      expect(bad.code).toBe(1);
      expect(bad.err).toMatch(/^error: battle bad: .*\n/m);
      expect(bad.err).not.toContain('no such battle');
      expect(pdfInfo(out)).toMatch(/Page size:.*\(letter\)/);
      expect(pdfText(out)).not.toContain('Battle ex1');
      const again = await praetor('report', input, '--out', out);
      expect(again.code).toBe(2);
      expect(again.err).toContain('the file exists; add --force');
    },
  );

  pdfIt(
    "a sealed battle's commitment wraps in its column: the forces keep their width",
    async () => {
      const sealed = validateBattle({
        id: 'sealed',
        attacker: 'Marcus: 1 CAT 2 CAV 3 INF',
        defender: 'Brutus: 2 CAV 4 INF',
        sealed: { key: '5f'.repeat(32), game: 'Rome', turn: 3 },
      });
      if (!sealed.ok) throw new Error(sealed.error);
      const result = resolveBattle(sealed.value);
      if (!result.ok) throw new Error(result.error);
      const file = join(dir, 'sealed.json');
      writeFileSync(file, JSON.stringify([result.value]));
      const out = join(dir, 'sealed.pdf');
      expect((await praetor('report', file, '--out', out)).code).toBe(0);
      const layout = execFileSync('pdftotext', ['-layout', '-f', '1', '-l', '1', out, '-'], {
        encoding: 'utf8',
      });
      // A column squeezed by the 64 digits wrapped this as "1 CAT 2 / CAV 3 / INF".
      expect(layout).toMatch(/Marcus\s+1 CAT 2 CAV 3 INF/);
      expect(layout).toMatch(/Brutus\s+2 CAV 4 INF/);
    },
  );
});

test('odds of a battle whose retreat changes by round: Monte Carlo, saying why', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'praetor-report-'));
  const input = join(dir, 'phased.json');
  writeFileSync(
    input,
    JSON.stringify([
      {
        id: 'p',
        attacker: '2 CAV 3 INF',
        defender: '4 INF',
        seed: 'p',
        retreat: 'none; units <= 3 from round 2',
      },
    ]),
  );
  const out = join(dir, 'phased.html');
  expect((await praetor('report', input, '--out', out)).code).toBe(0);
  expect(readFileSync(out, 'utf8')).toContain(
    'Monte Carlo, 20,000 runs (the retreat condition changes by round (&quot;from round&quot;), which the exact solver cannot weigh)',
  );
});

describe('praetor report usage', () => {
  it('writes HTML too, and explains bad usage', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'praetor-report-'));
    const input = join(dir, 'one.json');
    writeFileSync(input, JSON.stringify([EXAMPLE_1]));
    const out = join(dir, 'one.html');
    expect((await praetor('report', input, '--out', out)).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('<h2 id="battle-ex1">Battle ex1</h2>');
    expect((await praetor('report', input, '--out', join(dir, 'x.docx'))).err).toContain(
      'must end in .pdf or .html',
    );
    expect((await praetor('report', input)).err).toContain('give --out');
    expect(
      (await praetor('report', input, '--out', out, '--force', '--battle', 'nope')).err,
    ).toContain('--battle nope: no such battle');
    expect((await praetor('report', '--help')).out).toContain('Usage: praetor report');
  });
});

describe('praetor report on battle results (praetor battle --json)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'praetor-report-json-'));
  const write = (name: string, data: unknown) => {
    writeFileSync(join(dir, name), JSON.stringify(data));
    return join(dir, name);
  };
  const battleJson = async (...args: string[]) =>
    JSON.parse((await praetor('battle', ...args, '--json')).out);

  it('reports a result, and a resumed one, after fighting each again', async () => {
    const saved = join(dir, 'saved.json');
    const flags = [
      '--attacker',
      'Marcus: 2 CAT 2 CAV 3 INF',
      '--defender',
      'Titus: 6 INF',
      '--seed',
      'abc',
    ];
    const whole = await battleJson(...flags);
    await praetor('battle', ...flags, '--rounds', '1', '--save', saved);
    const resumed = await battleJson('--resume', saved, '--retreat', 'units <= 3');
    const out = join(dir, 'results.html');
    // A single result, as praetor battle --json prints it, is read as a list of one.
    expect((await praetor('report', write('one.json', whole), '--out', out)).code).toBe(0);
    const r = await praetor('report', write('two.json', [whole, resumed]), '--out', out, '--force');
    expect(r.err).toBe('wrote ' + out + ': 2 battles\n');
    expect(r.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('Resumed after round 1, with the orders below');
  });

  it('a sealed result is fought again from the dice it drew, and keeps its seal', () => {
    const sealed = { key: '5f'.repeat(32), game: 'Rome', turn: 3 };
    const battle = validateBattle({ id: 'S', attacker: '3 INF', defender: '3 INF', sealed });
    if (!battle.ok) throw new Error(battle.error);
    const result = resolveBattle(battle.value);
    if (!result.ok) throw new Error(result.error);
    const json = JSON.parse(JSON.stringify(result.value));
    expect(recheckResult(json)).toMatchObject({ ok: true, value: { dice: result.value.dice } });
    json.rolls[0] = (json.rolls[0] % 6) + 1;
    // A sealed result is fought again from its own rolls: those agree, the shots do not.
    expect(recheckResult(json)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^what it records of its events is not /),
    });
  });

  it('a result whose shots were changed, or that is no result at all, is an error, not a crash', async () => {
    const whole = await battleJson('--attacker', '3 INF', '--defender', '3 INF', '--seed', 'x');
    const forged = JSON.parse(JSON.stringify(whole));
    forged.events[0].roll = (forged.events[0].roll % 6) + 1;
    const garbage = [
      { events: [], forces: {} },
      { ...whole, dice: { sealed: null } },
      { ...whole, ruleset: 7 },
    ];
    const out = join(dir, 'forged.html');
    const r = await praetor(
      'report',
      write('forged.json', [forged, ...garbage, whole]),
      '--out',
      out,
    );
    expect(r.code).toBe(1);
    const lines = r.err.trim().split('\n');
    expect(lines[0]).toBe(
      `error: ${join(dir, 'forged.json')}: item 1: what it records of its events is not what its ` +
        'forces, options and dice give: the file was changed, or not written by praetor battle ' +
        '--json; not reported',
    );
    expect(lines.slice(1, 4)).toEqual([
      expect.stringMatching(/item 2: not a battle result: no known ruleset/),
      expect.stringMatching(/item 3: not a battle result: its "dice" and "rolls"/),
      expect.stringMatching(/item 4: not a battle result: no known ruleset/),
    ]);
    expect(lines[4]).toBe(`wrote ${out}: 1 battle`);
  });
});

describe('praetor report on an adjudicated workbook', () => {
  // Deferred: the helpers build workbooks with exceljs, which is slow to load.
  const load = () => require('./helpers/workbooks') as typeof import('./helpers/workbooks');

  it('replays the battles from their orders, checks them against Results, and names the territory', async () => {
    const { submission, battle, legion, tempDir } = load();
    const dir = tempDir();
    const input = join(dir, 'turn.xlsx');
    writeFileSync(
      input,
      await submission(
        [battle('B1', { Territory: 'Gallia', Seed: 'alpha' }), battle('B2', { Seed: 'beta' })],
        [
          legion('B1', 'Attacker', 'Marcus', 4, 2, 1),
          legion('B1', 'Defender', 'Brutus', 5),
          legion('B2', 'Attacker', 'Titus', 3),
          legion('B2', 'Defender', 'Gaius', 3),
        ],
      ),
    );
    expect((await praetor('adjudicate', input)).code).toBe(0);
    const adjudicated = join(dir, 'turn.praetor.xlsx');
    const html = join(dir, 'turn.html');
    expect((await praetor('report', adjudicated, '--out', html)).code).toBe(0);
    const text = readFileSync(html, 'utf8');
    expect(text).toContain('Battle B1 — Gallia');
    expect(text).toContain('Battle B2');

    // A Results row changed by hand no longer matches the orders: that battle is not reported.
    const JSZip = (await import('jszip')).default;
    const zip = await JSZip.loadAsync(readFileSync(adjudicated));
    const names = Object.keys(zip.files).filter((n) => n.startsWith('xl/worksheets/sheet'));
    let tampered = false;
    for (const name of names) {
      const xml = await zip.file(name)!.async('string');
      if (!tampered && xml.includes('Attacker survivors') && xml.includes('<t>eliminated</t>')) {
        zip.file(name, xml.replace('<t>eliminated</t>', '<t>retreat</t>'));
        tampered = true;
      }
    }
    expect(tampered).toBe(true);
    const edited = join(dir, 'edited.xlsx');
    writeFileSync(edited, await zip.generateAsync({ type: 'nodebuffer' }));
    const r = await praetor('report', edited, '--out', join(dir, 'edited.html'));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /battle B1: Results!C2: Results say Outcome "retreat"; the replay says Outcome "eliminated"; not reported \(check it with praetor verify\)/,
    );
    expect(readFileSync(join(dir, 'edited.html'), 'utf8')).not.toContain('Battle B1');
  });

  it('refuses a workbook that was never adjudicated', async () => {
    const { simpleSubmission, tempDir } = load();
    const input = join(tempDir(), 'raw.xlsx');
    writeFileSync(input, await simpleSubmission());
    const r = await praetor('report', input, '--out', join(tempDir(), 'x.html'));
    expect(r.code).toBe(2);
    expect(r.err).toContain('no Results sheet; adjudicate it first');
  });

  it('a disputed battle whose id holds a colon is not reported, with or without --battle', async () => {
    const { submission, battle, legion, tempDir } = load();
    const dir = tempDir();
    const input = join(dir, 'colon.xlsx');
    writeFileSync(
      input,
      await submission(
        [battle('Gallia:1', { Seed: 'alpha' }), battle('B2', { Seed: 'beta' })],
        [
          legion('Gallia:1', 'Attacker', 'Marcus', 4),
          legion('Gallia:1', 'Defender', 'Brutus', 1),
          legion('B2', 'Attacker', 'Titus', 3),
          legion('B2', 'Defender', 'Gaius', 3),
        ],
      ),
    );
    expect((await praetor('adjudicate', input)).code).toBe(0);
    const JSZip = (await import('jszip')).default;
    const zip = await JSZip.loadAsync(readFileSync(join(dir, 'colon.praetor.xlsx')));
    let edited = false;
    for (const name of Object.keys(zip.files).filter((n) =>
      /^xl\/worksheets\/sheet\d+\.xml$/.test(n),
    )) {
      const xml = await zip.file(name)!.async('string');
      if (xml.includes('Attacker survivors')) {
        zip.file(name, xml.replace(/<t>(eliminated|retreat)<\/t>/, '<t>stalemate</t>'));
        edited = true;
      }
    }
    expect(edited).toBe(true);
    const changed = join(dir, 'changed.xlsx');
    writeFileSync(changed, await zip.generateAsync({ type: 'nodebuffer' }));
    const every = await praetor('report', changed, '--out', join(dir, 'every.html'));
    expect(every.code).toBe(1);
    expect(every.err).toMatch(
      /^error: battle Gallia:1: Results!C2: Results say Outcome "stalemate"/m,
    );
    expect(every.err).toContain('wrote ');
    expect(every.err).toContain(': 1 battle\n');
    const asked = await praetor(
      'report',
      changed,
      '--battle',
      'Gallia:1',
      '--out',
      join(dir, 'one.html'),
    );
    expect(asked.code).toBe(2);
    expect(asked.err).toMatch(/^error: battle Gallia:1: Results!C2/m);
    expect(existsSync(join(dir, 'one.html'))).toBe(false);
  });

  it('a battle id used twice: each row checked against its own replay, as verify does', async () => {
    const { submission, battle, legion, tempDir } = load();
    const dir = tempDir();
    const input = join(dir, 'cato.xlsx');
    // C1 twice; D1 and d1, one id in two cases; B2 between, fought and reported.
    writeFileSync(
      input,
      await submission(
        [
          battle('C1', { Seed: 'alpha' }),
          battle('C1', { Seed: 'beta' }),
          battle('B2', { Seed: 'gamma' }),
          battle('D1', { Seed: 'delta' }),
          battle('d1', { Seed: 'epsilon' }),
        ],
        [
          legion('C1', 'Attacker', 'Marcus', 4),
          legion('C1', 'Defender', 'Brutus', 1),
          legion('B2', 'Attacker', 'Titus', 3),
          legion('B2', 'Defender', 'Gaius', 3),
          legion('D1', 'Attacker', 'Cato', 2),
          legion('D1', 'Defender', 'Varro', 2),
        ],
      ),
    );
    expect((await praetor('adjudicate', input, '--out', join(dir, 'out1'))).code).toBe(1);
    const adjudicated = join(dir, 'out1', 'cato.praetor.xlsx');
    const verified = await praetor('verify', adjudicated);
    expect(verified.code).toBe(0);
    expect(verified.out).toMatch(/^OK$/m);
    const html = join(dir, 'r1.html');
    const r = await praetor('report', adjudicated, '--out', html);
    expect(r.code).toBe(1);
    expect(r.err).not.toContain('replay');
    expect(r.err).not.toContain('check it with praetor verify');
    const errors = r.err.split('\n').filter((l) => l.startsWith('error: '));
    expect(errors).toEqual([
      `error: battle C1: Battles!A2: battle id "C1" is used again at Battles!A3; ids must be unique, so neither battle is resolved; not reported`,
      `error: battle C1: Battles!A3: battle id "C1" is used twice (also at Battles!A2); ids must be unique; not reported`,
      `error: battle D1: Battles!A5: battle id "D1" is used again at Battles!A6; ids must be unique, so neither battle is resolved; not reported`,
      `error: battle d1: Battles!A6: battle id "d1" is used twice (also at Battles!A5); ids must be unique; not reported`,
    ]);
    const text = readFileSync(html, 'utf8');
    expect(text).toContain('Battle B2');
    expect(text).not.toContain('Battle C1');
  });

  it('a warning row of Results changed by hand is named, and the battles still reported', async () => {
    const { submission, battle, legion, tempDir, BATTLES_HEADER } = load();
    const dir = tempDir();
    const input = join(dir, 'warned.xlsx');
    // A column Praetor does not read: a warning row under the battles' rows in Results.
    writeFileSync(
      input,
      await submission(
        [[...battle('B1', { Seed: 'alpha' }), 'red']],
        [legion('B1', 'Attacker', 'Marcus', 4), legion('B1', 'Defender', 'Brutus', 3)],
        { battlesHeader: [...BATTLES_HEADER, 'Colour'] },
      ),
    );
    expect((await praetor('adjudicate', input)).code).toBe(0);
    const JSZip = (await import('jszip')).default;
    const adjudicated = join(dir, 'warned.praetor.xlsx');
    const zip = await JSZip.loadAsync(readFileSync(adjudicated));
    let edited = false;
    for (const name of Object.keys(zip.files).filter((n) =>
      /^xl\/worksheets\/sheet\d+\.xml$/.test(n),
    )) {
      const xml = await zip.file(name)!.async('string');
      if (xml.includes('Attacker survivors') && xml.includes('is not one Praetor reads')) {
        zip.file(name, xml.replace('is not one Praetor reads', 'is one Praetor reads'));
        edited = true;
      }
    }
    expect(edited).toBe(true);
    const changed = join(dir, 'changed.xlsx');
    writeFileSync(changed, await zip.generateAsync({ type: 'nodebuffer' }));
    expect((await praetor('verify', changed)).code).toBe(1);
    const html = join(dir, 'r.html');
    const r = await praetor('report', changed, '--out', html);
    expect(r.code).toBe(1);
    // The warning row's Error cell, named with the file; B1's own row is as written.
    expect(r.err).toContain(`error: ${changed}: Results!J3: Results say Error "Battles!K1: column`);
    expect(r.err).toMatch(/\(check it with praetor verify\)$/m);
    expect(r.err).not.toContain('not reported');
    expect(readFileSync(html, 'utf8')).toContain('Battle B1');
  });

  /**
   * `file` with the header of its `nth` Results sheet's part (in part order) read `Winner` ->
   * `winner`, written to `header.xlsx` beside it; and report's answer to it.
   */
  async function reportWithHeader(file: string, nth: number, winner: string) {
    const JSZip = (await import('jszip')).default;
    const zip = await JSZip.loadAsync(readFileSync(file));
    const parts = Object.keys(zip.files)
      .filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n))
      .sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
    const results: string[] = [];
    for (const name of parts) {
      const xml = await zip.file(name)!.async('string');
      if (xml.includes('Attacker survivors')) results.push(name);
    }
    const xml = await zip.file(results[nth])!.async('string');
    zip.file(results[nth], xml.replace('<t>Winner</t>', `<t>${winner}</t>`));
    const header = join(file, '..', 'header.xlsx');
    writeFileSync(header, await zip.generateAsync({ type: 'nodebuffer' }));
    const html = join(file, '..', 'header.html');
    return { header, html, results, ...(await praetor('report', header, '--out', html)) };
  }

  it('names a Results header changed by hand as verify does, not as a workbook never adjudicated', async () => {
    const { simpleSubmission, tempDir } = load();
    const input = join(tempDir(), 'turn.xlsx');
    writeFileSync(input, await simpleSubmission());
    expect((await praetor('adjudicate', input)).code).toBe(0);
    const r = await reportWithHeader(input.replace('.xlsx', '.praetor.xlsx'), 0, 'Victor');
    expect(r.results).toHaveLength(1);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      `${r.header}: Results!B1: the header of Results should read "Winner" here, but it reads "Victor"`,
    );
    expect(r.err).not.toContain('adjudicate it first');
  });

  it('names a newer Results (2) whose header was changed, not reporting the older Results', async () => {
    const { simpleSubmission, tempDir } = load();
    const input = join(tempDir(), 'turn.xlsx');
    writeFileSync(input, await simpleSubmission());
    expect((await praetor('adjudicate', input)).code).toBe(0);
    // The output adjudicated again holds Results and, in the part written last, Results (2).
    const again = input.replace('.xlsx', '.praetor.xlsx');
    expect((await praetor('adjudicate', again)).code).toBe(0);
    const r = await reportWithHeader(again.replace('.xlsx', '.praetor.xlsx'), 1, 'Winners');
    expect(r.results).toHaveLength(2);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      `${r.header}: 'Results (2)'!B1: the header of Results (2) should read "Winner" here, but it reads "Winners"`,
    );
    expect(existsSync(r.html)).toBe(false);
  });
});
