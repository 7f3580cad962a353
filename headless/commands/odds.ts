import { validateBattle } from '../../src/battle-spec';
import { formatCounts, Side, UnitCounts } from '../../src/forces';
import { computeOdds, DEFAULT_ODDS_SEED, DEFAULT_RUNS, OddsResult } from '../../src/odds';
import {
  fowOptions,
  imperiumOptions,
  legionOptions,
  parseOptionsOnce,
  RULE_OPTION_FLAGS,
  withFortValue,
} from '../flags';
import { oddsEndings } from '../../src/odds-endings';
import { findRuleset } from '../../src/rulesets';
import {
  optionFlagConfig,
  optionFlagHelp,
  optionFlags,
  optionFlagValues,
  withBareFlagsTrue,
} from '../option-flags';
import { countProgress } from '../progress';
import { EXIT, Io, UsageError } from '../io';

/** The most Monte Carlo battles one run fights: a standard error far below 0.1%, in minutes. */
export const MAX_RUNS = 10_000_000;

const OWN_OPTIONS = {
  attacker: { type: 'string' },
  defender: { type: 'string' },
  ...RULE_OPTION_FLAGS,
  method: { type: 'string' },
  runs: { type: 'string' },
  seed: { type: 'string' },
  json: { type: 'boolean' },
} as const;

/** Options of `praetor battle` that odds take no part in, and why: said, not "unknown". */
const BATTLE_ONLY: Record<string, string> = {
  rounds: 'the odds are of the whole battle, to its end (a pause is for praetor battle)',
  dice: 'the odds weigh every roll (scripted dice are for praetor battle)',
  input: 'the odds are of one battle, given by --attacker and --defender',
  save: 'nothing is fought, so there is nothing to save',
  resume: 'the odds of a paused battle are of its forces as they stand: give them',
};

/** The rulesets' options that no flag of odds or battle gives, each a flag named after it. */
const OPTION_FLAGS = optionFlags([...Object.keys(OWN_OPTIONS), ...Object.keys(BATTLE_ONLY)]);

const OPTIONS = { ...OWN_OPTIONS, ...optionFlagConfig(OPTION_FLAGS) };

export const ODDS_HELP = `Usage: praetor odds --attacker ROSTER --defender ROSTER [options]

The odds of a battle fought to its end, before the dice fall: who wins, who retreats, the
survivors, the rounds, the leaders captured. Exact when the ruleset has a solver (cote-pbem,
cote-online and legion-battles have), else estimated by Monte Carlo. A pause order does not
apply: odds are for the whole battle.

Rosters: legions separated by ";", each "[Leader:] count unit, ...", e.g.
  "Marcus: 1 CAT 2 INF; Titus: 3 INF" (as for praetor battle).

Options:
  --attacker ROSTER     the attacking side
  --defender ROSTER     the defending side
  --rules ID            ruleset (default cote-pbem)
  --fort [1|2]          the defender is in a fortified city with 1 (default) or 2 wall hit points
  --breach-by WHO       "any" hit breaches the walls (default) or only a "catapult" hit
  --sea                 a sea battle: every legion is carried by galleys (GAL)
  --retreat COND        the attacker's retreat condition, e.g. "lost.CAT >= 1 and units <= 3"
  --mode MODE           cote-online: fight-to-the-death (default) or hit-and-run
  --combat, --range, --planet, --units, --attacker-orders, --defender-orders
                        imperium's options, as for praetor battle
  --readings, --clashes legion-battles' readings and Clash limit, as for praetor battle
  --readings, --terrain, --castes
                        fortunes-of-war's numbers, terrain and castes, as for praetor battle
${optionFlagHelp(OPTION_FLAGS)}  --method M            "exact" or "montecarlo" (default: exact when the ruleset has a solver;
                        a battle too large for it falls back to Monte Carlo, with a note)
  --runs N              Monte Carlo battles to fight, 1 to ${MAX_RUNS.toLocaleString('en')} (default ${DEFAULT_RUNS.toLocaleString('en')});
                        on a terminal, their count so far is shown on stderr
  --seed TEXT           Monte Carlo seed, for a reproducible estimate (default "${DEFAULT_ODDS_SEED}")
  --json                print JSON instead of a summary
  -h, --help            show this help

Examples:
  praetor odds --attacker "Marcus: 2 CAT 2 CAV 3 INF" --defender "Brutus: 2 CAT 2 CAV 3 INF" --fort
  praetor odds --attacker "2 INF 1 GAL" --defender "1 CAV 2 GAL" --sea --retreat "lost >= 2" --json
  praetor odds --attacker "2 CAT 2 CAV 3 INF" --defender "3 CAV 4 INF" --method montecarlo --runs 10000 --seed test

Exit status: 0 odds computed, 1 the battle had an error (or --method exact on a battle too
large for the solver), 2 bad usage.`;

function readRuns(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(n) || n < 1 || n > MAX_RUNS) {
    throw new UsageError(
      `--runs is "${text}": expected a whole number of battles from 1 to ${MAX_RUNS.toLocaleString('en')}`,
    );
  }
  return n;
}

function readMethod(text: string | undefined): 'exact' | 'montecarlo' | undefined {
  if (text === undefined) return undefined;
  const w = text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, '');
  if (w === 'exact') return 'exact';
  if (w === 'montecarlo' || w === 'mc') return 'montecarlo';
  throw new UsageError(`--method is "${text}": expected "exact" or "montecarlo"`);
}

