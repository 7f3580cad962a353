import { BattleResult, resolveBattle } from './battle';
import { validateBattle } from './battle-spec';
import { Result } from './result';
import { keyCommitment, lookAlikeProblem, Seal, SealRecord } from './sealed';
import { Submission, SubmissionEntry } from './submission';

export interface Adjudicated {
  id: string;
  where: string;
  outcome: Result<BattleResult>;
  /** The turn's seal, when the dice were sealed (also on a battle with an error). */
  seal?: SealRecord;
}

/**
 * Resolves every battle of a submission; a bad battle gets its error, the others go on. With a
 * `seal`, every battle's dice come from the sealed stream of its game, turn and id, and a
 * battle that gives its own `Dice` or `Seed` is an error naming that cell: nothing a player or
 * the referee writes can choose the dice of a sealed turn.
 */
export function adjudicateSubmission(submission: Submission, seal?: Seal): Adjudicated[] {
  const record = seal && { game: seal.game, turn: seal.turn, commitment: keyCommitment(seal.key) };
  return submission.entries.map((entry) => {
    const a = adjudicateEntry(entry, seal);
    return record ? { ...a, seal: record } : a;
  });
}

function adjudicateEntry(entry: SubmissionEntry, seal?: Seal): Adjudicated {
  const { id, where } = entry;
  const fail = (error: string): Adjudicated => ({ id, where, outcome: { ok: false, error } });
  if (entry.spec === null) return fail(entry.error!);
  let spec = entry.spec;
  if (seal) {
    const own = entry.diceAt ?? entry.seedAt;
    if (own !== undefined) {
      return fail(
        `${own}: battle "${id}" gives its own ${entry.diceAt ? 'Dice' : 'Seed'}, but this turn's ` +
          `dice are sealed: every battle's dice come from the game key. Clear the cell.`,
      );
    }
    const lookAlike = lookAlikeProblem(id);
    if (lookAlike) {
      return fail(
        `${where}: battle id "${id}" ${lookAlike}: in a sealed turn a battle's id picks its ` +
          `dice, so retype it`,
      );
    }
    spec = { ...spec, seed: undefined, dice: undefined, sealed: seal };
  }
  const battle = validateBattle(spec, id);
  if (!battle.ok) return { id, where, outcome: battle };
  const outcome = resolveBattle(battle.value);
  // A battle that resolves badly has run out of its scripted dice: point at them.
  if (!outcome.ok && entry.diceAt !== undefined) return fail(`${entry.diceAt}: ${outcome.error}`);
  return { id, where, outcome };
}
