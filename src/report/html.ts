import { strengthChart, strengthChartText } from './chart';
import { commandHtml, continuesOver, escapeHtml, splitsAValue } from './command-html';
import { BattleReport } from './model';

const percent = (p: number) => `${(p * 100).toFixed(1)}%`;

/** Base64 of a UTF-8 string, in Node and in browsers alike. */
function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function forcesTable(report: BattleReport): string {
  const rows = (['attacker', 'defender'] as const).flatMap((side) =>
    report.forces[side].map(
      (l) =>
        `<tr><td>${side}</td><th scope="row">${escapeHtml(l.leader)}</th><td>${escapeHtml(l.units)}</td></tr>`,
    ),
  );
  return `<table><caption>Forces by legion</caption><thead><tr><th scope="col">Side</th><th scope="col">Leader</th><th scope="col">Units</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function oddsTable(odds: NonNullable<BattleReport['odds']>): string {
  const caption =
    odds.method === 'exact'
      ? 'Exact odds before the battle'
      : `Odds before the battle (${escapeHtml(odds.method)})`;
  const heads = odds.endings.map((e) => `<th scope="col">${escapeHtml(e.label)}</th>`).join('');
  const cells = odds.endings.map((e) => `<td>${percent(e.p)}</td>`).join('');
  return `<table class="odds"><caption>${caption}</caption><thead><tr>${heads}</tr></thead><tbody><tr>${cells}</tr></tbody></table>`;
}

/** A battle's heading id: `battle-ID`, with `-2`, `-3`... where battles of two files share an id. */
function headingIds(reports: readonly BattleReport[]): string[] {
  const used = new Set<string>();
  return reports.map((r) => {
    let id = `battle-${r.id}`;
    for (let n = 2; used.has(id); n++) id = `battle-${r.id}-${n}`;
    used.add(id);
    return id;
  });
}

function battleSection(report: BattleReport, headingId: string): string {
  const where = [report.game, report.turn && `turn ${report.turn}`, report.territory].filter(
    Boolean,
  );
  const chart = `data:image/svg+xml;base64,${base64(strengthChart(report.strength))}`;
  // A resumed battle that ended in its first round has one point: no line to draw.
  const strength =
    report.strength.length < 2
      ? ''
      : `<h3>Strength after each round</h3>
<figure><img src="${chart}" alt="${escapeHtml(strengthChartText(report.strength))}" width="520" height="150"><figcaption>Units left after each round: attacker solid line with round markers, defender dashed with square markers.</figcaption></figure>
`;
  const rounds = report.rounds
    .map(
      (r) =>
        `<h4>Round ${r.round}</h4><ol class="shots">${r.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ol>`,
    )
    .join('');
  return `<section class="battle" aria-labelledby="${escapeHtml(headingId)}">
<h2 id="${escapeHtml(headingId)}">Battle ${escapeHtml(report.id)}${report.territory ? ` — ${escapeHtml(report.territory)}` : ''}</h2>
${report.source ? `<p class="source">From ${escapeHtml(report.source)}</p>\n` : ''}${where.length > 0 ? `<p class="where">${escapeHtml(where.join(', '))}</p>` : ''}
${resumedNote(report)}
<p class="outcome"><strong>${escapeHtml(report.outcome)}</strong><br>Leaders captured: ${report.captured.length > 0 ? escapeHtml(report.captured.join(', ')) : 'none'}.</p>
<div class="facts">
<div>
<h3>Rules and dice</h3>
<ul>${[report.ruleset, ...report.options, report.dice].map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
</div>
<div>
<h3>Forces</h3>
${forcesTable(report)}
${report.odds ? `<h3>Odds</h3>${oddsTable(report.odds)}` : ''}
</div>
</div>
${strength}<h3>The battle, shot by shot</h3>
${rounds}
${checkSection(report)}
</section>`;
}

/** A resumed battle's report tells the rounds after the pause: say so before anything else. */
function resumedNote(report: BattleReport): string {
  if (!report.resumed) return '';
  const { afterRound, diceBefore } = report.resumed;
  return (
    `<p class="resumed">Resumed after round ${afterRound}, with the orders below: this report ` +
    `tells rounds ${afterRound + 1} on; the rounds before the pause (and their ${diceBefore} ` +
    `dice) are in the report of the paused battle. The forces are those that began the battle.</p>`
  );
}

function checkSection(report: BattleReport): string {
  const how = !report.replay
    ? '<p>Its dice before the pause are not in this result: check the battle with <code>praetor verify</code> and the revealed game key.</p>'
    : report.resumed
      ? `<p>Replay this battle with Praetor: fight it to the pause and save it, then resume it with the same orders, and compare every shot from round ${report.resumed.afterRound + 1} on:</p>`
      : '<p>Replay this battle with Praetor and compare every shot:</p>';
  const html = report.replay ? commandHtml(report.replay) : '';
  const hints = [
    // `npx praetor` outside a copy of Praetor would fetch an unrelated npm package of that name.
    ...(html
      ? [
          'Run it in a copy of Praetor, in its folder after <code>npm ci</code> (see its README): elsewhere, <code>npx praetor</code> would fetch another npm package of that name.',
        ]
      : []),
    ...(continuesOver(html)
      ? [
          "The lines ending in \\ are one command (bash, zsh, macOS Terminal); in Windows' Command Prompt or PowerShell, join them into one line without the \\.",
        ]
      : []),
    ...(splitsAValue(html)
      ? [
          'A value too long for the page is printed over lines of its own, in smaller type: join them, without a space, before you run it.',
        ]
      : []),
  ];
  const command = html
    ? `<pre><code>${html}</code></pre>${hints.length > 0 ? `\n<p class="hint">${hints.join(' ')}</p>` : ''}`
    : '';
  return `<div class="check">
<h3>Check it yourself</h3>
${how}
${command}
</div>`;
}

const STYLE = `
body { font-family: "Segoe UI", Helvetica, Arial, sans-serif; font-size: 10pt; color: #000; margin: 0; }
h1 { font-size: 18pt; margin: 0 0 4pt; }
h2 { font-size: 15pt; margin: 0 0 4pt; border-bottom: 1.5pt solid #000; }
h3 { font-size: 11pt; margin: 9pt 0 3pt; }
h4 { font-size: 10pt; margin: 5pt 0 1pt; }
h2, h3, h4 { break-after: avoid; }
.battle + .battle { break-before: page; }
.outcome { font-size: 12pt; }
.facts { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 12pt; }
.facts ul { padding-left: 14pt; margin: 0; overflow-wrap: anywhere; }
table { border-collapse: collapse; margin: 4pt 0; }
caption { text-align: left; font-style: italic; padding-bottom: 2pt; }
th, td { border: 0.75pt solid #555; padding: 2pt 6pt; text-align: left; vertical-align: top; }
thead th { background: #e6e6e6; }
ol.shots { margin: 0; padding-left: 18pt; }
ol.shots li { break-inside: avoid; }
figure, .check { margin: 4pt 0; break-inside: avoid; }
figcaption { font-size: 9pt; font-style: italic; }
pre { white-space: normal; font-size: 9pt; border: 0.75pt solid #555; padding: 4pt; }
pre .command, pre .arg { display: block; }
pre .nb { white-space: pre; }
pre .small { white-space: pre; font-size: 7.5pt; }
pre .long { white-space: pre; font-size: 7.5pt; }
.hint { font-size: 8.5pt; margin-top: 2pt; }
`;

/** A whole document: one section (a page or more) per battle. */
export function reportHtml(
  reports: readonly BattleReport[],
  title = 'Praetor battle reports',
): string {
  const ids = headingIds(reports);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>${escapeHtml(title)}</h1></header>
<main>
${reports.map((r, i) => battleSection(r, ids[i])).join('\n')}
</main>
</body>
</html>
`;
}
