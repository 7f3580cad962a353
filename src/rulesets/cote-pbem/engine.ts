import { Dice } from '../../dice';
import { BattleEvent } from '../../ruleset';
import { Forces, Side, SIDES } from '../../forces';
import { PbemOptions } from './options';
import { parseRetreat, RetreatCondition, retreatHolds } from './retreat';
import { CAT, CAV, CODES, FALLBACK, GAL, HIT_LEVEL, INF, LAND, TARGET_TABLE } from './tables';

/** Units left by code: `{ CAT, CAV, INF, GAL }`. */
export type PbemCounts = { CAT: number; CAV: number; INF: number; GAL: number };

export interface PbemEvent extends BattleEvent {
  /** The firing unit, numbered in this round's order of battle: `CAT#1`, `GAL#2`. */
  unit: string;
  roll: number;
  hit: boolean;
  targetRoll?: number;
  /** The unit lost to this shot: `INF#4`. */
  lost?: string;
  /** The shot took one of the walls' hit points. */
  breach?: true;
  /** With `breach`: the walls' hit points left (0: the walls are breached). */
  walls?: number;
  /** A hit that standing walls stopped (only catapults breach). */
  wasted?: true;
  /** Fired out of turn, when the side's last land unit fell at sea. */
  burst?: true;
  /** The forces left after the shot (shared between events while unchanged: read-only). */
  left: { attacker: PbemCounts; defender: PbemCounts };
}

/** Side indices: 0 attacker, 1 defender. */
type S = 0 | 1;

/** The whole state of a PBEM battle, plain JSON. */
export interface PbemState {
  /** Rounds begun. */
  round: number;
  /** Living and lost units, `[side][CAT, CAV, INF, GAL]`. */
  count: number[][];
  lost: number[][];
  /**
   * This round's order of battle for each side: unit type and number of its first `orderLength`
   * entries (the arrays are reused from round to round), and the index of the next to fire.
   */
  orderType: number[][];
  orderNum: number[][];
  orderLength: number[];
  next: number[];
  /** Whose turn it is within the round. */
  turn: S;
  walls: number;
  inRound: boolean;
  /** The unit firing when the battle last stopped, and its side, for error messages. */
  shooter: string | null;
  shooterSide: Side | null;
  end: { outcome: 'eliminated' | 'retreat' | 'paused'; winner: Side | null } | null;
}

export function startPbem(forces: Forces, options: PbemOptions): PbemState {
  const count = SIDES.map((side) => {
    const c = [0, 0, 0, 0];
    for (const legion of forces[side]) {
      for (let t = 0; t < CODES.length; t++) c[t] += legion.units[CODES[t]] ?? 0;
    }
    return c;
  });
  return {
    round: 0,
    count,
    lost: [
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ],
    orderType: [[], []],
    orderNum: [[], []],
    orderLength: [0, 0],
    next: [0, 0],
    turn: 0,
    walls: options.fort,
    inRound: false,
    shooter: null,
    shooterSide: null,
    end: null,
  };
}

const GALLEYS = [GAL] as const;
const landUnits = (c: readonly number[]) => c[CAT] + c[CAV] + c[INF];
export const livingUnits = (c: readonly number[]) => c[CAT] + c[CAV] + c[INF] + c[GAL];
/** `CAT#1` ... precomputed: a battle names thousands of units per second. */
const UNIT_NAMES = CODES.map((code) => Array.from({ length: 64 }, (_, k) => `${code}#${k}`));
const unitName = (type: number, num: number) =>
  num < 64 ? UNIT_NAMES[type][num] : `${CODES[type]}#${num}`;

const countsOf = (c: readonly number[]): PbemCounts => ({
  CAT: c[CAT],
  CAV: c[CAV],
  INF: c[INF],
  GAL: c[GAL],
});

/** Plays a battle on from `state` until it ends or pauses, emitting one event per shot. */
export function playPbem(
  state: PbemState,
  options: PbemOptions,
  dice: Dice,
  emit: (event: PbemEvent) => void,
): void {
  new PbemPlay(state, options, dice, emit).run();
}

class PbemPlay {
  private readonly retreat: RetreatCondition | null;
  /** The forces now; events share it until a unit is lost, so treat it as read-only. */
  private left: PbemEvent['left'];

  constructor(
    private readonly st: PbemState,
    private readonly options: PbemOptions,
    private readonly dice: Dice,
    private readonly emit: (event: PbemEvent) => void,
  ) {
    if (options.retreat === null) this.retreat = null;
    else {
      const parsed = parseRetreat(options.retreat);
      if (!parsed.ok) throw new Error(parsed.error);
      this.retreat = parsed.value;
    }
    this.left = this.snapshot();
  }

  private snapshot(): PbemEvent['left'] {
    return { attacker: countsOf(this.st.count[0]), defender: countsOf(this.st.count[1]) };
  }

