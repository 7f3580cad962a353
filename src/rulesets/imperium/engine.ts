import { Dice } from '../../dice';
import { Forces, SIDES } from '../../forces';
import { allocate } from './allocation';
import { combatStep } from './combat';
import { disengage } from './disengage';
import { ImperiumEvent, leftOf } from './events';
import { GROUND_ROUNDS, groundFactors } from './ground';
import { rollInitiative } from './initiative';
import { ImperiumOptions, Orders, parseOrders } from './options';
import { chooseRange } from './range';
import { ImperiumState, inBattle, Unit } from './state';
import { sideFaction } from './factions';
import { unitStats } from './unit-data';
import { baseCode, CODES, DAMAGED } from './units';

/** A battle that no orders can end (both sides keep out of beam range) stops after this many rounds. */
export const MAX_ROUNDS = 1000;

/** The units of both sides, legion (fleet) by legion, types in the table's order: `DD#1`, ... */
export function startImperium(forces: Forces, options: ImperiumOptions): ImperiumState {
  const faction = [sideFaction(forces.attacker), sideFaction(forces.defender)] as const;
  const units: Unit[] = [];
  SIDES.forEach((side, s) => {
    const numbers = new Map<string, number>();
    forces[side].forEach((legion, fleet) => {
      for (const code of CODES) {
        const count = legion.units[code] ?? 0;
        if (count === 0) continue;
        const base = baseCode(code);
        const stats = unitStats(faction[s]!, base, options.units);
        if (stats === null) continue;
        const shape = (f: typeof stats.full) =>
          options.combat === 'ground' ? groundFactors(base, f) : f;
        for (let k = 0; k < count; k++) {
          const n = (numbers.get(base) ?? 0) + 1;
          numbers.set(base, n);
          units.push({
            name: `${base}#${n}`,
            code: base,
            side: s as 0 | 1,
            cls: stats.cls,
            fleet,
            full: shape(stats.full),
            half: shape(stats.damaged),
            hasDamagedSide: stats.hasDamagedSide,
            fighters: stats.fighters,
            damaged: code.endsWith(DAMAGED),
            status: 'in',
          });
        }
      }
    });
  });
  return {
    combat: options.combat,
    faction: [faction[0]!, faction[1]!],
    units,
    round: 0,
    initiative: null,
    range: options.range,
    at: null,
    end: null,
  };
}

/** Standing orders read once per text: Monte Carlo odds play many battles with the same. */
const ordersCache = new Map<string, Orders>();

const ordersOf = (options: ImperiumOptions): [Orders, Orders] => {
  const read = (text: string) => {
    let orders = ordersCache.get(text);
    if (orders === undefined) {
      const o = parseOrders(text, 'orders');
      if (!o.ok) throw new Error(o.error);
      orders = o.value;
      if (ordersCache.size < 1000) ordersCache.set(text, orders);
    }
    return orders;
  };
  return [read(options.attackerOrders), read(options.defenderOrders)];
};

/** Plays on from `st` until the battle ends or pauses, a whole round at a time. */
export function playImperium(
  st: ImperiumState,
  options: ImperiumOptions,
  dice: Dice,
  emit: (event: ImperiumEvent) => void,
): void {
  if (st.end?.outcome === 'paused') st.end = null;
  const orders = ordersOf(options);
  const pauseAt = options.rounds === null ? Infinity : st.round + options.rounds;
  if (st.end === null) checkEnd(st);
  while (st.end === null) {
    if (st.round >= pauseAt) {
      st.end = { outcome: 'paused', winner: null };
      break;
    }
    playRound(st, options, orders, dice, emit);
  }
  st.at = null;
}

