import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveBattle, resumeBattle } from '../src/battle';
import { validateBattle } from '../src/battle-spec';
import { resolve } from './helpers/battle';
import { praetor } from './helpers/cli';

/** praetor report's options, as its help and docs describe them. */

const dir = mkdtempSync(join(tmpdir(), 'praetor-audit-report-'));
const write = (name: string, data: unknown) => {
  writeFileSync(join(dir, name), JSON.stringify(data));
  return join(dir, name);
};
const out = (name: string) => join(dir, name);

function sealedResult(id: string, game: string, turn: number) {
  const sealed = { key: '5f'.repeat(32), game, turn };
  const battle = validateBattle({ id, attacker: '3 INF', defender: '3 INF', sealed });
  if (!battle.ok) throw new Error(battle.error);
  const result = resolveBattle(battle.value);
  if (!result.ok) throw new Error(result.error);
  return JSON.parse(JSON.stringify(result.value)) as unknown;
}

test('--turn that is not a whole number is bad usage, exit 2', async () => {
  const r = await praetor(
    'report',
    'examples/battles.json',
    '--out',
    out('t.html'),
    '--turn',
    'three',
  );
  expect(r.code).toBe(2);
  expect(r.err).toContain('--turn three: the turn must be a whole number, 0 or more');
});

test('--battle compares ids in any case', async () => {
  const battles = [
    { id: 'Gallia', attacker: '3 INF', defender: '3 INF', seed: 'g' },
    { id: 'Italia', attacker: '3 INF', defender: '3 INF', seed: 'i' },
  ];
  const file = out('gallia.html');
  const r = await praetor(
    'report',
    write('ids.json', battles),
    '--out',
    file,
    '--battle',
    'gALLIA',
  );
  expect(r.code).toBe(0);
  const html = readFileSync(file, 'utf8');
  expect(html.match(/<section class="battle"/g)).toHaveLength(1);
  expect(html).toContain('<h2 id="battle-Gallia">Battle Gallia</h2>');
});

test('a resumed battle gets no odds: the orders changed at the pause', async () => {
  const paused = resolve({
    id: 'r',
    attacker: 'Marcus: 2 CAT 2 CAV 3 INF',
    defender: 'Titus: 6 INF',
    seed: 'abc',
    rounds: 1,
  });
  const resumed = resumeBattle(JSON.parse(JSON.stringify(paused.saved)), {});
  if (!resumed.ok) throw new Error(resumed.error);
  const whole = resolve({ id: 'w', attacker: '3 INF', defender: '3 INF', seed: 'abc' });
  const file = out('resumed.html');
  const r = await praetor('report', write('resumed.json', [resumed.value, whole]), '--out', file);
  expect(r.code).toBe(0);
  const sections = readFileSync(file, 'utf8').split('<section class="battle"').slice(1);
  expect(sections).toHaveLength(2);
  expect(sections[0]).toContain('Resumed after round 1');
  expect(sections[0]).not.toContain('<table class="odds">');
  expect(sections[1]).toContain('<table class="odds">');
});

test('--game names the title, not a sealed battle: it shows its own game, and a warning says so', async () => {
  const file = out('game.html');
  const r = await praetor(
    'report',
    write('sealed.json', [sealedResult('S', 'Rome', 3)]),
    '--out',
    file,
    '--game',
    'Carthage',
  );
  expect(r.code).toBe(0);
  expect(r.err).toContain(
    'warning: --game "Carthage" is not printed on the sealed battle of game "Rome" (S); ' +
      'a sealed battle shows its own game\n',
  );
  const html = readFileSync(file, 'utf8');
  expect(html).toContain('<p class="where">Rome, turn 3</p>');
  expect(html).not.toContain('<p class="where">Carthage');
  expect(html).toContain('<title>Carthage, turn 3</title>');
});

test('battles sealed for two games: the title names neither', async () => {
  const file = out('two.html');
  const r = await praetor(
    'report',
    write('two.json', [sealedResult('S', 'Rome', 3), sealedResult('T', 'Carthage', 3)]),
    '--out',
    file,
  );
  expect(r.code).toBe(0);
  const html = readFileSync(file, 'utf8');
  expect(html).toContain('<title>Praetor battle reports</title>');
  expect(html).toContain('<p class="where">Rome, turn 3</p>');
  expect(html).toContain('<p class="where">Carthage, turn 3</p>');
});

describe('a PDF without a working Chromium is one line and exit 2, nothing written', () => {
  const saved = process.env.PRAETOR_CHROMIUM;
  afterEach(() => {
    if (saved === undefined) delete process.env.PRAETOR_CHROMIUM;
    else process.env.PRAETOR_CHROMIUM = saved;
  });

  test.each([
    [
      'missing',
      '/nonexistent/chromium',
      'Chromium is needed for PDF output and was not found at /nonexistent/chromium',
    ],
    ['not a browser', '/bin/false', 'Chromium (/bin/false) could not print the PDF: '],
  ])('Chromium %s', async (_, path, message) => {
    process.env.PRAETOR_CHROMIUM = path;
    const pdf = out(`no-chromium-${path.length}.pdf`);
    const r = await praetor('report', 'examples/battles.json', '--out', pdf, '--battle', 'gallia');
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(r.err).not.toContain('internal error');
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(existsSync(pdf)).toBe(false);
  });
});
