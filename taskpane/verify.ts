import { isVerifySheet, VerifyKey, verifyWorkbook } from '../src/verify';
import { shownProblems } from '../src/verify-shown';
import { Report, SUBMISSION_TABLES } from './actions';
import { WorkbookHost } from './host';

/**
 * Verify: the current workbook's battles replayed from its orders with the dice its Results
 * record, every Results row and logged shot compared (`src/verify.ts`, as `praetor verify`).
 * Reads only: two round trips, nothing written.
 */

/** Mismatches listed in the pane; the rest are counted. */
const SHOWN = 40;

export async function verifyAll(host: WorkbookHost, key?: VerifyKey): Promise<Report> {
  const read = await host.readTables({ ...SUBMISSION_TABLES, sheets: isVerifySheet });
  if (!read.ok) return { tone: 'error', message: read.error, details: [] };
  const [battles, legions] = read.value.required;
  const [fleets, units, armies] = read.value.optional;
  const checked = verifyWorkbook(
    {
      battles,
      legions,
      fleets,
      units,
      armies,
      sheetNames: read.value.sheetNames,
      sheets: read.value.sheets,
      shown: shownProblems(read.value.shown),
    },
    key,
  );
  if (!checked.ok) {
    const text = checked.error;
    // A message that starts with a cell (`results!A1: ...`) keeps its sheet's name as spelled.
    const first = /^[a-z]/.test(text) && !/^[^\s:]*!/.test(text) ? text[0].toUpperCase() : text[0];
    return { tone: 'error', message: `${first}${text.slice(1)}.`, details: [] };
  }
  const v = checked.value;
  const what = `${v.battles} battle${v.battles === 1 ? '' : 's'} and ${v.shots} logged shot${v.shots === 1 ? '' : 's'} of “${v.results}”`;
  const sealed = v.seal
    ? [`Dice sealed: game “${v.seal.game}”, turn ${v.seal.turn}, commitment ${v.seal.commitment}.`]
    : [];
  const notFought =
    v.failed === 0
      ? []
      : [
          v.failed === 1
            ? '1 battle was not fought: the replay gives its error again.'
            : `${v.failed} battles were not fought: the replay gives their errors again.`,
        ];
  if (v.mismatches.length === 0) {
    return {
      tone: 'success',
      message: `Verified: ${what} replay exactly.${v.seal ? ' The key matches the commitment.' : ''}`,
      details: [...notFought, ...sealed, ...v.notes],
    };
  }
  const n = v.mismatches.length;
  const more = n - SHOWN;
  const wrongKey = v.mismatches.find((m) => m.wrongKey)?.where ?? null;
  return {
    tone: 'error',
    message:
      wrongKey !== null
        ? `The key does not match the commitment posted at ${wrongKey}: it is not the key these dice were sealed with, so no battle was replayed. Load the key the game master revealed for this turn.`
        : `${n} mismatch${n === 1 ? '' : 'es'} in ${what}.`,
    details: [
      ...v.mismatches.slice(0, SHOWN).map((m) => m.message),
      ...(more > 0 ? [`… and ${more} more.`] : []),
      ...sealed,
      ...v.notes,
    ],
  };
}
