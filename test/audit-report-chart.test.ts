import { strengthChart } from '../src/report/chart';

/** The strength chart: each side's units after every round, on one scale. */

const POINTS = [
  { round: 0, attacker: 3, defender: 4 },
  { round: 1, attacker: 2, defender: 3 },
  { round: 2, attacker: 0, defender: 2 },
];

/** The (x, y) points of the chart's two lines: the attacker's first, then the defender's. */
function lines(svg: string): { x: number; y: number }[][] {
  return [...svg.matchAll(/<path d="([^"]+)"/g)].map((m) =>
    m[1].split(' ').map((step) => {
      const [x, y] = step.slice(1).split(',').map(Number);
      return { x, y };
    }),
  );
}

test('the most units (4, the defender at the start) are at the top of the plot, none at the bottom', () => {
  const [attacker, defender] = lines(strengthChart(POINTS));
  // The plot spans y = 26 (below the legend) to 150 - 36 = 114 (above the round labels).
  expect(defender[0].y).toBe(26);
  expect(attacker[2].y).toBe(114);
  // 3 of 4 units: a quarter of the plot's 88 points below the top.
  expect(attacker[0].y).toBe(48);
});

test('more units are drawn higher, on both lines, and every point lies in the plot', () => {
  const [attacker, defender] = lines(strengthChart(POINTS));
  const ys = (side: 'attacker' | 'defender', line: { y: number }[]) =>
    POINTS.map((p, i) => [p[side], line[i].y] as const);
  for (const pairs of [ys('attacker', attacker), ys('defender', defender)]) {
    for (const [units, y] of pairs) {
      expect(y).toBeGreaterThanOrEqual(26);
      expect(y).toBeLessThanOrEqual(114);
      for (const [other, y2] of pairs) if (units > other) expect(y).toBeLessThan(y2);
    }
  }
});

test('the defender is dashed and the attacker solid, so that the chart reads in black and white', () => {
  const paths = [...strengthChart(POINTS).matchAll(/<path [^>]*>/g)].map((m) => m[0]);
  expect(paths).toHaveLength(2);
  expect(paths[0]).not.toContain('stroke-dasharray');
  expect(paths[1]).toContain('stroke-dasharray="6 4"');
});

test('the legend stands above the plot: a side that keeps its most units never runs through it', () => {
  const svg = strengthChart([
    { round: 0, attacker: 3, defender: 4 },
    { round: 1, attacker: 2, defender: 4 },
  ]);
  const [, defender] = lines(svg);
  const legend = [...svg.matchAll(/<text x="[\d.]+" y="([\d.]+)">(attacker|defender)<\/text>/g)];
  expect(legend).toHaveLength(2);
  // 11-point text: its baseline 4 points above the top line, its top 11 above that.
  for (const [, y] of legend) expect(Number(y)).toBeLessThanOrEqual(defender[1].y - 8);
});

test("a resumed battle's rounds run from its first round, not from 0", () => {
  const svg = strengthChart([
    { round: 3, attacker: 5, defender: 4 },
    { round: 4, attacker: 4, defender: 2 },
    { round: 5, attacker: 4, defender: 0 },
  ]);
  const [attacker] = lines(svg);
  expect(attacker.map((p) => p.x)).toEqual([40, 292, 544]);
  const roundLabels = [...svg.matchAll(/text-anchor="middle">(\d+)<\/text>/g)].map((m) => m[1]);
  expect(roundLabels).toEqual(['3', '4', '5']);
});
