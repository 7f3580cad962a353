import { existsSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { BattleResult } from '../src/battle';
import { formatCounts } from '../src/forces';
import { findRuleset } from '../src/rulesets';
import { Adjudicated, adjudicateSubmission } from '../src/adjudicate';
import { logSheet } from '../src/log-sheet';
import { resultsSheet, resultsSheetName } from '../src/results-sheet';
import { postedChanges } from '../src/posted-rounds';
import { readSubmission } from '../src/submission';
import { modeOf, OutputExistsError, OutputWriteError, writeFileAtomic } from './atomic-write';
import { makeFolder } from './fs-errors';
import { readFailure } from './workbook/exceljs-parts';
import { outputLimits } from './workbook/guard';
import { logContent, resultsContent } from './workbook/layouts';
import { readPackageFile, readWorkbookTables } from './workbook/read';
import { SheetContent } from './workbook/sheet-xml';
import { readPostedSheets } from './workbook/verify-read';
import { addSheetsToPackage } from './workbook/write';
import {
  BattleReport,
  emptyReport,
  failedFile,
  FileJob,
  FileReport,
  IdsJob,
  IdsReport,
} from './file-report';

/**
 * One workbook, start to end: check the package, read the Battles and Legions tables, resolve
 * every battle with the shared core, and write the original package plus a `Results` sheet and
 * a `Log <battle>` sheet per battle to a new file. Never throws: a bad file is a report.
 */

export async function adjudicateFile(job: FileJob): Promise<FileReport> {
  try {
    return await adjudicate(job);
  } catch (e) {
    if (e instanceof OutputExistsError || e instanceof OutputWriteError) {
      return failedFile(job.input, e.message);
    }
    return failedFile(job.input, `cannot be adjudicated: ${(e as Error).message}`);
  }
}

/** The ids of a workbook's battles; none when it cannot be read (its adjudication says why). */
export async function battleIdsOf(job: IdsJob): Promise<IdsReport> {
  try {
    const checked = readPackageFile(job.input, job.limits);
    if (!checked.ok) return { battles: [] };
    const tables = await readWorkbookTables(checked.value);
    if (tables.battles === null || tables.legions === null) return { battles: [] };
    const { entries } = readSubmission(tables.battles, tables.legions, tables);
    // A battle with no id (named by its row) draws no dice under that name, now or once fixed.
    const named = entries.filter((e) => !e.idless);
    return { battles: named.map(({ id, where }) => ({ id, where })) };
  } catch {
    return { battles: [] };
  }
}

async function adjudicate(job: FileJob): Promise<FileReport> {
  // The guard unpacks the cell parts once, for the reader and the writer both.
  const checked = readPackageFile(job.input, job.limits);
  if (!checked.ok) return failedFile(job.input, checked.error);
  const pkg = checked.value;

  let tables;
  try {
    tables = await readWorkbookTables(pkg);
  } catch (e) {
    return failedFile(job.input, `not a readable workbook: ${readFailure(e)}`);
  }
  const missing = (['Battles', 'Legions'] as const).filter(
    (name) => tables[name === 'Battles' ? 'battles' : 'legions'] === null,
  );
  if (missing.length > 0 || tables.battles === null || tables.legions === null) {
    const problems = missing.map((name) => {
      const cellLess = tables.cellLess.find((s) => s.name.toLowerCase() === name.toLowerCase());
      return cellLess
        ? `the sheet "${cellLess.name}" is ${cellLess.kind}, which holds no cells: put ${name} in a worksheet, or in an Excel table named ${name}`
        : `no sheet or table named "${name}" (the workbook has: ${tables.sheetNames.join(', ') || 'no sheets'})`;
    });
    return { ...emptyReport(job.input), errors: problems.length, problems };
  }

  const submission = readSubmission(tables.battles, tables.legions, tables);
  const adjudicated = adjudicateSubmission(submission, job.seal);
  const report: FileReport = {
    input: job.input,
    output: null,
    battles: adjudicated.length,
    resolved: adjudicated.filter((a) => a.outcome.ok).length,
    errors: adjudicated.filter((a) => !a.outcome.ok).length + submission.problems.length,
    results: adjudicated.map(battleReport),
    problems: submission.problems,
    warnings: submission.warnings,
    changed: [],
    error: null,
  };
  if (adjudicated.length === 0) return report;

  const taken = new Set(tables.sheetNames);
  const resultsName = resultsSheetName(taken);
  taken.add(resultsName);
  const rows = resultsSheet(adjudicated, submission.problems, submission.warnings);
  const sheets: SheetContent[] = [resultsContent(resultsName, rows, basename(job.input))];
  for (const a of adjudicated) {
    if (!a.outcome.ok) continue;
    const log = logSheet(a.outcome.value, taken);
    taken.add(log.name);
    sheets.push(logContent(log));
  }
  const changed = job.force ? await changedFromReplaced(job, adjudicated) : [];
  const written = await addSheetsToPackage(pkg, sheets);
  // An input found in a sub-folder has its output in the same sub-folder of --out.
  makeFolder(dirname(job.output));
  writeFileAtomic(job.output, written, job.force, modeOf(job.input));
  return { ...report, output: job.output, changed };
}

/**
 * What the output about to be replaced posted of these battles that they no longer give: its
 * Results and logs, read as any workbook is (the guard first), compared with the battles now.
 */
async function changedFromReplaced(job: FileJob, fresh: Adjudicated[]): Promise<string[]> {
  if (!existsSync(job.output)) return [];
  const posted = await readPostedSheets(job.output, outputLimits(job.limits));
  if (!posted.ok) {
    return [`the output replaced was not compared: ${posted.error}`];
  }
  return postedChanges(posted.value, fresh);
}

function battleReport(a: Adjudicated): BattleReport {
  if (!a.outcome.ok) {
    return {
      id: a.id,
      where: a.where,
      outcome: null,
      winner: null,
      rounds: null,
      attacker: null,
      defender: null,
      captured: [],
      diceUsed: null,
      seed: null,
      dice: null,
      error: a.outcome.error,
    };
  }
  const r: BattleResult = a.outcome.value;
  const codes = findRuleset(r.ruleset.id)!.units.map((u) => u.code);
  return {
    id: a.id,
    where: a.where,
    outcome: r.outcome,
    winner: r.winner,
    rounds: r.rounds,
    attacker: formatCounts(r.attacker, codes),
    defender: formatCounts(r.defender, codes),
    captured: r.captured,
    diceUsed: r.diceUsed,
    seed: 'seed' in r.dice ? r.dice.seed : null,
    dice: 'scripted' in r.dice ? r.dice.scripted : null,
    error: null,
  };
}
