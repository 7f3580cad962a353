import { otherSide, Side, SIDES } from '../../forces';
import { QUIET } from '../../ruleset';
import { checkPool, describePool } from './dice';
import { Chance, CheckRoll } from './chance';
import { LegionEvent, LegionEventBody, snapshot } from './events';
import { LegionOptions } from './options';
import { clashPool, testPool, throwsPila } from './pools';
import { fighting, LegionState, shooting, UnitState } from './state';
import { pcActionIn, SHATTERED, STEPS } from './units';

/**
 * One Clash: Discipline tests, the player characters' Actions, the Opposed Checks, the losses.
 * A Clash is played as a `ClashRun`, one check at a time (`advanceClash`), so that the exact
 * odds can copy a Clash half played and merge the copies that have come to the same place.
 */

export type Emit = (e: LegionEvent) => void;

const clampD = (d: number) => Math.max(0, Math.min(6, d));

/** Player characters a unit may have. */
export const MAX_PCS = 2;

function say(st: LegionState, emit: Emit, side: Side, body: () => LegionEventBody) {
  // The exact odds and Monte Carlo want no events: none are built.
  if (emit === QUIET) return;
  emit({ round: st.round, side, ...body(), ...snapshot(st) });
}

const rollText = (r: CheckRoll) => r.faces;

function breakIfDone(
  st: LegionState,
  u: UnitState,
  options: LegionOptions,
  emit: Emit,
  chance: Chance,
) {
  // A screen that rode away is out of the fight already: withdrawn, not broken.
  if (u.broken || u.withdrawn) return;
  const why =
    u.strength >= SHATTERED
      ? 'Shattered'
      : options.breakAtZero && u.discipline <= 0
        ? 'Discipline 0'
        : null;
  if (why === null) return;
  u.broken = true;
  u.strength = Math.min(u.strength, SHATTERED);
  const lost = ['1 in 10', '1 in 10', '1 in 4', '1 in 3'][u.strength];
  say(st, emit, u.side, () => ({
    kind: 'break',
    unit: u.name,
    check: '',
    pool: '',
    faces: '',
    net: '',
    result: 'breaks',
    effect: `${why}: the unit breaks; about ${lost} of its men lost`,
  }));
  const horse = st.units.some((e) => e.side !== u.side && fighting(e) && e.spec.horse);
  u.spec.pcs.forEach((pc) => {
    const pool = checkPool(pc.athletics[0], pc.athletics[1], {}, horse ? 'hard' : 'average');
    const r = chance.check(pool, 'log');
    say(st, emit, u.side, () => ({
      kind: 'fallback',
      unit: u.name,
      check: `${pc.name}: Athletics`,
      pool: describePool(pool),
      faces: rollText(r),
      net: r.net,
      result: r.net >= 1 ? 'success' : 'failure',
      effect: r.net >= 1 ? 'falls back in order' : 'cut off (the GM decides his fate)',
    }));
  });
}

function disciplineTest(
  st: LegionState,
  u: UnitState,
  options: LegionOptions,
  chance: Chance,
  emit: Emit,
) {
  st.at = `Clash ${st.round}, ${u.name}'s Discipline test`;
  const pool = testPool(u);
  const r = chance.check(pool, 'test');
  const before = u.discipline;
  if (r.net < 1) u.discipline = clampD(u.discipline - 1);
  else if (r.boons >= 2) u.discipline = clampD(u.discipline + 1);
  say(st, emit, u.side, () => ({
    kind: 'test',
    unit: u.name,
    check: 'Discipline test',
    pool: describePool(pool),
    faces: rollText(r),
    net: `${r.net}/${r.boons}`,
    result: r.net >= 1 ? (r.boons >= 2 ? 'success, 2+ Boons' : 'success') : 'failure',
    effect: `Discipline ${before} -> ${u.discipline}`,
  }));
  breakIfDone(st, u, options, emit, chance);
}

