import { checkGame, lookAlikeProblem, parseKey, parseTurn } from '../src/sealed';
import { toHex } from '../src/sha256';

/** The sealed-dice rules of docs/verify.md that the existing cases leave out. */

const KEY = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

test('a key may be written with a 0x prefix and spaces around it', () => {
  const key = parseKey(`  0x${KEY.toUpperCase()} `);
  expect(key.ok && toHex(key.value)).toBe(KEY);
});

test('U+2800 (braille blank), listed in docs/verify.md, is a character that does not show', () => {
  expect(lookAlikeProblem('Gallia\u2800')).toBe(
    'has a character that does not show as itself (U+2800 at position 7)',
  );
  expect(checkGame('Rome\u2800')).toMatchObject({ ok: false });
});

test.each([
  ['R\u0585me', 'Latin and Armenian'], // Armenian small oh, like o
  ['\u13aalesia', 'Latin and Cherokee'], // Cherokee GO, like A
])('%p mixes %s letters', (name, scripts) => {
  expect(lookAlikeProblem(name)).toBe(`mixes ${scripts} letters, which look alike`);
});

test('a turn beyond the whole numbers a double keeps exactly is refused', () => {
  expect(parseTurn('9007199254740991')).toEqual({ ok: true, value: 9007199254740991 });
  expect(parseTurn('9007199254740993')).toMatchObject({
    ok: false,
    error: 'the turn is "9007199254740993": give a whole number, 0 or more',
  });
});
