import { createHash } from 'node:crypto';
import { readPastedKey } from '../taskpane/seal';

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