/** PC `k`'s Action in unit `ui`; one who fights goes in `run.front` (with his Calamity). */
function action(run: ClashRun, ui: number, k: number, chance: Chance, emit: Emit) {
  const { st } = run;
  const u = st.units[ui];
  const pc = u.spec.pcs[k];
  const act = pcActionIn(pc, st.round);
  st.at = `Clash ${st.round}, ${pc.name}'s Action`;
  const pool = checkPool(act.characteristic, act.skill, { boon: act.boons }, 'average');
  const r = chance.check(pool, 'success');
  const ok = r.net >= 1;
  let effect = 'no effect';
  if (act.action === 'fight') run.front.push([ui, k, r.calamity]);
  if (ok && (act.action === 'fight' || act.action === 'read')) {
    u.pendingBoons++;
    effect = '+1 Boon die next Clash';
  }
  if (ok && act.action === 'rally') {
    if (run.rallied[ui]) effect = 'already rallied this Clash';
    else {
      run.rallied[ui] = true;
      const before = u.discipline;
      u.discipline = clampD(u.discipline + 1);
      effect = `Discipline ${before} -> ${u.discipline}`;
    }
  }
  say(st, emit, u.side, () => ({
    kind: 'action',
    unit: u.name,
    check: `${pc.name}: ${act.action === 'fight' ? 'Fight' : act.action === 'rally' ? 'Rally' : 'Read the field'}`,
    pool: describePool(pool),
    faces: rollText(r),
    net: `${r.net}/${r.boons}`,
    result: ok ? 'success' : 'failure',
    effect,
  }));
}

/** Who faces whom, by unit index: each attacker its target, then each defender left unengaged. */
function pairs(st: LegionState): [number, number][] {
  const alive = (side: Side) => st.units.filter((u) => u.side === side && fighting(u));
  const all = (side: Side) => st.units.filter((u) => u.side === side);
  const faced = (u: UnitState): UnitState | undefined => {
    const enemies = all(otherSide(u.side));
    const mine = all(u.side).indexOf(u);
    const t = enemies[Math.min(u.spec.target ?? mine, enemies.length - 1)];
    return t && fighting(t) ? t : alive(otherSide(u.side))[0];
  };
  const out: [UnitState, UnitState][] = [];
  for (const side of SIDES) {
    for (const u of alive(side)) {
      if (side === 'defender' && out.some(([, v]) => v === u)) continue;
      const v = faced(u);
      if (v) out.push([u, v]);
    }
  }
  return out.map(([u, v]) => [st.units.indexOf(u), st.units.indexOf(v)]);
}

export interface Loss {
  steps: number;
  discipline: number;
  pila: number;
  margin: number;
}

/** A Clash half played: the battle, and what the Clash has gathered so far. Plain data. */
export interface ClashRun {
  st: LegionState;
  phase: 'begin' | 'tests' | 'actions' | 'checks' | 'losses' | 'done';
  /** What is next in the phase: the unit (tests), unit * MAX_PCS + PC (actions), the pair. */
  index: number;
  /** Boon dice from player characters in this Clash, by unit (already capped). */
  pcBoons: number[];
  /** Whether each unit has rallied this Clash. */
  rallied: boolean[];
  /** Player characters who fought in the front rank: unit, PC, and Calamity on the check. */
  front: [number, number, boolean][];
  /** Who faces whom this Clash (unit indices), set when the checks begin. */
  pairs: [number, number][];
  /** Opposed Checks each unit has rolled so far. */
  engaged: number[];
  /** Losses by unit, in the order first taken. */
  losses: [number, Loss][];
}

export function beginClash(st: LegionState): ClashRun {
  const n = st.units.length;
  return {
    st,
    phase: 'begin',
    index: 0,
    pcBoons: new Array<number>(n).fill(0),
    rallied: new Array<boolean>(n).fill(false),
    front: [],
    pairs: [],
    engaged: new Array<number>(n).fill(0),
    losses: [],
  };
}

/**
 * The first Clash from which the rules read the Clash number no further (pila in Clash 1,
 * locked shields from their Clash, the player characters' orders for given Clashes): later
 * Clashes differ only in the Clash limit.
 */
export function roundsAlikeFrom(st: LegionState): number {
  return Math.max(
    2,
    ...st.units.map((u) => u.spec.lockShields ?? 0),
    ...st.units.flatMap((u) => u.spec.pcs.flatMap((pc) => pc.orders.map((o) => o.clash + 1))),
  );
}

function withdrawScreens(st: LegionState, options: LegionOptions, emit: Emit) {
  for (const u of st.units) {
    if (fighting(u) && shooting(u) && u.arrows !== null && u.arrows <= 0) {
      if (options.outOfArrows === 'withdraw') u.withdrawn = true;
      else u.closed = true;
      say(st, emit, u.side, () => ({
        kind: 'arrows',
        unit: u.name,
        check: '',
        pool: '',
        faces: '',
        net: '',
        result: u.withdrawn ? 'withdraws' : 'closes',
        effect: u.withdrawn
          ? 'out of arrows: the screen rides away'
          : 'out of arrows: it closes and fights',
      }));
    }
  }
}

