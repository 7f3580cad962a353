import { otherSide, Side, SIDES } from '../../forces';
import { checkPool, describePool } from './dice';
import { Chance, CheckRoll } from './chance';
import { LegionEvent, LegionEventBody, snapshot } from './events';
import { LegionOptions } from './options';
import { clashPool, testPool } from './pools';
import { fighting, LegionState, UnitState } from './state';
import { SHATTERED, STEPS } from './units';

/** One Clash: Discipline tests, the player characters' Actions, the Opposed Checks, the losses. */

type Emit = (e: LegionEvent) => void;

const clampD = (d: number) => Math.max(0, Math.min(6, d));

function say(st: LegionState, emit: Emit, side: Side, body: LegionEventBody) {
  emit({ round: st.round, side, ...body, ...snapshot(st) });
}

const rollText = (r: CheckRoll) => r.faces;

function breakIfDone(
  st: LegionState,
  u: UnitState,
  options: LegionOptions,
  emit: Emit,
  chance: Chance,
) {
  if (u.broken) return;
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
  say(st, emit, u.side, {
    kind: 'break',
    unit: u.name,
    check: '',
    pool: '',
    faces: '',
    net: '',
    result: 'breaks',
    effect: `${why}: the unit breaks; about ${lost} of its men lost`,
  });
  const horse = st.units.some((e) => e.side !== u.side && fighting(e) && e.spec.horse);
  u.spec.pcs.forEach((pc) => {
    const pool = checkPool(pc.athletics[0], pc.athletics[1], {}, horse ? 'hard' : 'average');
    const r = chance.check(pool, 'log');
    say(st, emit, u.side, {
      kind: 'fallback',
      unit: u.name,
      check: `${pc.name}: Athletics`,
      pool: describePool(pool),
      faces: rollText(r),
      net: r.net,
      result: r.net >= 1 ? 'success' : 'failure',
      effect: r.net >= 1 ? 'falls back in order' : 'cut off (the GM decides his fate)',
    });
  });
}

function disciplineTests(st: LegionState, options: LegionOptions, chance: Chance, emit: Emit) {
  for (const u of st.units) {
    if (!fighting(u) || u.strength < 2) continue;
    st.at = `Clash ${st.round}, ${u.name}'s Discipline test`;
    const pool = testPool(u);
    const r = chance.check(pool, 'test');
    const before = u.discipline;
    if (r.net < 1) u.discipline = clampD(u.discipline - 1);
    else if (r.boons >= 2) u.discipline = clampD(u.discipline + 1);
    say(st, emit, u.side, {
      kind: 'test',
      unit: u.name,
      check: 'Discipline test',
      pool: describePool(pool),
      faces: rollText(r),
      net: `${r.net}/${r.boons}`,
      result: r.net >= 1 ? (r.boons >= 2 ? 'success, 2+ Boons' : 'success') : 'failure',
      effect: `Discipline ${before} -> ${u.discipline}`,
    });
    breakIfDone(st, u, options, emit, chance);
  }
}

/** Each PC's Action; returns, per unit, the PCs who fought in the front rank and their Calamity. */
function actions(
  st: LegionState,
  chance: Chance,
  emit: Emit,
): Map<UnitState, Map<number, boolean>> {
  const front = new Map<UnitState, Map<number, boolean>>();
  for (const u of st.units) {
    if (!fighting(u) || u.spec.pcs.length === 0) continue;
    let rallied = false;
    const fought = new Map<number, boolean>();
    u.spec.pcs.forEach((pc, i) => {
      st.at = `Clash ${st.round}, ${pc.name}'s Action`;
      const pool = checkPool(pc.characteristic, pc.skill, { boon: pc.boons }, 'average');
      const r = chance.check(pool, 'success');
      const ok = r.net >= 1;
      let effect = 'no effect';
      if (pc.action === 'fight') fought.set(i, r.calamity);
      if (ok && (pc.action === 'fight' || pc.action === 'read')) {
        u.pendingBoons++;
        effect = '+1 Boon die next Clash';
      }
      if (ok && pc.action === 'rally') {
        if (rallied) effect = 'already rallied this Clash';
        else {
          rallied = true;
          const before = u.discipline;
          u.discipline = clampD(u.discipline + 1);
          effect = `Discipline ${before} -> ${u.discipline}`;
        }
      }
      say(st, emit, u.side, {
        kind: 'action',
        unit: u.name,
        check: `${pc.name}: ${pc.action === 'fight' ? 'Fight' : pc.action === 'rally' ? 'Rally' : 'Read the field'}`,
        pool: describePool(pool),
        faces: rollText(r),
        net: `${r.net}/${r.boons}`,
        result: ok ? 'success' : 'failure',
        effect,
      });
    });
    front.set(u, fought);
  }
  return front;
}

