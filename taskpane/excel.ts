import { err, ok, Result } from '../src/result';
import { explainReadError, explainTablesError, messageOf } from './excel-explain';
import { readRanges, readTables, TableReads } from './excel-read';
import { undoAdd, writePlan } from './excel-write';
import {
  HostFeatures,
  RangeRef,
  SheetPlan,
  TablesRead,
  TablesRequest,
  WorkbookHost,
  WorkbookRead,
} from './host';

/**
 * The adapter between the pane and Excel: `ExcelHost` implements `WorkbookHost` with Office.js,
 * reading in `excel-read.ts`, writing in `excel-write.ts` and explaining a failed read in
 * `excel-explain.ts`. These four files alone call Office.js (`Office.*`, `Excel.*`); everything
 * else in the pane is plain TypeScript against `WorkbookHost`. Each call costs a fixed number of
 * `context.sync()` round trips, whatever the size of what it reads or writes: a battle's roster
 * is one read, its log one write.
 */

export const MIN_EXCEL_API = '1.7';
const PRINT_LAYOUT_API = '1.9';
/** `Range.getMergedAreasOrNullObject`: without it, tables are read as if nothing were merged. */
const MERGED_AREAS_API = '1.13';
/** `Range.getSpecialCellsOrNullObject`: without it, no row or column is known to be hidden. */
const VISIBLE_CELLS_API = '1.9';
/** Why nothing is read when Excel could not list the merged cells. */
export const MERGES_UNREAD =
  'Excel could not list the merged cells of these sheets (perhaps more than the 512 it lists at once), and a cell under a merge shows a value it may not hold, so nothing was read. Unmerge the cells that need no merge and try again, or use praetor adjudicate or praetor verify, which read them all.';
/** Said when Excel could not list the cells it shows: the rows were read, hidden or not. */
export const HIDDEN_UNCHECKED =
  'Excel could not list the cells it shows, so the check for hidden rows and columns was skipped: a row or column hidden in the ranges read is read all the same. Unhide them to see every order.';

/** Waits for Office, checks the host, and returns the workbook behind the interface. */
export async function connectExcel(): Promise<Result<WorkbookHost>> {
  const info = await Office.onReady();
  if (info.host !== Office.HostType.Excel) {
    return err('Praetor is an Excel add-in: open it from the Home tab of Excel.');
  }
  const requirements = Office.context.requirements;
  if (!requirements.isSetSupported('ExcelApi', MIN_EXCEL_API)) {
    return err(
      `This Excel is too old for Praetor, which needs ExcelApi ${MIN_EXCEL_API} ` +
        '(Excel 2019 or later, Microsoft 365, or Excel on the web).',
    );
  }
  return ok(
    new ExcelHost(
      { printLayout: requirements.isSetSupported('ExcelApi', PRINT_LAYOUT_API) },
      {
        merges: requirements.isSetSupported('ExcelApi', MERGED_AREAS_API),
        hidden: requirements.isSetSupported('ExcelApi', VISIBLE_CELLS_API),
      },
    ),
  );
}

const codeOf = (e: unknown) => (e as { code?: unknown } | null)?.code;

/** Office's error for a sheet, name or table that does not exist. */
const isNotFound = (e: unknown) => codeOf(e) === 'ItemNotFound';

/** Office's error for more cells than it sends at once. */
const isTooLarge = (e: unknown) => codeOf(e) === 'ResponsePayloadSizeLimitExceeded';

class ExcelHost implements WorkbookHost {
  constructor(
    readonly features: HostFeatures,
    /** What the host can tell of the cells besides their values. */
    private readonly reads: TableReads,
  ) {}

  /**
   * Reads the ranges with their merged cells and hidden rows where the host lists them (see
   * `readTables`): when Excel cannot list the cells it shows, without the hidden rows, and
   * says so.
   */
  async read(refs: readonly RangeRef[]): Promise<Result<WorkbookRead>> {
    try {
      return ok(await readRanges(refs, this.reads));
    } catch (e) {
      // A sheet or name that does not exist, or too many cells: neither the hidden rows nor
      // the merges failed.
      if (isNotFound(e) || isTooLarge(e)) return err(await explainReadError(refs, e));
      if (this.reads.hidden) {
        try {
          const read = await readRanges(refs, { ...this.reads, hidden: false });
          return ok({ ...read, notes: [HIDDEN_UNCHECKED] });
        } catch {
          // Not the hidden rows, then: the first error is explained below.
        }
      }
      if (this.reads.merges) {
        try {
          await readRanges(refs, { merges: false, hidden: false });
          return err(MERGES_UNREAD);
        } catch {
          // The first error says more: it is the one explained.
        }
      }
      return err(await explainReadError(refs, e));
    }
  }

  /**
   * Reads the tables with their merged cells and hidden rows where the host lists them. The
   * hidden rows only add warnings: when Excel cannot list the cells it shows, the tables are
   * read without them. Excel fails a list of more than 512 merged areas: when the tables read
   * without them, that was the failure, and nothing is read (a cell under a merge can show one
   * value and hold another).
   */
  async readTables(request: TablesRequest): Promise<Result<TablesRead>> {
    try {
      return await readTables(request, this.reads);
    } catch (e) {
      if (this.reads.hidden) {
        try {
          const read = await readTables(request, { ...this.reads, hidden: false });
          return read.ok ? ok({ ...read.value, notes: [HIDDEN_UNCHECKED] }) : read;
        } catch {
          // Not the hidden rows, then: the first error is explained below.
        }
      }
      if (this.reads.merges) {
        try {
          const read = await readTables(request, { merges: false, hidden: false });
          if (read.ok) return err(MERGES_UNREAD);
        } catch {
          // The first error says more: it is the one explained.
        }
      }
      return err(await explainTablesError(request, e));
    }
  }

  async addSheets(plans: readonly SheetPlan[]): Promise<Result<string[]>> {
    const names = plans.map((p) => p.name);
    const token = Math.random().toString(36).slice(2, 10);
    const temps = plans.map((_, i) => `Praetor ${token} ${i + 1}`);
    try {
      await Excel.run(async (context) => {
        const sheets = plans.map((plan, i) => {
          const sheet = context.workbook.worksheets.add(temps[i]);
          writePlan(sheet, plan, this.features);
          return sheet;
        });
        // Named last, so that a name taken meanwhile (by a co-author) fails here, and an undo
        // can tell the sheets this batch added from theirs.
        sheets.forEach((sheet, i) => (sheet.name = names[i]));
        sheets[0]?.activate();
        await context.sync();
      });
      return ok(names);
    } catch (e) {
      const undone = await undoAdd(temps, names);
      if (undone === 'written') return ok(names);
      return err(
        `Excel could not write the new sheets (${messageOf(e)}). ` +
          (undone === 'undone'
            ? 'Nothing was changed.'
            : `Nor could it remove them again: please delete any of ${names.join(', ')} ` +
              `and any sheet named “Praetor ${token} …” left over.`),
      );
    }
  }

  async selectionAddress(): Promise<Result<string>> {
    try {
      return await Excel.run(async (context) => {
        const range = context.workbook.getSelectedRange();
        range.load('address');
        await context.sync();
        return ok(range.address);
      });
    } catch (e) {
      return err(`Select one block of cells first (${messageOf(e)}).`);
    }
  }

  async rangeNames(): Promise<string[]> {
    try {
      return await Excel.run(async (context) => {
        const names = context.workbook.names;
        names.load('items/name,items/type');
        await context.sync();
        return names.items.filter((n) => n.type === 'Range').map((n) => n.name);
      });
    } catch {
      return [];
    }
  }
}
