import { startDice, uniformIndex } from '../src/dice';

/** The uniform draw of the online rules' rule 3, on scripted dice. */
const draw = (n: number, rolls: number[]) => {
  const dice = startDice({ kind: 'scripted', rolls });
  return { ...uniformIndex(dice, n), used: dice.used };
};

describe('uniformIndex: a uniform choice from a d6 stream', () => {
  test('a choice among 1 takes no dice', () => {
    expect(draw(1, [])).toEqual({ index: 0, attempts: [[]], used: 0 });
  });

  test('among 2 to 6, one die: v = d - 1, accepted when v < n * floor(6 / n)', () => {
    // n = 2: limit 6, every die accepted; 6 -> v 5 -> 5 mod 2 = 1.
    expect(draw(2, [6])).toEqual({ index: 1, attempts: [[6]], used: 1 });
    // n = 3: limit 6; 5 -> v 4 -> 4 mod 3 = 1.
    expect(draw(3, [5])).toEqual({ index: 1, attempts: [[5]], used: 1 });
    // n = 6: the die itself.
    expect(draw(6, [4])).toEqual({ index: 3, attempts: [[4]], used: 1 });
  });

  test('among 5, a 6 is rejected and drawn again', () => {
    // limit 5 * floor(6 / 5) = 5; 6 -> v 5: rejected; 6 again: rejected; 2 -> v 1.
    expect(draw(5, [6, 6, 2])).toEqual({ index: 1, attempts: [[6], [6], [2]], used: 3 });
    expect(draw(4, [5, 4])).toEqual({ index: 3, attempts: [[5], [4]], used: 2 });
  });

  test('among 7 to 36, two dice read as a base-6 number', () => {
    // n = 7: limit 7 * floor(36 / 7) = 35; (6, 6) -> 35: rejected; (3, 4) -> 2 * 6 + 3 = 15 -> 1.
    expect(draw(7, [6, 6, 3, 4])).toEqual({
      index: 1,
      attempts: [
        [6, 6],
        [3, 4],
      ],
      used: 4,
    });
    // n = 36: every pair accepted; (1, 1) -> 0 and (6, 6) -> 35.
    expect(draw(36, [1, 1]).index).toBe(0);
    expect(draw(36, [6, 6]).index).toBe(35);
    // n = 37: three dice; (1, 2, 3) -> 0 * 36 + 1 * 6 + 2 = 8.
    expect(draw(37, [1, 2, 3])).toEqual({ index: 8, attempts: [[1, 2, 3]], used: 3 });
  });

  test('is exactly uniform: every accepted base-6 value maps to each index equally often', () => {
    for (let n = 1; n <= 40; n++) {
      const k = n === 1 ? 0 : Math.ceil(Math.log(n) / Math.log(6) - 1e-12);
      const counts = new Array<number>(n).fill(0);
      for (let v = 0; v < 6 ** k; v++) {
        const rolls = Array.from(
          { length: k },
          (_, i) => (Math.floor(v / 6 ** (k - 1 - i)) % 6) + 1,
        );
        // A rejected value is followed by ones (v = 0), which are always accepted.
        const dice = startDice({ kind: 'scripted', rolls: [...rolls, ...rolls.map(() => 1)] });
        const d = uniformIndex(dice, n);
        if (d.attempts.length === 1) counts[d.index]++;
      }
      expect(new Set(counts).size).toBe(1);
      expect(counts[0]).toBe(Math.floor(6 ** k / n));
    }
  });

  test('refuses a choice among no one', () => {
    expect(() => uniformIndex(startDice({ kind: 'scripted', rolls: [1] }), 0)).toThrow(RangeError);
  });
});