/** Who faces whom: each attacker its target, then each defender left unengaged its own. */
function pairs(st: LegionState): [UnitState, UnitState][] {
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
  return out;
}

interface Loss {
  steps: number;
  discipline: number;
  pila: number;
  margin: number;
}

export function playClash(
  st: LegionState,
  options: LegionOptions,
  chance: Chance,
  emit: Emit,
): void {
  st.round++;
  // Screens out of arrows withdraw or close.
  for (const u of st.units) {
    if (fighting(u) && u.spec.screen && u.arrows !== null && u.arrows <= 0) {
      if (options.outOfArrows === 'withdraw') u.withdrawn = true;
      say(st, emit, u.side, {
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
      });
    }
  }
  disciplineTests(st, options, chance, emit);
  const pcBoons = new Map<UnitState, number>();
  for (const u of st.units) {
    pcBoons.set(u, Math.min(options.pcBoonCap, u.pendingBoons));
    u.pendingBoons = 0;
  }
  const front = actions(st, chance, emit);
  const list = pairs(st);
  const engaged = new Map<UnitState, number>();
  const losses = new Map<UnitState, Loss>();
  for (const [u, v] of list) {
    // The later attacker on a unit already engaged takes the Flank or Numbers row.
    const seen = engaged.get(v) ?? 0;
    engaged.set(v, seen + 1);
    engaged.set(u, (engaged.get(u) ?? 0) + 1);
    const second = seen >= 1 ? (u.spec.flank ? options.flankBoons : options.numbersBoons) : 0;
    const locked = (x: UnitState, y: UnitState) =>
      x.spec.screen &&
      !x.withdrawn &&
      y.spec.lockShields !== null &&
      st.round >= y.spec.lockShields;
    const pu = clashPool(
      u,
      {
        round: st.round,
        pcBoons: pcBoons.get(u) ?? 0,
        secondBoons: second,
        againstLockedShields: locked(u, v),
      },
      options,
    );
    const pv = clashPool(
      v,
      {
        round: st.round,
        pcBoons: pcBoons.get(v) ?? 0,
        secondBoons: 0,
        againstLockedShields: locked(v, u),
      },
      options,
    );
    st.at = `Clash ${st.round}, ${u.name} against ${v.name}`;
    const r = chance.opposed(pu, pv);
    const m = r.margin;
    const [winner, loser] = m > 0 ? [u, v] : [v, u];
    if (m !== 0 && !loser.spec.screen) {
      const a = Math.abs(m);
      const l = losses.get(loser) ?? { steps: 0, discipline: 0, pila: 0, margin: 0 };
      l.steps += 1;
      l.discipline += a >= 3 ? 1 : 0;
      l.pila = Math.max(l.pila, st.round === 1 && winner.spec.pila && a >= 2 ? 1 : 0);
      l.margin = Math.max(l.margin, a);
      losses.set(loser, l);
    }
    if (u.spec.screen && u.arrows !== null) u.arrows--;
    if (v.spec.screen && v.arrows !== null) v.arrows--;
    say(st, emit, u.side, {
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
          : loser.spec.screen
            ? `${loser.name} rides off unharmed`
            : `${loser.name} loses`,
    });
  }
  for (const [u, l] of losses) applyLoss(st, u, l, front.get(u), emit);
  for (const u of st.units) breakIfDone(st, u, options, emit, chance);
}

function applyLoss(
  st: LegionState,
  u: UnitState,
  l: Loss,
  front: Map<number, boolean> | undefined,
  emit: Emit,
) {
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
  say(st, emit, u.side, {
    kind: 'loss',
    unit: u.name,
    check: '',
    pool: '',
    faces: '',
    net: '',
    result: `-${steps} step${steps === 1 ? '' : 's'}`,
    effect: `${before} -> ${STEPS[u.strength]}, Discipline ${u.discipline}${relief}`,
  });
  for (const [i, calamity] of front ?? []) {
    const pc = u.spec.pcs[i];
    const damage = Math.max(0, 5 + l.margin - pc.resistance);
    u.wounds[i] += damage;
    say(st, emit, u.side, {
      kind: 'hit',
      unit: u.name,
      check: `${pc.name}: hit in the press`,
      pool: '',
      faces: '',
      net: '',
      result: `${damage} Wound${damage === 1 ? '' : 's'}`,
      effect: `5 + margin ${l.margin} - Resistance ${pc.resistance}; ${u.wounds[i]} in all${calamity ? '; Calamity: a Critical Injury' : ''}`,
    });
  }
}