  run(): void {
    const st = this.st;
    if (st.end?.outcome === 'paused') st.end = null;
    const pauseAt = this.options.rounds === null ? Infinity : st.round + this.options.rounds;
    while (st.end === null) {
      if (!st.inRound) {
        if (st.round >= pauseAt) {
          st.end = { outcome: 'paused', winner: null };
          break;
        }
        this.startRound();
      }
      let side = st.turn;
      if (!this.hasNext(side)) side = (1 - side) as S;
      if (!this.hasNext(side)) {
        st.inRound = false;
        continue;
      }
      const i = st.next[side]++;
      st.turn = (1 - side) as S;
      this.fire(side, st.orderType[side][i], st.orderNum[side][i], false);
    }
    st.shooter = null;
    st.shooterSide = null;
  }

  private startRound(): void {
    const st = this.st;
    st.round++;
    st.inRound = true;
    st.turn = 0;
    for (const side of [0, 1] as const) {
      const c = st.count[side];
      const types = st.orderType[side];
      const nums = st.orderNum[side];
      const listed = landUnits(c) > 0 ? LAND : GALLEYS;
      let n = 0;
      for (const t of listed) {
        for (let k = 1; k <= c[t]; k++) {
          types[n] = t;
          nums[n++] = k;
        }
      }
      st.orderLength[side] = n;
      st.next[side] = 0;
    }
  }

  /** Skips units lost before their turn; true when the side has a unit left to fire this round. */
  private hasNext(side: S): boolean {
    const st = this.st;
    const types = st.orderType[side];
    const nums = st.orderNum[side];
    const length = st.orderLength[side];
    const c = st.count[side];
    let i = st.next[side];
    while (i < length && nums[i] > c[types[i]]) i++;
    st.next[side] = i;
    return i < length;
  }

  private fire(side: S, type: number, num: number, burst: boolean): void {
    const st = this.st;
    const enemy = (1 - side) as S;
    const sea = this.options.sea;
    const firesAs = sea && type === CAV ? INF : type;
    const unit = unitName(type, num);
    st.shooter = unit;
    st.shooterSide = SIDES[side];
    const roll = this.dice.d6();
    const hit = roll <= HIT_LEVEL[firesAs];
    // Every field set (undefined when absent, which JSON leaves out): one object shape, fast.
    const event: PbemEvent = {
      round: st.round,
      side: SIDES[side],
      unit,
      roll,
      hit,
      targetRoll: undefined,
      lost: undefined,
      breach: undefined,
      walls: undefined,
      wasted: undefined,
      burst: burst ? true : undefined,
      left: this.left,
    };
    let tookLastLand = false;
    if (hit) {
      if (side === 0 && st.walls > 0) {
        if (this.options.breachBy === 'catapult' && type !== CAT) event.wasted = true;
        else {
          st.walls--;
          event.breach = true;
          event.walls = st.walls;
        }
      } else {
        const ec = st.count[enemy];
        const hadLand = landUnits(ec) > 0;
        let target: number;
        if (!hadLand) target = GAL;
        else if ((ec[CAT] > 0 ? 1 : 0) + (ec[CAV] > 0 ? 1 : 0) + (ec[INF] > 0 ? 1 : 0) === 1) {
          target = ec[CAT] > 0 ? CAT : ec[CAV] > 0 ? CAV : INF;
        } else {
          const targetRoll = this.dice.d6();
          event.targetRoll = targetRoll;
          target = TARGET_TABLE[firesAs][targetRoll - 1];
          if (ec[target] === 0)
            target = ec[FALLBACK[target][0]] > 0 ? FALLBACK[target][0] : FALLBACK[target][1];
        }
        event.lost = unitName(target, ec[target]);
        ec[target]--;
        st.lost[enemy][target]++;
        tookLastLand = hadLand && landUnits(ec) === 0;
        this.left = event.left = this.snapshot();
      }
    }
    this.emit(event);

    if (livingUnits(st.count[enemy]) === 0) {
      st.end = { outcome: 'eliminated', winner: SIDES[side] };
      return;
    }
    if (side === 1 && this.retreat !== null) {
      const own = { count: st.count[0], lost: st.lost[0] };
      const foe = { count: st.count[1], lost: st.lost[1] };
      if (retreatHolds(this.retreat, own, foe, st.round)) {
        st.end = { outcome: 'retreat', winner: 'defender' };
        return;
      }
    }
    if (tookLastLand && sea && st.count[enemy][GAL] > 0) this.galleyBurst(enemy);
  }

  /** A side's galleys fire at once, out of turn, when its last land unit falls at sea. */
  private galleyBurst(side: S): void {
    const st = this.st;
    st.next[side] = st.orderLength[side];
    const galleys = st.count[side][GAL];
    for (let k = 1; k <= galleys && st.end === null; k++) {
      if (k <= st.count[side][GAL]) this.fire(side, GAL, k, true);
    }
  }
}

export function describePbemPosition(st: PbemState): string {
  const show = (c: readonly number[]) =>
    CODES.filter((_, t) => c[t] > 0)
      .map((code) => `${c[CODES.indexOf(code)]} ${code}`)
      .join(' ') || 'none';
  const at = st.shooter ? `, as ${st.shooterSide} ${st.shooter} fired` : '';
  return `round ${st.round}${at}; attacker ${show(st.count[0])}, defender ${show(st.count[1])}`;
}
