import {
  checkOdds,
  exactPoolError,
  expectedRolls,
  opposedOdds,
} from '../../src/rulesets/legion-battles/check-odds';
import {
  addPools,
  describePool,
  DIFFICULTIES,
  Difficulty,
  Pool,
} from '../../src/rulesets/legion-battles/dice';
import { parsePool } from '../../src/rulesets/legion-battles/pool-text';
import { EXIT, Io, UsageError } from '../io';
import { parseOptionsOnce } from '../flags';

export const DICE_HELP = `Usage: praetor dice --pool POOL [--difficulty LEVEL] [--against POOL] [--extended N] [--json]

Exact odds of a Legion Battles check (docs/rules-legion-battles.md), by convolution of the
dice's faces, not by sampling: the probability of success (1 or more net Successes), of each
net-Boons result, of Triumph and of Calamity.

Pools: items separated by commas, each "N kind" (mastery, ability, boon, difficulty, bane) or
"C/K" for a characteristic and a skill (max(C, K) dice, min(C, K) of them Mastery), e.g.
  --pool "2 mastery, 1 ability, 1 boon"     --pool "3/2, 1 boon"

Options:
  --pool POOL           the dice rolled
  --difficulty LEVEL    none, easy, average or hard: 0 to 3 Difficulty dice added (default
                        average; none with --against)
  --against POOL        an opposed check: the chance POOL is beaten, tied, lost, and each margin
  --extended N          an extended check to a threshold of N (each roll adds its net Successes
                        when positive): the expected number of rolls
  --json                print JSON instead of a summary
  -h, --help            show this help

Examples:
  praetor dice --pool "2 mastery, 1 ability"
  praetor dice --pool "3/2, 1 boon" --difficulty hard --json
  praetor dice --pool "3 mastery" --against "2 mastery, 1 boon"
  praetor dice --pool "3 mastery, 2 boon" --difficulty hard --extended 8

Exit status: 0 odds computed, 2 bad usage (a pool too large to count exactly included).`;

const OPTIONS = {
  pool: { type: 'string' },
  difficulty: { type: 'string' },
  against: { type: 'string' },
  extended: { type: 'string' },
  json: { type: 'boolean' },
} as const;

function readPool(text: string, flag: string, extra: Partial<Pool> = {}): Pool {
  const pool = parsePool(text);
  if (!pool.ok) throw new UsageError(`${flag}: ${pool.error}`);
  const whole = addPools(pool.value, extra);
  const tooLarge = exactPoolError(whole);
  if (tooLarge) throw new UsageError(`${flag}: ${tooLarge}`);
  return whole;
}

function readDifficulty(text: string | undefined, opposed: boolean): Difficulty {
  if (text === undefined) return opposed ? 'none' : 'average';
  const w = text.trim().toLowerCase();
  if (w in DIFFICULTIES) return w as Difficulty;
  throw new UsageError(`--difficulty is "${text}": expected none, easy, average or hard`);
}

function readThreshold(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || n < 1 || n > 1000) {
    throw new UsageError(`--extended is "${text}": expected a whole threshold from 1 to 1000`);
  }
  return n;
}

const pct = (p: number) => `${(100 * p).toFixed(2)}%`;

export function diceCommand(argv: string[], io: Io): number {
  const { values: v, positionals } = parseOptionsOnce(argv, OPTIONS);
  if (positionals.length > 0) throw new UsageError(`unexpected ${positionals.join(' ')}`);
  if (v.pool === undefined) throw new UsageError('give the dice: --pool POOL');
  const opposed = v.against !== undefined;
  const difficulty = readDifficulty(v.difficulty, opposed);
  const pool = readPool(v.pool, '--pool', { difficulty: DIFFICULTIES[difficulty] });
  const against = v.against === undefined ? undefined : readPool(v.against, '--against');
  const threshold = readThreshold(v.extended);
  const odds = checkOdds(pool);
  const versus = against === undefined ? undefined : opposedOdds(pool, against);
  const rolls = threshold === undefined ? undefined : expectedRolls(pool, threshold);
  if (v.json) {
    io.out(
      JSON.stringify(
        {
          pool,
          difficulty,
          success: odds.success,
          ways: odds.ways,
          total: odds.total,
          triumph: odds.triumph,
          calamity: odds.calamity,
          successWithTwoBoons: odds.successWithTwoBoons,
          netBoons: odds.netBoons,
          netSuccesses: odds.netSuccesses,
          ...(versus && against ? { against, opposed: versus } : {}),
          ...(threshold !== undefined ? { extended: { threshold, expectedRolls: rolls } } : {}),
        },
        null,
        2,
      ),
    );
    return EXIT.ok;
  }
  const lines = [
    `Pool: ${describePool(pool)} (${difficulty})`,
    `Success: ${pct(odds.success)} (${odds.ways}/${odds.total})`,
    `Triumph: ${pct(odds.triumph)}  Calamity: ${pct(odds.calamity)}  Success with 2+ net Boons: ${pct(odds.successWithTwoBoons)}`,
    'Net Boons:',
    ...odds.netBoons.map((b) => `  ${String(b.value).padStart(3)}  ${pct(b.p).padStart(7)}`),
  ];
  if (versus && against) {
    lines.push(
      `Against: ${describePool(against)}`,
      `Wins: ${pct(versus.win)}  Ties: ${pct(versus.tie)}  Loses: ${pct(versus.lose)}`,
      "Margins (net Successes less the opponent's):",
      ...versus.margins.map((m) => `  ${String(m.value).padStart(3)}  ${pct(m.p).padStart(7)}`),
    );
  }
  if (threshold !== undefined && rolls !== undefined) {
    lines.push(
      `Extended check to ${threshold}: ${Number.isFinite(rolls) ? rolls.toFixed(2) : 'never'} rolls expected`,
    );
  }
  io.out(lines.join('\n'));
  return EXIT.ok;
}
