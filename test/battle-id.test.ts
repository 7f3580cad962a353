import { battleIdKey } from '../src/battle-id';

describe('battleIdKey', () => {
  test.each([
    ['B1', 'b1'],
    ['ΟΣ', 'οσ'],
    ['ΟΣ', 'ος'],
    ['ſ', 's'],
    ['Gaul-Nord', 'GAUL-NORD'],
  ])('%s and %s are one id', (a, b) => expect(battleIdKey(a)).toBe(battleIdKey(b)));

  test.each([
    ['Straße', 'Strasse'],
    ['Kırk', 'Kirk'],
    ['B1', 'B 1'],
  ])('%s and %s are two ids', (a, b) => expect(battleIdKey(a)).not.toBe(battleIdKey(b)));

  // Letter by letter: an id's key is its letters' keys, whichever path a plain ASCII id takes.
  test('every ASCII character folds as it does beside other letters', () => {
    for (let code = 0; code < 128; code++) {
      const c = String.fromCharCode(code);
      expect(battleIdKey(`${c}ſ`)).toBe(battleIdKey(c) + 's');
      expect(battleIdKey(`Σ${c}`)).toBe('σ' + battleIdKey(c));
      expect(battleIdKey(c)).toBe(c.toLowerCase());
    }
  });
});
