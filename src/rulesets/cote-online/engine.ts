import { Dice, uniformIndex } from '../../dice';
import { Forces, Side, SIDES } from '../../forces';
import { BattleEvent } from '../../ruleset';
import { OnlineOptions } from './options';
import { BATTLE_ORDER, CODES, FORT, GAL, HIT_ON, LEGION_WARRIORS } from './tables';

/** Units left by code; `FORT` is the fortified city's Artillery (the defender's, 0 or 1). */
export type OnlineCounts = { CAT: number; CAV: number; INF: number; GAL: number; FORT: number };

/** Both sides' units right after an event (shared between events while unchanged: read-only). */
export type OnlineLeft = { attacker: OnlineCounts; defender: OnlineCounts };

/** A warrior's attack roll. */
export interface OnlineRollEvent extends BattleEvent {
  kind: 'roll';
  /** The warrior, numbered in this round's order of battle: `CAT#1`, `FORT#1`. */
  unit: string;
  roll: number;
  hit: boolean;
  left: OnlineLeft;
}

/** One hit of `side` applied: a uniform draw among the enemy's warriors not yet chosen. */
export interface OnlineCasualtyEvent extends BattleEvent {
  kind: 'casualty';
  /** Which of the side's hits this round: 1, 2, ... */
  hitNumber: number;
  /** How many enemy warriors the draw chose among. */
  among: number;
  /** The dice of each attempt; all but the last were rejected and drawn again. */
  attempts: number[][];
  /** The index chosen, 0-based, in the order of battle of the warriors not yet chosen. */
  index: number;
  /** The enemy warrior lost, named as in this round's order of battle: `INF#2`. */
  lost: string;
  left: OnlineLeft;
}

/** The defender's galleys, left empty when the attacker takes their territory, are destroyed. */
export interface OnlineSunkEvent extends BattleEvent {
  kind: 'sunk';
  galleys: number;
  left: OnlineLeft;
}

export type OnlineEvent = OnlineRollEvent | OnlineCasualtyEvent | OnlineSunkEvent;

export type OnlineOutcome = 'eliminated' | 'retreat' | 'mutual' | 'paused';

/** The whole state of an online battle, plain JSON. Pauses fall between rounds only. */
export interface OnlineState {
  /** Rounds begun. */
  round: number;
  /** Living units, `[side][CAT, CAV, INF, GAL, FORT]`. */
  count: number[][];
  /** What was being rolled when the battle last stopped, for error messages. */
  at: string | null;
  end: { outcome: OnlineOutcome; winner: Side | null } | null;
}

export function startOnline(forces: Forces, options: OnlineOptions): OnlineState {
  const count = SIDES.map((side) => {
    const c = [0, 0, 0, 0, 0];
    for (const legion of forces[side]) {
      for (const t of [...LEGION_WARRIORS, GAL]) c[t] += legion.units[CODES[t]] ?? 0;
    }
    return c;
  });
  count[1][FORT] = options.fort ? 1 : 0;
  return { round: 0, count, at: null, end: null };
}

export const warriors = (c: readonly number[]) =>
  BATTLE_ORDER.reduce<number>((sum, t) => sum + c[t], 0);

export const countsOf = (c: readonly number[]): OnlineCounts => ({
  CAT: c[0],
  CAV: c[1],
  INF: c[2],
  GAL: c[3],
  FORT: c[4],
});

const snapshot = (st: OnlineState): OnlineLeft => ({
  attacker: countsOf(st.count[0]),
  defender: countsOf(st.count[1]),
});

/** A warrior in a round's order of battle. */
type Warrior = { type: number; name: string };

/** A side's warriors in order of battle: FORT#1, CAT#1, CAT#2, ..., CAV#1, ..., INF#1, ... */
export function lineUp(c: readonly number[]): Warrior[] {
  const out: Warrior[] = [];
  for (const t of BATTLE_ORDER) {
    for (let k = 1; k <= c[t]; k++) out.push({ type: t, name: `${CODES[t]}#${k}` });
  }
  return out;
}

/** Plays a battle on from `state` until it ends or pauses, a whole round at a time. */
export function playOnline(
  st: OnlineState,
  options: OnlineOptions,
  dice: Dice,
  emit: (event: OnlineEvent) => void,
): void {
  if (st.end?.outcome === 'paused') st.end = null;
  const pauseAt = options.rounds === null ? Infinity : st.round + options.rounds;
  while (st.end === null) {
    if (st.round >= pauseAt) {
      st.end = { outcome: 'paused', winner: null };
      break;
    }
    playRound(st, options, dice, emit);
  }
  st.at = null;
}

function playRound(
  st: OnlineState,
  options: OnlineOptions,
  dice: Dice,
  emit: (event: OnlineEvent) => void,
): void {
  st.round++;
  const round = st.round;
  const order = [lineUp(st.count[0]), lineUp(st.count[1])];
  const hits = [0, 0];
  let left = snapshot(st);
  for (const s of [0, 1] as const) {
    const side = SIDES[s];
    for (const w of order[s]) {
      st.at = `when the ${side}'s ${w.name} was to roll`;
      const roll = dice.d6();
      const hit = roll >= HIT_ON[w.type];
      if (hit) hits[s]++;
      emit({ kind: 'roll', round, side, unit: w.name, roll, hit, left });
    }
  }
  for (const s of [0, 1] as const) {
    const side = SIDES[s];
    const e = 1 - s;
    const candidates = order[e].slice();
    const draws = Math.min(hits[s], candidates.length);
    for (let j = 1; j <= draws; j++) {
      st.at = `when the casualty of the ${side}'s hit ${j} was to be drawn`;
      const among = candidates.length;
      const { index, attempts } = uniformIndex(dice, among);
      const [lost] = candidates.splice(index, 1);
      st.count[e][lost.type]--;
      left = snapshot(st);
      emit({
        kind: 'casualty',
        round,
        side,
        hitNumber: j,
        among,
        attempts,
        index,
        lost: lost.name,
        left,
      });
    }
  }
  const [a, d] = [warriors(st.count[0]), warriors(st.count[1])];
  if (a === 0 && d === 0) st.end = { outcome: 'mutual', winner: null };
  else if (d === 0) st.end = { outcome: 'eliminated', winner: 'attacker' };
  else if (a === 0) st.end = { outcome: 'eliminated', winner: 'defender' };
  else if (options.mode === 'hit-and-run') st.end = { outcome: 'retreat', winner: 'defender' };
  // The attacker's troops now hold the space of the defender's galleys, left empty: sunk. A
  // beaten attacker's galleys stay where they are: no enemy troops enter their space.
  if (st.end?.outcome === 'eliminated' && st.end.winner === 'attacker') {
    const galleys = st.count[1][GAL];
    if (galleys > 0) {
      st.count[1][GAL] = 0;
      emit({ kind: 'sunk', round, side: 'defender', galleys, left: snapshot(st) });
    }
  }
}

export function describeOnlinePosition(st: OnlineState): string {
  const show = (c: readonly number[]) =>
    CODES.map((code, t) => (c[t] > 0 ? `${c[t]} ${code}` : ''))
      .filter((s) => s !== '')
      .join(' ') || 'none';
  const at = st.at ? `, ${st.at}` : '';
  return `round ${st.round}${at}; attacker ${show(st.count[0])}, defender ${show(st.count[1])}`;
}
