import { resolveBattle } from '../src/battle';
import { validateBattle } from '../src/battle-spec';
import { logTable, MAX_LOG_WIDTH } from '../src/log';
import { findRuleset } from '../src/rulesets';

/** A log column is as wide as its ruleset makes it, or as its longest value, up to a cap. */

test("a galley's burst widens the Unit column to fit `GAL#1 (burst)`", () => {
  const battle = validateBattle({
    id: 'S1',
    attacker: '1 INF 1 GAL',
    defender: '1 INF 2 GAL',
    options: { sea: true },
    dice: '1,1,1,1,1,1,1,1,1,1,1,1',
  });
  if (!battle.ok) throw new Error(battle.error);
  const result = resolveBattle(battle.value);
  if (!result.ok) throw new Error(result.error);
  const ruleset = findRuleset('cote-pbem')!;
  const table = logTable(ruleset, result.value.events);
  const unit = table.headers.indexOf('Unit');
  const values = table.rows.map((row) => String(row[unit]));
  expect(values).toContain('GAL#1 (burst)');
  expect(table.widths[unit]).toBe('GAL#1 (burst)'.length);
  // Every other column keeps the ruleset's width where its values fit it.
  ruleset.logColumns.forEach((c, i) => {
    const longest = Math.max(0, ...table.rows.map((row) => String(row[i]).length));
    expect(table.widths[i]).toBe(Math.max(c.width, Math.min(MAX_LOG_WIDTH, longest)));
  });
});
