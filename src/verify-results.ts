import { Adjudicated } from './adjudicate';
import { resultsColumn, resultsSheet } from './results-sheet';
import { isMergedCellMessage } from './merged-cells';
import { isIdleOptionWarning, isTemplateSeedWarning, SheetTable, Submission } from './submission';
import {
  addressOf,
  cellOf,
  describeCells,
  differingColumns,
  lastRowOf,
  Mismatch,
  writtenText,
} from './verify-cells';
import { isUnheadedWarning } from './unheaded-columns';
import { isHiddenWarning } from './hidden-cells';
import { withoutBattleHint } from './submission-rows';

/**
 * `verify`'s check of a Results sheet: its rows against those of the replay, row by row, and
 * the readings of Results written by an earlier Praetor, which lacked texts given since.
 */

/**
 * The Results sheet against the replay's. Results written by an earlier Praetor are taken, with
 * a note, where they match the replay as that Praetor read the workbook: without the warnings of
 * a battle that keeps the template's example seed and of a label a merge shows in a row (given
 * since), and a battle's row naming its
 * bad cells alone where its legions broke the rules too (`earlierReplay`: named together
 * since). A row that matches no reading is a mismatch, whatever the others do.
 */
export function checkResults(
  results: SheetTable,
  replay: Adjudicated[],
  submission: Submission,
  notes: string[],
  earlierReplay: () => Adjudicated[],
): Mismatch[] {
  return checkResultRows(results, replay, submission, notes, earlierReplay).map((m) => m.mismatch);
}

/** A mismatch of `checkResultRows`, with the Results row it is in and that row's battle. */
export interface ResultRowMismatch {
  /** The sheet's row (0-based, as `SheetTable.cells` and `origin.row` count). */
  row: number;
  /**
   * The index in the replay of the battle whose row it is, null for the header, a row of an
   * error or warning of no one battle, or a row past them. Battles pair with rows by order, the
   * first battle with the row under the header: a battle id used twice has two rows, each its own.
   */
  battle: number | null;
  mismatch: Mismatch;
}

/**
 * `checkResults`, each mismatch with its row and the battle of that row: `praetor report`
 * leaves out the battles whose rows verify finds changed, paired with their replay as verify
 * pairs them.
 */
export function checkResultRows(
  results: SheetTable,
  replay: Adjudicated[],
  submission: Submission,
  notes: string[],
  earlierReplay: () => Adjudicated[],
): ResultRowMismatch[] {
  let earlier: Adjudicated[] | undefined;
  const check = ({ problems, warnings }: NoteTexts) => {
    const expected = resultsSheet(replay, problems, warnings);
    const found = compareResultRows(results, expected);
    if (found.length === 0) return { left: found, cellsAlone: false };
    earlier ??= earlierReplay();
    const older = resultsSheet(earlier, problems, warnings);
    const olderFound = new Set(compareResultRows(results, older).map((f) => f.row));
    const top = results.origin.row;
    const changed = (row: number) =>
      JSON.stringify(expected[row - top]) !== JSON.stringify(older[row - top]);
    const left = found.filter((f) => !changed(f.row) || olderFound.has(f.row));
    return { left, cellsAlone: left.length < found.length };
  };
  // Each set of the texts changed since that the sheet may lack (an earlier build wrote it
  // without some warnings, or a problem without its hint): the reading that leaves fewest rows
  // unexplained is taken, the sheet as it is first, so that a sheet lacking only those, and
  // changed elsewhere too, shows the change alone.
  const texts: NoteTexts = { problems: submission.problems, warnings: submission.warnings };
  const kinds = NEWER_TEXTS.filter((k) => k.applies(texts));
  let taken = { ...check(texts), notes: [] as string[] };
  for (let set = 1; set < 1 << kinds.length && taken.left.length > 0; set++) {
    const left = kinds.filter((_, i) => set & (1 << i));
    const reading = check(left.reduce<NoteTexts>((t, k) => k.earlier(t), texts));
    if (reading.left.length < taken.left.length) {
      taken = { ...reading, notes: left.map((k) => k.note) };
    }
  }
  notes.push(...taken.notes);
  if (taken.cellsAlone) notes.push(CELLS_ALONE_NOTE);
  const top = results.origin.row;
  return taken.left.map(({ row, mismatch }) => {
    const index = row - top - 1;
    return { row, battle: index >= 0 && index < replay.length ? index : null, mismatch };
  });
}

