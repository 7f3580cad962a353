import { EconomyState, nameKey, PlayerState } from './state';

/** What a turn did, line by line: every change, every rejected order, every error. */

export type Step = 'income' | 'inflation' | 'ransom' | 'purchase' | 'warning';

/**
 * `done` changed the books; `none` a step that changed nothing (no income); `rejected` an order
 * the rules refuse (cannot afford it, may not place it); `error` an order that cannot be read.
 */
export type LineResult = 'done' | 'none' | 'rejected' | 'error';

export interface TurnLine {
  step: Step;
  /** The player whose books the line is about, or '' (inflation, warnings). */
  player: string;
  /** The order's cell (`Purchases!A3`), or '' for income and inflation. */
  at: string;
  what: string;
  /** Talents gained (+) or spent (-); null when nothing moved. */
  talents: number | null;
  /** The player's treasury after the line; null when it is not about one player. */
  treasury: number | null;
  result: LineResult;
  reason: string;
}

/** The books during a turn, with the lines written so far. */
export class Ledger {
  readonly lines: TurnLine[] = [];
  constructor(readonly state: EconomyState) {}

  player(name: string): PlayerState | undefined {
    return this.state.players.find((p) => nameKey(p.name) === nameKey(name));
  }

  territory(name: string) {
    return this.state.territories.find((t) => nameKey(t.name) === nameKey(name));
  }

  /** Moves talents (negative to spend) and writes the line. */
  change(p: PlayerState, talents: number, line: Omit<TurnLine, 'talents' | 'treasury' | 'result'>) {
    p.treasury += talents;
    this.lines.push({ ...line, talents, treasury: p.treasury, result: 'done' });
  }

  refuse(line: Omit<TurnLine, 'talents' | 'treasury' | 'result'>, result: 'rejected' | 'error') {
    const p = line.player === '' ? undefined : this.player(line.player);
    this.lines.push({ ...line, talents: null, treasury: p?.treasury ?? null, result });
  }

  note(line: Omit<TurnLine, 'talents' | 'treasury'> & { treasury?: number | null }) {
    this.lines.push({ talents: null, ...line, treasury: line.treasury ?? null });
  }
}
