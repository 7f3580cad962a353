import { DiceSpec, DiceState, SEEDED_ALGORITHM } from './dice';
import { keyCommitment, SEALED_ALGORITHM, SealedPlace } from './sealed';

/**
 * What a result (and a saved battle) records of its dice: the seed, the scripted dice as given,
 * or the sealed stream's place and commitment.
 */
export type DiceRecord =
  | { seed: string; algorithm: string }
  | { scripted: number[] }
  /** Sealed dice: where the stream belongs and the key's commitment, never the key. */
  | { sealed: SealedPlace & { commitment: string; algorithm: string } };

/** The record of a new battle's dice. */
export function diceRecordOf(spec: DiceSpec): DiceRecord {
  switch (spec.kind) {
    case 'seeded':
      return { seed: spec.seed, algorithm: SEEDED_ALGORITHM };
    case 'scripted':
      return { scripted: spec.rolls };
    case 'sealed': {
      const { game, turn, battle } = spec;
      const commitment = keyCommitment(spec.key);
      return { sealed: { game, turn, battle, commitment, algorithm: SEALED_ALGORITHM } };
    }
  }
}

/** The record of a paused battle's dice state. */
export function recordOfState(dice: DiceState): DiceRecord {
  switch (dice.kind) {
    case 'seeded':
      return { seed: dice.seed, algorithm: SEEDED_ALGORITHM };
    case 'scripted':
      return { scripted: [...dice.rolls] };
    case 'sealed': {
      const { game, turn, battle, commitment } = dice;
      return { sealed: { game, turn, battle, commitment, algorithm: SEALED_ALGORITHM } };
    }
  }
}
