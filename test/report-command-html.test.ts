import { execFileSync } from 'node:child_process';
import { resolveBattle } from '../src/battle';
import { validateBattle } from '../src/battle-spec';
import { parseDiceList } from '../src/dice';
import { replayCommand } from '../src/report/replay';
import { commandHtml, LINE_CHARS, SMALL_LINE_CHARS } from '../src/report/command-html';
import { parseRosterText } from '../src/roster';
import { findRuleset } from '../src/rulesets';
import { shellWords } from './helpers/cli';

/**
 * The replay command of a printed report, laid out to run when copied from the PDF: its
 * arguments in lines that fit the page, continued with ` \`; a line may wrap only after a legion's `;` inside a
 * roster or after a `,` inside the dice, never inside a seed; its text is the command.
 */

const COMMAND =
  'npx praetor battle --attacker "Marcus: 2 CAT 1 CAV 4 INF; Titus: 3 INF" --defender ' +
  '"Brutus: 5 INF" --fort "1" --seed "B1 | Marcus: 2 CAT; Titus: 3 INF" --dice "3,4,4,2"';

const text = (html: string) =>
  html
    .replace(/<wbr>/g, '^')
    .replace(/<\/span><span class="arg">/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"');

test('arguments in lines that fit the page, continued; breaks only inside rosters and dice', () => {
  expect(text(commandHtml(COMMAND)).split('\n')).toEqual([
    'npx praetor battle --attacker "Marcus: 2 CAT 1 CAV 4 INF; ^Titus: 3 INF" \\',
    '  --defender "Brutus: 5 INF" --fort "1" --seed "B1 | Marcus: 2 CAT; Titus: 3 INF" \\',
    '  --dice "3,^4,^4,^2"',
  ]);
});

test('copied with a line break at every line and every break, it reads the same battle', () => {
  const copied = text(commandHtml(COMMAND)).replace(/\^/g, '\n');
  // As a POSIX shell reads it: a backslash before a line break joins the lines.
  const words = shellWords(copied.replace(/\\\n/g, ''));
  expect(words).toHaveLength(shellWords(COMMAND).length);
  expect(words[10]).toBe('B1 | Marcus: 2 CAT; Titus: 3 INF');
  const units = findRuleset('cote-pbem')!.units;
  const legions = (t: string) => parseRosterText(t, 'attacker', units);
  expect(legions(words[4])).toEqual(legions('Marcus: 2 CAT 1 CAV 4 INF; Titus: 3 INF'));
  expect(parseDiceList(words[12])).toEqual({ ok: true, value: [3, 4, 4, 2] });
});

test('a value longer than a line with no place to break is marked to wrap; a resumed battle is two commands', () => {
  const seed = 'x'.repeat(LINE_CHARS);
  const html = commandHtml(
    `npx praetor battle --seed "${seed}"\nnpx praetor battle --resume paused.json`,
  );
  expect(html.split('\n')).toHaveLength(2);
  // 2 + 7 + 92 + 2 characters: in smaller type; longer than the smaller type holds: wrapped.
  expect(html).toContain(`<span class="small">  --seed &quot;${seed}&quot;</span>`);
  // Longer: over lines of its own in the smaller type, none wider than it holds.
  const longer = 'x'.repeat(SMALL_LINE_CHARS);
  const cut = commandHtml(`npx praetor battle --seed "${longer}" --sea`);
  const chunks = [...cut.matchAll(/<span class="long">([^<]*)<\/span>/g)].map((m) => m[1]);
  expect(chunks.join('')).toBe(`  --seed &quot;${longer}&quot; \\`);
  expect(chunks.every((c) => c.replace(/&quot;/g, '"').length <= SMALL_LINE_CHARS)).toBe(true);
  expect(chunks.at(-1)).toMatch(/ \\$/);
  expect(commandHtml('npx praetor battle --attacker "A<B: 1 INF"')).toContain('A&lt;B');
});

test('a value cut over lines of its own is never cut beside a space, which a copy drops', () => {
  // A derived seed: legions' names and units, spaces every few characters.
  const seed = Array.from({ length: 12 }, (_, i) => `Gaius Julius ${i}: 2 CAT 1 CAV`).join('; ');
  const html = commandHtml(`npx praetor battle --seed "${seed}" --sea`);
  const chunks = [...html.matchAll(/<span class="long">([^<]*)<\/span>/g)].map((m) =>
    m[1].replace(/&quot;/g, '"'),
  );
  expect(chunks.length).toBeGreaterThan(2);
  for (const [i, chunk] of chunks.entries()) {
    if (i > 0) expect(chunk).toMatch(/^\S/);
    expect(chunk).toMatch(/\S$/);
    expect(chunk.length).toBeLessThanOrEqual(SMALL_LINE_CHARS);
  }
  // Copied as a PDF gives it (each line trimmed) and joined as the page says: the same seed.
  const joined = chunks.map((c) => c.trim()).join('');
  expect(shellWords(joined.replace(/ \\$/, ''))).toEqual(['--seed', seed]);
});

test('orders break after a comma; a JSON roster between its values, never inside a name', () => {
  const orders = commandHtml(
    'npx praetor battle --rules imperium --attacker-orders "range=close, disengage=never, split=auto"',
  );
  expect(text(orders)).toContain('--attacker-orders "range=close, ^disengage=never, ^split=auto"');
  const json = commandHtml(
    'npx praetor battle --attacker "[{\\"name\\":\\"Vercix; king, the\\",\\"attack\\":5}]"',
  );
  expect(text(json)).toContain(
    '--attacker "[{\\"name\\":\\"Vercix; king, the\\",^\\"attack\\":5}]"',
  );
});

test('the count of characters takes a wide character as two', () => {
  const name = '凱'.repeat(50);
  const html = commandHtml(`npx praetor battle --attacker "${name}: 2 INF" --defender "1 INF"`);
  expect(text(html).split('\n')[0]).toBe('npx praetor battle \\');
});

test("a seed with a line break or a '!' is one $'...' word that bash reads back exactly", () => {
  const seed = 'ex\r\nample! "quoted" \\ it\'s $HOME `x`';
  const result = resolveBattle(
    (() => {
      const b = validateBattle({ id: 'q', attacker: '2 INF', defender: '1 INF', seed });
      if (!b.ok) throw new Error(b.error);
      return b.value;
    })(),
  );
  if (!result.ok) throw new Error(result.error);
  const command = replayCommand(result.value);
  const word = /--seed (\$'(?:[^'\\]|\\.)*')/.exec(command)![1];
  expect(execFileSync('bash', ['-c', `printf %s ${word}`], { encoding: 'utf8' })).toBe(seed);
  // Printed, the word is never cut: one piece on a line of its own.
  const pieces = [...commandHtml(command).matchAll(/<span class="(?:nb|small)">([^<]*)<\/span>/g)];
  expect(pieces.some((m) => m[1].replace(/&#39;|&quot;/g, '').includes('--seed $'))).toBe(true);
});