export function oddsCommand(argv: string[], io: Io): number {
  for (const arg of argv) {
    const name = /^--([a-z-]+)(=|$)/.exec(arg)?.[1];
    if (name !== undefined && Object.hasOwn(BATTLE_ONLY, name)) {
      throw new UsageError(
        `--${name} is an option of praetor battle, not of odds: ${BATTLE_ONLY[name]}`,
      );
    }
  }
  const { values: v } = parseOptionsOnce(
    withBareFlagsTrue(withFortValue(argv), OPTION_FLAGS),
    OPTIONS,
  );
  if (v.attacker === undefined || v.defender === undefined) {
    throw new UsageError('give --attacker and --defender');
  }
  const method = readMethod(v.method);
  const runs = readRuns(v.runs);
  const battle = validateBattle(
    {
      id: 'odds',
      rules: v.rules,
      attacker: v.attacker,
      defender: v.defender,
      seed: v.seed ?? DEFAULT_ODDS_SEED,
      options: {
        sea: v.sea,
        fort: v.fort,
        breachBy: v['breach-by'],
        retreat: v.retreat,
        mode: v.mode,
        ...imperiumOptions(v),
        ...legionOptions(v),
        ...fowOptions(v),
        ...optionFlagValues(OPTION_FLAGS, v),
      },
    },
    'odds',
  );
  const counting = countProgress(io, 'Monte Carlo battles fought');
  const odds = battle.ok
    ? computeOdds(battle.value, { method, runs, seed: v.seed, progress: counting.update })
    : battle;
  counting.finish();
  if (!odds.ok) {
    if (v.json) io.out(JSON.stringify({ error: odds.error }, null, 2));
    else io.err(`Error: ${odds.error}`);
    return EXIT.someFailed;
  }
  const unused = (['runs', 'seed'] as const).filter((flag) => v[flag] !== undefined);
  if (odds.value.method === 'exact' && unused.length > 0) {
    io.err(
      `note: the odds are exact, so ${unused.map((f) => `--${f}`).join(' and ')} (for a Monte ` +
        'Carlo count) went unused; add --method montecarlo to count battles instead',
    );
  }
  // A game's own name for the undecided ending (cote-online: `mutual`) is printed beside it.
  const named = findRuleset(odds.value.ruleset.id)?.undecidedName;
  const json = named ? { ...odds.value, [named]: odds.value.undecided } : odds.value;
  io.out(v.json ? JSON.stringify(json, null, 2) : renderOdds(odds.value));
  return EXIT.ok;
}

const pct = (p: number) => `${(100 * p).toFixed(2)}%`;
const num = (x: number) => x.toFixed(2);
const pm = (se: number | undefined, f: (x: number) => string) =>
  se === undefined ? '' : ` ± ${f(se)}`;

function survivors(r: OddsResult, side: Side): string {
  const e = r.expectedSurvivors[side];
  const se = r.standardErrors?.expectedSurvivors[side];
  const types = Object.keys(e)
    .filter((c) => e[c] > 0)
    .map((c) => `${c} ${num(e[c])}${pm(se?.[c], num)}`);
  const totalSe =
    side === 'attacker'
      ? r.standardErrors?.expectedAttackerSurvivors
      : r.standardErrors?.expectedDefenderSurvivors;
  const total = side === 'attacker' ? r.expectedAttackerSurvivors : r.expectedDefenderSurvivors;
  return `${num(total)}${pm(totalSe, num)}${types.length ? ` (${types.join(', ')})` : ''}`;
}

/** A readable summary: outcomes, expectations, leaders and the likeliest results. */
export function renderOdds(r: OddsResult, top = 8): string {
  const se = r.standardErrors;
  const how =
    r.method === 'exact'
      ? `exact (${(r.states ?? 0).toLocaleString('en')} states)`
      : `Monte Carlo, ${r.runs?.toLocaleString('en')} battles, seed "${r.seed}" (± one standard error)`;
  const options = Object.entries(r.options as Record<string, unknown>)
    .map(([k, val]) => `${k}=${val === null ? '-' : String(val)}`)
    .join(', ');
  const endings = oddsEndings(r, findRuleset(r.ruleset.id));
  const codes = Object.keys(r.expectedSurvivors.attacker);
  const show = (c: UnitCounts) => formatCounts(c, codes);
  const likely = (
    [
      ['attacker wins', r.distributions.attackerWins],
      ['defender wins', r.distributions.defenderWins],
      ['attacker retreats', r.distributions.attackerRetreats],
    ] as const
  )
    .flatMap(([label, list]) => list.map((row) => ({ label, row })))
    .sort((a, b) => b.row.p - a.row.p)
    .slice(0, top);
  return [
    `Odds — ${r.ruleset.id} ${r.ruleset.version}, ${how}`,
    `Options: ${options}`,
    ...(r.note ? [`Note: ${r.note}`] : []),
    '',
    ...endings.map(
      ({ label, p, se: e }) => `${label.padEnd(18)} ${pct(p).padStart(7)}${pm(e, pct)}`,
    ),
    '',
    `Expected survivors: attacker ${survivors(r, 'attacker')}`,
    `                    defender ${survivors(r, 'defender')}`,
    `Expected rounds: ${num(r.expectedRounds)}${pm(se?.expectedRounds, num)}`,
    ...capturedLine(r),
    '',
    'Likeliest results:',
    ...likely.map(
      ({ label, row }) =>
        `  ${pct(row.p).padStart(7)}  ${label.padEnd(17)}  attacker ${show(row.attacker)}; defender ${show(row.defender)}`,
    ),
  ].join('\n');
}

/**
 * The leaders a side can lose, with their chances: none listed at 0% (an Imperium fleet or a
 * Fortunes of War army without a leader has none to lose), and no line when none can be.
 */
function capturedLine(r: OddsResult): string[] {
  const possible = r.leaders.filter((l) => l.captured > 0);
  if (possible.length === 0) return [];
  return [`Leaders captured: ${possible.map((l) => `${l.leader} ${pct(l.captured)}`).join(', ')}`];
}
