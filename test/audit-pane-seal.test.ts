import { createHash } from 'node:crypto';
import { readPastedKey, sessionSeal } from '../taskpane/seal';

/** The key pasted into the pane, read as `praetor`'s key files are read. */

const KEY = 'a5'.repeat(32);
const COMMITMENT = createHash('sha256').update(Buffer.from(KEY, 'hex')).digest('hex');

test('a key file whose commitment is written in capitals is the same commitment: it loads', () => {
  const file = JSON.stringify({ game: 'Rome', key: KEY, commitment: COMMITMENT.toUpperCase() });
  expect(readPastedKey(file)).toEqual({
    ok: true,
    value: { key: KEY, commitment: COMMITMENT, game: 'Rome' },
  });
});

test('a key file sealed for a turn loads with it, and seals that turn only', () => {
  const file = JSON.stringify({ game: 'Rome', turn: 3, key: KEY, commitment: COMMITMENT });
  const loaded = readPastedKey(file);
  expect(loaded).toEqual({
    ok: true,
    value: { key: KEY, commitment: COMMITMENT, game: 'Rome', turn: 3 },
  });
  if (!loaded.ok) return;
  expect(sessionSeal(loaded.value, 'Rome', '3')).toEqual({
    ok: true,
    value: { key: KEY, game: 'Rome', turn: 3 },
  });
  expect(sessionSeal(loaded.value, 'Rome', '4')).toEqual({
    ok: false,
    error:
      'The loaded key seals turn 3, not 4: a key seals one turn. Load the key of turn 4, or set Turn to 3.',
  });
  expect(readPastedKey(JSON.stringify({ key: KEY, turn: 'x' }))).toMatchObject({ ok: false });
});
