import { Forces, SIDES } from '../../forces';
import {
  emptyDistributions,
  OddsLimits,
  OddsSolution,
  sortDistributions,
  SurvivorRow,
} from '../../odds';
import { err, ok, Result } from '../../result';
import { Layout } from './exact-layout';
import { Sweep, SweepResult } from './exact-sweep';
import { PbemOptions } from './options';
import { changesByRound, parseRetreat, RetreatCondition } from './retreat';
import { CODES } from './tables';

/**
 * Exact odds of a COTE PBEM battle fought to its end (a pause order is ignored). The battle's
 * reachable states are swept once, from the most units left to the fewest, carrying each
 * state's probability forward: every shot either changes the forces (a lower level) or moves the
 * round on (a later slot of the same group). The one cycle, a round in which nothing changes, is
 * summed in closed form: the round start's probability is divided by 1 - p(self).
 * See docs/odds.md.
 */

/** The default limit: state slots laid out (8 bytes each, two levels alive at a time). */
export const DEFAULT_MAX_STATES = 300_000_000;

function initialCounts(forces: Forces): number[] {
  const init = new Array<number>(8).fill(0);
  SIDES.forEach((side, s) => {
    for (const legion of forces[side]) {
      for (const [code, n] of Object.entries(legion.units)) {
        const t = (CODES as readonly string[]).indexOf(code);
        if (t >= 0) init[s * 4 + t] += n;
      }
    }
  });
  return init;
}

export function pbemExactOdds(
  forces: Forces,
  options: PbemOptions,
  limits: OddsLimits = {},
): Result<OddsSolution> {
  const max = limits.maxStates ?? DEFAULT_MAX_STATES;
  const init = initialCounts(forces);
  const layout = new Layout(init, options.fort, options.sea);
  const tooLarge = () =>
    err(
      `the battle is too large for the exact solver (more than ${max.toLocaleString('en')} states)`,
    );
  if (layout.groups > max || !layout.build(max)) return tooLarge();
  let retreat: RetreatCondition | null = null;
  if (options.retreat !== null) {
    const parsed = parseRetreat(options.retreat);
    if (!parsed.ok) return parsed;
    if (changesByRound(parsed.value)) {
      return err(
        'the retreat condition changes by round ("from round"), which the exact solver cannot weigh',
      );
    }
    retreat = parsed.value;
  }
  return ok(solution(layout, new Sweep(layout, options, retreat).run()));
}

/** The sweep's endings as survivor distributions. */
function solution(L: Layout, r: SweepResult): OddsSolution {
  const d = emptyDistributions();
  const kinds = ['attackerWins', 'defenderWins', 'attackerRetreats'] as const;
  const c = new Int32Array(9);
  const counts = (s: number) =>
    Object.fromEntries(CODES.map((code, t) => [code, c[s * 4 + t]])) as Record<string, number>;
  for (let kind = 0; kind < 3; kind++) {
    for (let ci = 0; ci < L.combos; ci++) {
      const p = r.term[kind * L.combos + ci];
      if (p === 0) continue;
      L.decode(ci, c);
      const row: SurvivorRow = { p, attacker: counts(0), defender: counts(1) };
      d[kinds[kind]].push(row);
    }
  }
  sortDistributions(d);
  const prob = (rows: SurvivorRow[]) => rows.reduce((a, r) => a + r.p, 0);
  return {
    distributions: d,
    expectedRounds: r.expectedRounds,
    captured: { attacker: prob(d.defenderWins), defender: prob(d.attackerWins) },
    states: r.states,
  };
}
