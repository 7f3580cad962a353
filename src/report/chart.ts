import { BattleReport } from './model';

/**
 * Each side's strength after every round as an SVG line chart that reads in black and white:
 * the attacker a solid line with round markers, the defender a dashed line with square ones.
 * The rounds run from the first point's (0, or a resumed battle's first round) to the last; the
 * legend stands above the lines, which may run along the top.
 */
export function strengthChart(points: BattleReport['strength']): string {
  const width = 560;
  const height = 150;
  const pad = { left: 40, right: 16, top: 26, bottom: 36 };
  const minRound = points[0]?.round ?? 0;
  const maxRound = Math.max(minRound + 1, points[points.length - 1]?.round ?? 1);
  const maxUnits = Math.max(1, ...points.map((p) => Math.max(p.attacker, p.defender)));
  const x = (round: number) =>
    pad.left + ((round - minRound) / (maxRound - minRound)) * (width - pad.left - pad.right);
  const y = (units: number) => pad.top + (1 - units / maxUnits) * (height - pad.top - pad.bottom);
  const line = (side: 'attacker' | 'defender') =>
    points
      .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.round).toFixed(1)},${y(p[side]).toFixed(1)}`)
      .join(' ');
  const ticks = (max: number, most: number) => {
    const step = Math.max(1, Math.ceil(max / most));
    return Array.from({ length: Math.floor(max / step) + 1 }, (_, i) => i * step);
  };
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Segoe UI, Helvetica, Arial, sans-serif" font-size="11">`,
    `<rect x="0" y="0" width="${width}" height="${height}" fill="white"/>`,
  ];
  for (const u of ticks(maxUnits, 5)) {
    parts.push(
      `<line x1="${pad.left}" x2="${width - pad.right}" y1="${y(u)}" y2="${y(u)}" stroke="#ccc" stroke-width="0.5"/>`,
      `<text x="${pad.left - 6}" y="${y(u) + 4}" text-anchor="end">${u}</text>`,
    );
  }
  for (const r of ticks(maxRound - minRound, 10).map((t) => t + minRound)) {
    parts.push(
      `<text x="${x(r)}" y="${height - pad.bottom + 14}" text-anchor="middle">${r}</text>`,
    );
  }
  parts.push(
    `<text x="${(pad.left + width - pad.right) / 2}" y="${height - 6}" text-anchor="middle">round</text>`,
    `<path d="${line('attacker')}" fill="none" stroke="black" stroke-width="2"/>`,
    `<path d="${line('defender')}" fill="none" stroke="black" stroke-width="2" stroke-dasharray="6 4"/>`,
  );
  for (const p of points) {
    parts.push(
      `<circle cx="${x(p.round)}" cy="${y(p.attacker)}" r="3.5" fill="black"/>`,
      `<rect x="${x(p.round) - 3.5}" y="${y(p.defender) - 3.5}" width="7" height="7" fill="white" stroke="black"/>`,
    );
  }
  const legendY = 10;
  parts.push(
    `<line x1="${width - 170}" x2="${width - 146}" y1="${legendY}" y2="${legendY}" stroke="black" stroke-width="2"/>`,
    `<text x="${width - 140}" y="${legendY + 4}">attacker</text>`,
    `<line x1="${width - 90}" x2="${width - 66}" y1="${legendY}" y2="${legendY}" stroke="black" stroke-width="2" stroke-dasharray="6 4"/>`,
    `<text x="${width - 60}" y="${legendY + 4}">defender</text>`,
    '</svg>',
  );
  return parts.join('');
}

/** The chart's content in words, for its alt text. */
export function strengthChartText(points: BattleReport['strength']): string {
  const steps = points.map((p) =>
    p.round === 0
      ? `at the start ${p.attacker} against ${p.defender}`
      : `after round ${p.round} ${p.attacker} against ${p.defender}`,
  );
  return `Units left, attacker against defender: ${steps.join('; ')}.`;
}
