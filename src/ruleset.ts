import { Dice } from './dice';
import { Forces, Legion, Side, UnitCounts } from './forces';
import type { OddsLimits, OddsSolution } from './odds';
import { Result } from './result';
import type { RulesetTemplate } from './ruleset-template';
import { UnitCatalog } from './units';

/** Options as the user wrote them (CLI flags, JSON fields, sheet cells): checked by the ruleset. */
export type RawOptions = Record<string, unknown>;

/** What every ruleset's events share; each ruleset adds its own fields. */
export interface BattleEvent {
  round: number;
  side: Side;
}

/** Where a battle stands once it has ended or paused. */
export interface Standing {
  /** `eliminated`, `retreat`, `paused`, or a ruleset's own outcome. */
  outcome: string;
  winner: Side | null;
  /** Rounds begun. */
  rounds: number;
  survivors: Record<Side, UnitCounts>;
  /** Whose leaders are captured. */
  captured: Record<Side, boolean>;
}

/** How a battle ended, as a ruleset's state records it (null while it goes on). */
export interface BattleEnd {
  outcome: string;
  winner: Side | null;
}

/** A standing from a state's ending (`paused` while there is none) and what the ruleset counts. */
export function standingFrom(
  end: BattleEnd | null,
  rounds: number,
  survivors: Record<Side, UnitCounts>,
  captured: Record<Side, boolean> = { attacker: false, defender: false },
): Standing {
  const { outcome, winner } = end ?? { outcome: 'paused', winner: null };
  return { outcome, winner, rounds, survivors, captured };
}

/** Conquest of the Empire's rule: a side's leaders are captured when it is eliminated. */
export function capturedOnElimination(end: BattleEnd | null): Record<Side, boolean> {
  const eliminated = end?.outcome === 'eliminated';
  return {
    attacker: eliminated && end?.winner === 'defender',
    defender: eliminated && end?.winner === 'attacker',
  };
}

/**
 * The emit of a caller that wants no events (Monte Carlo odds): a ruleset may compare its emit
 * with this and skip building events, which changes nothing else.
 */
export const QUIET = (): void => undefined;

/** One column of a log table: its header and how an event fills it. */
export interface LogColumn<E> {
  header: string;
  /** Width in characters, a hint for sheets and terminals. */
  width: number;
  value(event: E): string | number;
}

/** An option given that changes nothing in its battle, or the `part` of it that does not. */
export interface IdleOption {
  key: string;
  part?: string;
  why: string;
}

/**
 * A game's battle rules. Rosters, dice, logs and results are generic; everything a ruleset
 * decides lives behind this interface, in the ruleset's own module. `State` must be plain JSON,
 * so that a paused battle can be stored and resumed.
 */
export interface Ruleset<
  Options = unknown,
  State = unknown,
  Event extends BattleEvent = BattleEvent,
> {
  id: string;
  version: string;
  title: string;
  /** Unit types, in the order a roster or a log lists them. */
  units: UnitCatalog;
  /** Option names that are the attacker's orders: the ones a resumed battle may change. */
  orderKeys: readonly string[];
  /** The options' names, as a battle object and the Battles sheet give them (`fort`, `breachBy`). */
  optionKeys: readonly string[];
  /** Checks and normalises options; the result is plain JSON, recorded in every log. */
  parseOptions(raw: RawOptions): Result<Options>;
  /**
   * Reads roster text, when the ruleset's rosters say more than `count unit` pairs (optional:
   * else the generic parser of roster.ts reads it with `units`).
   */
  parseRoster?(text: string, side: Side): Result<Legion[]>;
  /**
   * A side as roster text that `parseRoster` reads back to the same legions, for replay lines
   * (optional: else `Marcus: 1 CAT 2 INF`, which the generic parser reads). `side`: the side
   * the legions fight on, for the names of units that have none (`attacker 1`).
   */
  formatRoster?(legions: readonly Legion[], side: Side): string;
  /**
   * Option keys that the command line takes inside `--readings "key=value, ..."` rather than
   * as flags of their own (optional: else every option is its own flag).
   */
  readingKeys?: readonly string[];
  /**
   * What an option is, as one line of `praetor battle --help` and `odds --help` (optional:
   * `hitOn: 'the die a unit hits on'`). An option that no flag of those commands gives gets a
   * flag named after it (`--hit-on`, as a report's replay line writes it), and this line.
   */
  optionHelp?: Readonly<Record<string, string>>;
  /**
   * What `praetor template --rules ID` writes for it: its Battles columns, its own sheet, an
   * example battle (optional: without one it has no template; the default ruleset's is the
   * command's own).
   */
  template?: RulesetTemplate;
  /**
   * Checks the forces against the rules (legion sizes, unit kinds allowed): every problem found,
   * in roster order, as one error (`problemsResult`), so that a player fixes them in one turn.
   */
  checkForces(forces: Forces, options: Options): Result<true>;
  /**
   * A legion's own problems, those that do not depend on the other legions (optional): each
   * names the legion, and `checkForces` lists them too, in roster order, unless a side is past
   * its size limit. A submission checks them for the legions that read well while other cells
   * of the battle are at fault, so that the player hears of every problem in one turn; rules
   * whose `checkForces` weighs a side as a whole beyond its size leave it out.
   */
  checkLegion?(legion: Legion, side: Side, options: Options): string[];
  start(forces: Forces, options: Options): State;
  /** Plays on until the battle ends or pauses, updating `state` in place. */
  play(state: State, options: Options, dice: Dice, emit: (event: Event) => void): void;
  standing(state: State): Standing;
  /** Where the battle stands, in words, for errors such as running out of scripted dice. */
  describePosition(state: State): string;
  logColumns: readonly LogColumn<Event>[];
  /** One event in plain words for a report; `names` says how to call each side. */
  narrate(event: Event, options: Options, names: Record<Side, string>): string;
  /**
   * Options given that change nothing in this battle, or a `part` of one that does not (its
   * orders from after a pause): a breach rule where there are no walls. A submission warns of
   * each at its cell, saying `why` (what to give instead); the battle is fought as written.
   */
  idleOptions?(options: Options): IdleOption[];
  /** Each side's forces right after the event, for strength charts. */
  forcesAfter(event: Event): Record<Side, UnitCounts>;
  /** What this game calls a battle with no winner and no retreat (odds' `undecided`), if any. */
  undecidedName?: string;
  /** How `odds` prints that ending, when its name alone would say less than it holds. */
  undecidedLabel?: string;
  /** The options in words, one line each, leaving out those at their plain defaults. */
  describeOptions(options: Options): string[];
  /**
   * Checks a saved state read back from a file, beyond its shape (which `resumeBattle` checks
   * against a fresh `start` of the same forces, `template`): ranges, indices and counts that
   * `play` relies on. An error names the field, e.g. `state.count[0][2] is -1, expected ...`.
   */
  validateState?(state: State, template: State): Result<true>;
  /** Exact odds of the battle fought to its end, when the ruleset has a solver; an error when too large. */
  exactOdds?(forces: Forces, options: Options, limits?: OddsLimits): Result<OddsSolution>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRuleset = Ruleset<any, any, any>;
