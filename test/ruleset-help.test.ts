import { BATTLE_HELP } from '../headless/commands/battle';
import { helpLines, rulesetChoices } from '../headless/ruleset-help';
import { rulesetIds } from '../src/rulesets';

test('the rulesets are listed from the registry, the default marked', () => {
  expect(rulesetChoices(['a', 'cote-pbem', 'b'])).toBe('a, cote-pbem (default) or b');
  expect(rulesetChoices(['cote-pbem'])).toBe('cote-pbem (default)');
});

test("battle --help names every ruleset in --rules' lines, none wider than 92 columns", () => {
  const lines = BATTLE_HELP.split('\n');
  const at = lines.findIndex((l) => l.startsWith('  --rules ID'));
  const rules = [
    lines[at],
    ...lines
      .slice(at + 1)
      .filter((l, i, all) => all.slice(0, i + 1).every((x) => x.startsWith(' '.repeat(24)))),
  ];
  const text = rules.map((l) => l.trim()).join(' ');
  for (const id of rulesetIds()) expect(text).toContain(id);
  expect(Math.max(...rules.map((l) => l.length))).toBeLessThanOrEqual(92);
});

test('help text wraps between words, further lines indented', () => {
  expect(helpLines('  --x  ', 'aaa bbb ccc', 4, 12)).toBe('  --x  aaa\n    bbb ccc');
});
