import { BattleResult } from '../battle';
import { formatCounts, leaderLabel, Side } from '../forces';
import { outcomeSentence } from '../log';
import { findRuleset } from '../rulesets';
import { replayCommand, Resumption, resumptionOf } from './replay';

/** What a report says of one battle, ready to render as HTML (and so PDF) or text. */
export interface BattleReport {
  id: string;
  game?: string;
  turn?: string;
  territory?: string;
  /** The file the battle was read from, when a report holds several (two players' `B1`). */
  source?: string;
  ruleset: string;
  options: string[];
  dice: string;
  forces: Record<Side, { leader: string; units: string }[]>;
  odds?: {
    /** The endings an odds summary shows (`oddsEndings`), as the CLI and the pane show them. */
    endings: { label: string; p: number }[];
    /** `exact`, or how it was estimated: `Monte Carlo, 20,000 runs`. */
    method: string;
  };
  outcome: string;
  /** Each round's shots in plain words. */
  rounds: { round: number; lines: string[] }[];
  /**
   * Units each side has at the start (round 0) and after every round; for a resumed battle,
   * after each round since the pause only.
   */
  strength: { round: number; attacker: number; defender: number }[];
  captured: string[];
  /** Command lines that replay the battle (two for a resumed one); '' when none can. */
  replay: string;
  /** Set when the result continues a paused battle: it tells the rounds after the pause only. */
  resumed?: Resumption;
}

export interface ReportContext {
  game?: string;
  turn?: string;
  territory?: string;
  source?: string;
  odds?: BattleReport['odds'];
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

export function buildReport(result: BattleResult, context: ReportContext = {}): BattleReport {
  const ruleset = findRuleset(result.ruleset.id)!;
  const codes = ruleset.units.map((u) => u.code);
  const names = sideNames(result);
  const rounds: BattleReport['rounds'] = [];
  const resumed = resumptionOf(result);
  const strength: BattleReport['strength'] = [];
  if (!resumed) {
    // The forces as the battle begins, as the ruleset sees them (a fort's hidden Artillery too).
    const start = ruleset.standing(ruleset.start(result.forces, result.options)).survivors;
    strength.push({ round: 0, attacker: total(start.attacker), defender: total(start.defender) });
  }
  for (const event of result.events) {
    if (rounds.length === 0 || rounds[rounds.length - 1].round !== event.round) {
      rounds.push({ round: event.round, lines: [] });
    }
    const line = ruleset.narrate(event, result.options, names);
    rounds[rounds.length - 1].lines.push(sentenceCase(line));
    const left = ruleset.forcesAfter(event);
    const point = {
      round: event.round,
      attacker: total(left.attacker),
      defender: total(left.defender),
    };
    if (strength[strength.length - 1]?.round === event.round) strength[strength.length - 1] = point;
    else strength.push(point);
  }
  return {
    id: result.id,
    ...context,
    ruleset: `${ruleset.title} (${ruleset.id} ${ruleset.version})`,
    options: ruleset.describeOptions(result.options),
    dice:
      'seed' in result.dice
        ? `Seed "${result.dice.seed}" (${result.dice.algorithm}); ${result.diceUsed} dice used.`
        : 'scripted' in result.dice
          ? `Scripted dice: ${result.dice.scripted.join(', ')}; ${result.diceUsed} used.`
          : `Sealed dice (game "${result.dice.sealed.game}", turn ${result.dice.sealed.turn}, ` +
            `commitment ${result.dice.sealed.commitment}); ${result.diceUsed} used.`,
    forces: {
      attacker: result.forces.attacker.map((l, i) => ({
        leader: leaderLabel('attacker', result.forces.attacker, i),
        units: formatCounts(l.units, codes),
      })),
      defender: result.forces.defender.map((l, i) => ({
        leader: leaderLabel('defender', result.forces.defender, i),
        units: formatCounts(l.units, codes),
      })),
    },
    outcome: outcomeSentence(result, codes),
    rounds,
    strength,
    captured: result.captured,
    replay: replayCommand(result),
    ...(resumed ? { resumed } : {}),
  };
}

/** A side is called by its leader when it has one named leader, else `the attacker`. */
function sideNames(result: BattleResult): Record<Side, string> {
  const name = (side: Side) => {
    const legions = result.forces[side];
    return legions.length === 1 && legions[0].leader ? legions[0].leader : `the ${side}`;
  };
  return { attacker: name('attacker'), defender: name('defender') };
}

/** `... a hit. the attacker loses INF#2.`: a side called `the attacker` begins a sentence. */
const sentenceCase = (line: string) =>
  line.replace(/(^|[.!?] )the (attacker|defender)\b/g, '$1The $2');