const SEED_WARNING_NOTE =
  "Results has no warning of the template's example seed (written before Praetor gave it): compared without it";
const MERGE_WARNING_NOTE =
  'Results has no warning of a name or territory a merge shows in a row (written before Praetor gave it): compared without it';
const UNHEADED_WARNING_NOTE =
  'Results has no warning of values in a column with no header (written before Praetor gave it): compared without it';
const HIDDEN_WARNING_NOTE =
  'Results has no warning of hidden rows or columns (written before Praetor gave it): compared without it';
const IDLE_WARNING_NOTE =
  'Results has no warning of an option that changes nothing in its battle (written before Praetor gave it): compared without it';
const BATTLE_HINT_NOTE =
  'Results name no battle a mistyped battle id is likely for (written before Praetor named it): compared without it';
const CELLS_ALONE_NOTE =
  'Results name only the bad cells of a battle whose legions broke the rules too (written before Praetor named both): compared so';

/** The error and warning rows of a Results sheet. */
interface NoteTexts {
  problems: readonly string[];
  warnings: readonly string[];
}

/** Texts Praetor writes since it first wrote Results: how an earlier build wrote them. */
interface NewerText {
  applies: (texts: NoteTexts) => boolean;
  earlier: (texts: NoteTexts) => NoteTexts;
  note: string;
}

/** A kind of warning given since Praetor first wrote Results: an earlier build had none. */
const newerWarning = (is: (warning: string) => boolean, note: string): NewerText => ({
  applies: ({ warnings }) => warnings.some(is),
  earlier: (texts) => ({ ...texts, warnings: texts.warnings.filter((w) => !is(w)) }),
  note,
});

const NEWER_TEXTS: readonly NewerText[] = [
  newerWarning(isTemplateSeedWarning, SEED_WARNING_NOTE),
  newerWarning(isMergedCellMessage, MERGE_WARNING_NOTE),
  newerWarning(isUnheadedWarning, UNHEADED_WARNING_NOTE),
  newerWarning(isHiddenWarning, HIDDEN_WARNING_NOTE),
  newerWarning(isIdleOptionWarning, IDLE_WARNING_NOTE),
  {
    applies: ({ problems }) => problems.some((p) => withoutBattleHint(p) !== p),
    earlier: (texts) => ({ ...texts, problems: texts.problems.map(withoutBattleHint) }),
    note: BATTLE_HINT_NOTE,
  },
];

/** Every Results row against the expected, in order: each row that differs, with its mismatch. */
function compareResultRows(
  sheet: SheetTable,
  expected: readonly (readonly unknown[])[],
): { row: number; mismatch: Mismatch }[] {
  const header = expected[0] as string[];
  const top = sheet.origin.row;
  const last = Math.max(top + expected.length - 1, lastRowOf(sheet));
  const battleCol = resultsColumn('Battle');
  const out: { row: number; mismatch: Mismatch }[] = [];
  for (let r = top; r <= last; r++) {
    const want = (expected[r - top] ?? []) as (string | number | boolean)[];
    // Columns right of the header are the reader's own notes: not compared.
    const columns = differingColumns(sheet, r, want, header.length);
    if (columns.length === 0) continue;
    // The header row is no battle's.
    const id =
      r === top ? null : writtenText(want[battleCol] ?? '') || cellOf(sheet, r, battleCol) || null;
    const where = addressOf(sheet, r, columns[0]);
    const says = describeCells(columns, header, (c) => cellOf(sheet, r, c));
    const replay = describeCells(columns, header, (c) => writtenText(want[c] ?? ''));
    const who = id === null ? `${where}` : `battle ${id}: ${where}`;
    const message =
      r - top >= expected.length
        ? `${who}: a Results row the orders do not give: ${says}`
        : `${who}: Results say ${says}; the replay says ${replay}`;
    out.push({ row: r, mismatch: { battle: id, where, says, replay, message } });
  }
  return out;
}