function playRound(
  st: ImperiumState,
  options: ImperiumOptions,
  orders: [Orders, Orders],
  dice: Dice,
  emit: (event: ImperiumEvent) => void,
): void {
  st.round++;
  const round = st.round;
  const init = rollInitiative(st, dice);
  const holder = init.holder;
  const side = SIDES[holder];
  st.initiative = holder;
  // Both sides' survivors, shared by the events until something changes (read-only).
  let left = leftOf(st);
  emit({ kind: 'initiative', round, side, rolls: init.rolls, tie: init.tie, left });
  if (st.combat === 'ground') {
    if (round === 1) {
      emit({
        kind: 'range',
        round,
        side,
        from: null,
        to: 'short',
        why: 'ground',
        left,
      });
    }
  } else if (round === 1) {
    st.range = options.range;
    emit({
      kind: 'range',
      round,
      side,
      from: null,
      to: st.range,
      why: 'round 1',
      left,
    });
  } else if (init.tie) {
    emit({
      kind: 'range',
      round,
      side,
      from: st.range,
      to: st.range,
      why: 'tie',
      left,
    });
  } else {
    const from = st.range;
    const to = chooseRange(st, holder, orders[holder]);
    if (to === 'disengage') {
      emit({ kind: 'range', round, side, from, to, why: 'orders', left });
      const planet = options.planet === 'both' || options.planet === side;
      const out = disengage(st, holder, planet);
      left = leftOf(st);
      emit({ kind: 'disengage', round, side, ...out, left });
    } else {
      st.range = to;
      emit({ kind: 'range', round, side, from, to, why: 'orders', left });
    }
  }
  if (checkEnd(st)) return;
  const alloc = allocate(st, holder, orders);
  emit({
    kind: 'allocation',
    round,
    side,
    groups: alloc.groups.map((g) =>
      g.map((u) => `${SIDES[u.side].charAt(0).toUpperCase()} ${u.name}`),
    ),
    reserve: alloc.reserve.map((u) => `${SIDES[u.side].charAt(0).toUpperCase()} ${u.name}`),
    left,
  });
  if (st.range === 'short') left = combatStep(st, 'beam', alloc, holder, orders, dice, emit, left);
  left = combatStep(st, 'torpedo', alloc, holder, orders, dice, emit, left);
  if (checkEnd(st)) return;
  if (st.combat === 'ground' && round >= GROUND_ROUNDS) {
    st.end = { outcome: 'halted', winner: null };
    emit({ kind: 'halt', round, side, left });
  } else if (round >= MAX_ROUNDS) st.end = { outcome: 'stalemate', winner: null };
}

/** Can any unit in the battle ever harm an enemy unit in it (at short range)? */
function canHarm(st: ImperiumState): boolean {
  return ([0, 1] as const).some((s) => {
    const enemies = inBattle(st, s === 0 ? 1 : 0);
    const weakest = Math.min(
      ...enemies.map((u) => Math.max(1, (u.damaged ? u.half : u.full).screen)),
    );
    return inBattle(st, s).some((u) => {
      const f = u.damaged ? u.half : u.full;
      return Math.max(f.beam, f.torpedo) >= weakest;
    });
  });
}

/**
 * Ends the battle when at most one side has units in it: the other side wins; the side that
 * left the battle with units still alive (disengaged) retreats, else it is eliminated. A battle
 * in which no unit can harm any enemy is a stalemate.
 */
function checkEnd(st: ImperiumState): boolean {
  const a = inBattle(st, 0).length > 0;
  const d = inBattle(st, 1).length > 0;
  if (a && d) {
    if (!canHarm(st)) st.end = { outcome: 'stalemate', winner: null };
    return st.end !== null;
  }
  if (!a && !d) {
    st.end = { outcome: 'mutual', winner: null };
    return true;
  }
  const loser = a ? 1 : 0;
  const escaped = st.units.some(
    (u) => u.side === loser && (u.status === 'gone' || u.status === 'landed'),
  );
  st.end = {
    outcome: escaped ? (loser === 0 ? 'retreat' : 'disengaged') : 'eliminated',
    winner: SIDES[1 - loser],
  };
  return true;
}

export function describeImperiumPosition(st: ImperiumState): string {
  const show = (s: 0 | 1) =>
    inBattle(st, s)
      .map((u) => u.name + (u.damaged ? ' (damaged)' : ''))
      .join(' ') || 'none';
  const at = st.at ? `, ${st.at}` : '';
  return `round ${st.round}${at}; attacker ${show(0)}, defender ${show(1)}`;
}
