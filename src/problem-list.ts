import { EXCEL_MAX_TEXT } from './cells';
import { err, ok, Result } from './result';

/** The most problems one error lists before `and N more`. */
export const MAX_PROBLEMS_LISTED = 5;

/**
 * Problems as one error, in the order given: joined with `; `, at most `most` (5 unless said)
 * and then `; and N more`, and fewer when that would be longer than an Excel cell holds.
 */
export function listProblems(messages: readonly string[], most = MAX_PROBLEMS_LISTED): string {
  const text = (n: number) =>
    messages.slice(0, n).join('; ') +
    (n < messages.length ? `; and ${messages.length - n} more` : '');
  let listed = Math.min(messages.length, most);
  while (listed > 1 && text(listed).length > EXCEL_MAX_TEXT) listed--;
  return text(listed);
}

/** No problems, or every one of them as one error (`listProblems`): what a whole check returns. */
export const problemsResult = (messages: readonly string[]): Result<true> =>
  messages.length === 0 ? ok(true) : err(listProblems(messages));

/**
 * Adds `more` to the end of `list`: one message a row of a sheet can make hundreds of
 * thousands, too many to spread into one `push`.
 */
export function addAll<T>(list: T[], more: readonly T[]): void {
  for (const item of more) list.push(item);
}