/** The margins from which a Clash's result reads differently: a win, the pila's 2, 3 and more. */
const CUTS: readonly number[] = [1, 3];
const PILA_CUTS: readonly number[] = [1, 2, 3];

function marginCuts(
  st: LegionState,
  u: UnitState,
  v: UnitState,
  options: LegionOptions,
): readonly number[] {
  const pila = throwsPila(u.spec, options) || throwsPila(v.spec, options);
  return st.round === 1 && pila ? PILA_CUTS : CUTS;
}

function opposedCheck(
  run: ClashRun,
  [ui, vi]: [number, number],
  options: LegionOptions,
  chance: Chance,
  emit: Emit,
) {
  const { st } = run;
  const [u, v] = [st.units[ui], st.units[vi]];
  // The later attacker on a unit already engaged takes the Flank or Numbers row.
  const seen = run.engaged[vi];
  run.engaged[vi]++;
  run.engaged[ui]++;
  const second = seen >= 1 ? (u.spec.flank ? options.flankBoons : options.numbersBoons) : 0;
  const locked = (x: UnitState, y: UnitState) =>
    shooting(x) && !x.withdrawn && y.spec.lockShields !== null && st.round >= y.spec.lockShields;
  const pu = clashPool(
    u,
    {
      round: st.round,
      pcBoons: run.pcBoons[ui],
      secondBoons: second,
      againstLockedShields: locked(u, v),
    },
    options,
  );
  const pv = clashPool(
    v,
    {
      round: st.round,
      pcBoons: run.pcBoons[vi],
      secondBoons: 0,
      againstLockedShields: locked(v, u),
    },
    options,
  );
  st.at = `Clash ${st.round}, ${u.name} against ${v.name}`;
  const r = chance.opposed(pu, pv, marginCuts(st, u, v, options));
  const m = r.margin;
  const [winner, loser, li] = m > 0 ? [u, v, vi] : [v, u, ui];
  if (m !== 0 && !shooting(loser)) {
    const a = Math.abs(m);
    let entry = run.losses.find(([i]) => i === li);
    if (!entry) {
      entry = [li, { steps: 0, discipline: 0, pila: 0, margin: 0 }];
      run.losses.push(entry);
    }
    const l = entry[1];
    l.steps += 1;
    const keepsDiscipline = shooting(winner) && options.screenHits === 'steps';
    l.discipline += a >= 3 && !keepsDiscipline ? 1 : 0;
    const pila = st.round === 1 && a >= 2 && throwsPila(winner.spec, options);
    l.pila = Math.max(l.pila, pila ? 1 : 0);
    l.margin = Math.max(l.margin, a);
  }
  say(st, emit, u.side, () => ({
    kind: 'clash',
    unit: u.name,
    check: `Clash against ${v.name}`,
    pool: `${describePool(pu)} | ${describePool(pv)}`,
    faces: r.a.faces === '' ? '' : `${r.a.faces} | ${r.b.faces}`,
    net: r.a.faces === '' ? m : `${r.a.net}:${r.b.net}`,
    result: m === 0 ? 'tie' : `${winner.name} wins by ${Math.abs(m)}`,
    effect:
      m === 0
        ? 'nothing changes'
        : shooting(loser)
          ? `${loser.name} rides off unharmed`
          : `${loser.name} loses`,
  }));
}

/** A side has no unit fighting: the battle is over. */
const aSideOut = (st: LegionState): boolean =>
  SIDES.some((side) => !st.units.some((u) => u.side === side && fighting(u)));

