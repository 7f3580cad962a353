import { err, ok, Result } from '../src/result';
import { RangeRef } from './host';

/**
 * What the user typed in a roster box: `Legions!A1:F9`, `'My sheet'!B2:C8`, `B2:C8` (on the
 * active sheet), `A:F`, or a range name such as `AttackerRoster`. Excel forbids names that look
 * like cell addresses, so the two cannot be confused.
 */

const CELL = String.raw`\$?[A-Za-z]{1,3}\$?\d{1,7}`;
const A1 = new RegExp(
  String.raw`^(?:${CELL}(?::${CELL})?|\$?[A-Za-z]{1,3}:\$?[A-Za-z]{1,3}|\$?\d{1,7}:\$?\d{1,7})$`,
);
/** Excel's names: a letter (of any script), `_` or `\\`, then letters, digits, `_`, `.`, `\\`. */
const NAME = /^[\p{L}_\\][\p{L}\p{N}_.\\]*$/u;

export function parseRangeRef(input: string): Result<RangeRef> {
  const text = input.trim();
  if (text === '') return err('no range given: select it and press “Use selection”, or type it');
  if (outsideQuotes(text, ',')) {
    return err(
      `"${text}" is several ranges: a roster is one rectangular range (select one block of cells)`,
    );
  }
  const bang = text.lastIndexOf('!');
  if (bang >= 0) {
    const sheet = unquoteSheet(text.slice(0, bang).trim());
    const a1 = text.slice(bang + 1).trim();
    if (sheet === '') return err(`"${text}": the sheet name before "!" is missing`);
    if (!A1.test(a1)) {
      return err(`"${text}": "${a1}" is not a cell address such as A1:F9 (after the "!")`);
    }
    const outside = beyondSheet(a1);
    if (outside) return err(`"${text}": ${outside}`);
    return ok({ kind: 'address', sheet, a1: a1.toUpperCase(), text });
  }
  if (A1.test(text)) {
    const outside = beyondSheet(text);
    if (outside) return err(`"${text}": ${outside}`);
    return ok({ kind: 'address', a1: text.toUpperCase(), text });
  }
  if (NAME.test(text)) return ok({ kind: 'name', name: text, text });
  return err(
    `"${text}" is neither an address (such as Legions!A1:F9) nor a range name (letters, digits, _ and .)`,
  );
}

const LAST_ROW = 1_048_576;
const LAST_COLUMN = 16_384; // XFD

/** Why an address lies beyond Excel's last row or column, or null when it does not. */
function beyondSheet(a1: string): string | null {
  for (const part of a1.replace(/\$/g, '').toUpperCase().split(':')) {
    const letters = /^[A-Z]+/.exec(part)?.[0] ?? '';
    const digits = part.slice(letters.length);
    const column = [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
    if (column > LAST_COLUMN) return `column ${letters} is beyond Excel's last column, XFD`;
    if (digits !== '' && (Number(digits) < 1 || Number(digits) > LAST_ROW)) {
      return `row ${digits} is outside Excel's rows, 1 to ${LAST_ROW.toLocaleString('en-US')}`;
    }
  }
  return null;
}

/** Whether `ch` occurs in `text` outside a quoted sheet name (`'My, sheet'!A1`). */
function outsideQuotes(text: string, ch: string): boolean {
  let quoted = false;
  for (const c of text) {
    if (c === "'") quoted = !quoted;
    else if (c === ch && !quoted) return true;
  }
  return false;
}

function unquoteSheet(s: string): string {
  return s.length >= 2 && s.startsWith("'") && s.endsWith("'")
    ? s.slice(1, -1).replace(/''/g, "'")
    : s;
}
