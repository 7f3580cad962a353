import { resumeBattle } from '../src/battle';
import { reportHtml } from '../src/report/html';
import { buildReport } from '../src/report/model';
import { resolve } from './helpers/battle';

/** The HTML report: what a reader sees, checked piece by piece. */

const EXAMPLE_1 = {
  id: 'ex1',
  attacker: 'Marcus: 2 INF, 1 CAT',
  defender: 'Titus: 4 INF',
  dice: [3, 4, 4, 2, 3, 4, 1, 2, 5, 1],
};

describe('escaping', () => {
  test('an ampersand is written &amp;, so that text that looks like an entity shows as typed', () => {
    const html = reportHtml([
      buildReport(resolve({ ...EXAMPLE_1, attacker: 'Tom &amp Jerry: 2 INF, 1 CAT' })),
    ]);
    expect(html).toContain('<th scope="row">Tom &amp;amp Jerry</th>');
    expect(html).not.toContain('Tom &amp Jerry');
  });

  test('a double quote in a battle id cannot end an attribute', () => {
    const html = reportHtml([buildReport(resolve({ ...EXAMPLE_1, id: 'a" onmouseover="x' }))]);
    expect(html).toContain('<h2 id="battle-a&quot; onmouseover=&quot;x">');
    expect(html).not.toContain('onmouseover="x"');
  });

  test('the title is escaped', () => {
    const html = reportHtml([buildReport(resolve(EXAMPLE_1))], 'Rome <2026> & Carthage');
    expect(html).toContain('<title>Rome &lt;2026&gt; &amp; Carthage</title>');
    expect(html).toContain('<h1>Rome &lt;2026&gt; &amp; Carthage</h1>');
  });
});

describe('the odds table', () => {
  const odds = {
    endings: [
      { label: 'Attacker wins', p: 0.1234 },
      { label: 'Defender wins', p: 0.8 },
      { label: 'Attacker retreats', p: 0.0766 },
    ],
  };

  test('each ending the odds show, to one decimal', () => {
    const html = reportHtml([
      buildReport(resolve(EXAMPLE_1), { odds: { ...odds, method: 'exact' } }),
    ]);
    expect(html).toContain(
      '<thead><tr><th scope="col">Attacker wins</th><th scope="col">Defender wins</th><th scope="col">Attacker retreats</th></tr></thead>',
    );
    expect(html).toContain('<tbody><tr><td>12.3%</td><td>80.0%</td><td>7.7%</td></tr></tbody>');
    expect(html).toContain('<caption>Exact odds before the battle</caption>');
  });

  test('an estimate says how it was made', () => {
    const html = reportHtml([
      buildReport(resolve(EXAMPLE_1), { odds: { ...odds, method: 'Monte Carlo, 20,000 runs' } }),
    ]);
    expect(html).toContain('<caption>Odds before the battle (Monte Carlo, 20,000 runs)</caption>');
  });
});

test('no leader captured: the report says none', () => {
  // The attacker retreats after losing a unit in round 1: nobody is captured.
  const result = resolve({ ...EXAMPLE_1, retreat: 'lost >= 1' });
  expect(result.outcome).toBe('retreat');
  expect(result.captured).toEqual([]);
  expect(reportHtml([buildReport(result)])).toContain('Leaders captured: none.</p>');
});

test('a battle resumed after round 1 tells rounds 2 on', () => {
  const paused = resolve({
    id: 'R',
    attacker: 'Marcus: 2 CAT 2 CAV 3 INF',
    defender: 'Titus: 6 INF',
    seed: 'abc',
    rounds: 1,
  });
  const resumed = resumeBattle(JSON.parse(JSON.stringify(paused.saved)), {});
  if (!resumed.ok) throw new Error(resumed.error);
  const html = reportHtml([buildReport(resumed.value)]);
  expect(html).toContain('this report tells rounds 2 on;');
  expect(html).toContain(`(and their ${paused.diceUsed} dice)`);
  expect(html).toContain('compare every shot from round 2 on:');
});
