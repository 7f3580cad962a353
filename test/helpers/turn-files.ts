import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../../headless/cli';
import { CellWrite } from '../../headless/workbook/cell-patch';
import { writeCellsToPackage } from '../../headless/workbook/sheet-parts';
import { bufferIo, tempDir } from './workbooks';

/** Editing a turn's workbook as Excel would: cells written in place, every other part kept. */

/** Writes `cells` of the package's sheets (by sheet name) in place, to `to`. */
export function editedCells(file: string, cells: Record<string, CellWrite[]>, to: string): string {
  const out = writeCellsToPackage(readFileSync(file), new Map(Object.entries(cells)));
  if (!out.ok) throw new Error(out.error);
  writeFileSync(to, out.value);
  return to;
}

/** Cells of a table's body, `rows` rows of `cols` from row `from` (0-based: 1 is row 2), blank. */
export const blankCells = (rows: number, cols: number, from = 1): CellWrite[] =>
  Array.from({ length: rows * cols }, (_, i) => ({
    row: from + Math.floor(i / cols),
    col: i % cols,
    value: '',
  }));

/** `praetor` run in this process: its exit status, stdout and stderr. */
export async function runPraetor(...argv: string[]) {
  const io = bufferIo();
  const code = await main(argv, io);
  return { code, out: io.stdout(), err: io.stderr() };
}

/** `praetor ... --json` on one workbook: its exit status, stderr and the file's report. */
export async function turnJson(...argv: string[]) {
  const r = await runPraetor(...argv, '--json');
  return { code: r.code, err: r.err, file: JSON.parse(r.out).files[0] };
}

/** The example game played once: its input and its output. */
export async function playedGame(): Promise<{ dir: string; input: string; output: string }> {
  const dir = tempDir();
  const input = join(dir, 'game.xlsx');
  expect((await runPraetor('turn', '--template', input)).code).toBe(0);
  expect((await runPraetor('turn', input)).code).toBe(0);
  return { dir, input, output: join(dir, 'game.turn.xlsx') };
}