/** One part of the Clash; true when it rolled a check that changes the battle. */
function stepClash(run: ClashRun, options: LegionOptions, chance: Chance, emit: Emit): boolean {
  const { st } = run;
  const n = st.units.length;
  switch (run.phase) {
    case 'begin':
      st.round++;
      // Screens out of arrows withdraw or close.
      withdrawScreens(st, options, emit);
      // A unit at Discipline 0 breaks before it fights: one short of supply may start there.
      for (const u of st.units) breakIfDone(st, u, options, emit, chance);
      // No Clash with no enemy left: nothing is rolled.
      run.phase = aSideOut(st) ? 'done' : 'tests';
      return false;
    case 'tests': {
      // A side's last unit broken in its test: the battle is over, nothing more is rolled.
      if (aSideOut(st)) {
        run.phase = 'done';
        return false;
      }
      if (run.index >= n) {
        st.units.forEach((u, i) => {
          run.pcBoons[i] = Math.min(options.pcBoonCap, u.pendingBoons);
          u.pendingBoons = 0;
        });
        run.phase = 'actions';
        run.index = 0;
        return false;
      }
      const u = st.units[run.index++];
      if (!fighting(u) || u.strength < 2) return false;
      disciplineTest(st, u, options, chance, emit);
      return true;
    }
    case 'actions': {
      if (run.index >= n * MAX_PCS) {
        run.pairs = pairs(st);
        run.phase = 'checks';
        run.index = 0;
        return false;
      }
      const ui = Math.floor(run.index / MAX_PCS);
      const k = run.index++ % MAX_PCS;
      const u = st.units[ui];
      if (!fighting(u) || k >= u.spec.pcs.length) return false;
      action(run, ui, k, chance, emit);
      return true;
    }
    case 'checks':
      if (run.index >= run.pairs.length) {
        run.phase = 'losses';
        return false;
      }
      opposedCheck(run, run.pairs[run.index++], options, chance, emit);
      return true;
    case 'losses':
      // A Clash of arrows for each screen that shot in it, however many checks it rolled.
      st.units.forEach((u, i) => {
        if (run.engaged[i] > 0 && shooting(u) && u.arrows !== null && u.arrows > 0) u.arrows--;
      });
      for (const [i, l] of run.losses) applyLoss(run, i, l, emit);
      for (const u of st.units) breakIfDone(st, u, options, emit, chance);
      run.phase = 'done';
      return false;
    case 'done':
      return false;
  }
}

/**
 * Plays the Clash on to its next check that changes the battle (rolling it), or to its end; or,
 * given `stopAt`, to the start of that phase if it comes first.
 */
export function advanceClash(
  run: ClashRun,
  options: LegionOptions,
  chance: Chance,
  emit: Emit,
  stopAt?: ClashRun['phase'],
): void {
  while (run.phase !== 'done') {
    if (stepClash(run, options, chance, emit) || run.phase === stopAt) return;
  }
}

export function playClash(
  st: LegionState,
  options: LegionOptions,
  chance: Chance,
  emit: Emit,
): void {
  const run = beginClash(st);
  while (run.phase !== 'done') advanceClash(run, options, chance, emit);
}

function applyLoss(run: ClashRun, ui: number, l: Loss, emit: Emit) {
  const { st } = run;
  const u = st.units[ui];
  const steps = Math.min(1, l.steps) + l.pila;
  const before = `${STEPS[u.strength]}, Discipline ${u.discipline}`;
  u.strength = Math.min(SHATTERED, u.strength + steps);
  u.discipline = clampD(u.discipline - Math.min(1, l.discipline));
  let relief = '';
  if (u.spec.cohorts && !u.relieved) {
    u.relieved = true;
    u.discipline = clampD(u.discipline + 1);
    relief = '; the relief comes through: +1 Discipline, +1 Boon die from now on';
  }
  say(st, emit, u.side, () => ({
    kind: 'loss',
    unit: u.name,
    check: '',
    pool: '',
    faces: '',
    net: '',
    result: `-${steps} step${steps === 1 ? '' : 's'}`,
    effect: `${before} -> ${STEPS[u.strength]}, Discipline ${u.discipline}${relief}`,
  }));
  for (const [fi, k, calamity] of run.front) {
    if (fi !== ui) continue;
    const pc = u.spec.pcs[k];
    const damage = Math.max(0, 5 + l.margin - pc.resistance);
    u.wounds[k] += damage;
    say(st, emit, u.side, () => ({
      kind: 'hit',
      unit: u.name,
      check: `${pc.name}: hit in the press`,
      pool: '',
      faces: '',
      net: '',
      result: `${damage} Wound${damage === 1 ? '' : 's'}`,
      effect: `5 + margin ${l.margin} - Resistance ${pc.resistance}; ${u.wounds[k]} in all${calamity ? '; Calamity: a Critical Injury' : ''}`,
    }));
  }
}
