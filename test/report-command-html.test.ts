import { parseDiceList } from '../src/dice';
import { commandHtml } from '../src/report/command-html';
import { parseRosterText } from '../src/roster';
import { findRuleset } from '../src/rulesets';
import { shellWords } from './helpers/cli';

/**
 * The replay command of a printed report wraps only where a copied line break does no harm:
 * after a legion's `;` inside a roster, after a `,` inside the dice; never between two
 * arguments, nor inside a seed. Its text is the command, unchanged.
 */

const COMMAND =
  'npx praetor battle --attacker "Marcus: 2 CAT 1 CAV 4 INF; Titus: 3 INF" --defender ' +
  '"Brutus: 5 INF" --fort "1" --seed "B1 | Marcus: 2 CAT; Titus: 3 INF" --dice "3,4,4,2"';

/** The text between break opportunities, and the text as a reader copies it. */
const piecesOf = (html: string) =>
  html
    .replace(/<span class="command">|<\/span>$/g, '')
    .split('<wbr>')
    .map((p) => p.replace(/<[^>]+>/g, '').replace(/&quot;/g, '"'));

test('breaks inside rosters after a legion, inside the dice after a die, and nowhere else', () => {
  expect(piecesOf(commandHtml(COMMAND))).toEqual([
    'npx praetor battle --attacker "Marcus: 2 CAT 1 CAV 4 INF; ',
    'Titus: 3 INF" --defender "Brutus: 5 INF" --fort "1" --seed "B1 | Marcus: 2 CAT; Titus: 3 INF" --dice "3,',
    '4,',
    '4,',
    '2"',
  ]);
});

test('copied with a line break at every opportunity, the command reads the same battle', () => {
  const copied = piecesOf(commandHtml(COMMAND)).join('\n');
  const words = shellWords(copied);
  expect(words).toHaveLength(shellWords(COMMAND).length);
  expect(words[4]).toBe('Marcus: 2 CAT 1 CAV 4 INF; \nTitus: 3 INF');
  expect(words[10]).toBe('B1 | Marcus: 2 CAT; Titus: 3 INF');
  expect(words[12]).toBe('3,\n4,\n4,\n2');
  // As the battle command reads them: the same legions, the same dice.
  const units = findRuleset('cote-pbem')!.units;
  const legions = (text: string) => parseRosterText(text, 'attacker', units);
  expect(legions(words[4])).toEqual(legions('Marcus: 2 CAT 1 CAV 4 INF; Titus: 3 INF'));
  expect(parseDiceList(words[12])).toEqual({ ok: true, value: [3, 4, 4, 2] });
});

test('a resumed battle’s two commands are two lines; text is escaped', () => {
  const html = commandHtml(
    'npx praetor battle --attacker "A<B: 1 INF"\nnpx praetor battle --resume paused.json',
  );
  expect(html.split('\n')).toHaveLength(2);
  expect(html).toContain('A&lt;B');
});
