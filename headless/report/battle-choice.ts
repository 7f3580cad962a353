import { isAbsolute, resolve } from 'node:path';
import { listProblems } from '../../src/problem-list';
import { realPath } from '../fs-errors';
import { InputFile } from './sources';
import { battleIdKey } from '../../src/battle-id';

/** `--battle ID` and `--battle FILE:ID`: which battles of a report's inputs are asked for. */

/**
 * Whether `--battle ASK` names this battle: its id in any case, as in the workbook
 * (docs/workbook.md), or `FILE:ID` for the battle of that id in one file. Ids may hold colons
 * (`Gallia:1`), and so may a path (`C:\\turn`): every colon is tried as the split.
 */
export function isAsked(
  { id: own, source }: { id: string; source: InputFile },
  ask: string,
): boolean {
  const isId = (id: string) => battleIdKey(own) === battleIdKey(id.trim());
  return isId(ask) || splits(ask).some(({ file, id }) => isId(id) && isFile(source, file));
}

/** Each way to read `FILE:ID` as a file and an id, split at each colon in turn. */
function splits(ask: string): { file: string; id: string }[] {
  const all: { file: string; id: string }[] = [];
  for (let colon = ask.indexOf(':'); colon > 0; colon = ask.indexOf(':', colon + 1)) {
    all.push({ file: ask.slice(0, colon), id: ask.slice(colon + 1) });
  }
  return all;
}

/**
 * Whether FILE names this input: its label, its name (every input of that name), a trailing
 * part of its path (`alba/orders.praetor.xlsx`) or a path to it.
 */
function isFile(input: InputFile, file: string): boolean {
  if (file === input.label || realPath(file) === realPath(input.path)) return true;
  if (isAbsolute(file)) return false;
  const asked = pathParts(file);
  const own = pathParts(resolve(input.path));
  return asked.length > 0 && asked.every((part, i) => part === own[own.length - asked.length + i]);
}

const pathParts = (path: string) => path.split(/[\\/]+/).filter((part) => part !== '');

/** What `FILE` of `FILE:ID` looks like, as against an id with a colon in it (`Gallia:1`). */
const LOOKS_LIKE_FILE = /[\\/]|\.(xlsx|xlsm|json)$/i;

/**
 * Why some `--battle` values name no battle: those whose FILE is none of the inputs are told
 * so, with the inputs listed; the others name no battle in them.
 */
export function notAsked(asks: readonly string[], files: readonly InputFile[], inputsName: string) {
  const noFile = (ask: string) => {
    const named = splits(ask).filter(({ file }) => LOOKS_LIKE_FILE.test(file));
    return named.length > 0 && named.every(({ file }) => !files.some((f) => isFile(f, file)));
  };
  const noBattle = asks.filter((ask) => !noFile(ask));
  const unknown = asks.filter(noFile);
  const inputs = listProblems(files.map((f) => f.label ?? f.path));
  return [
    noBattle.length > 0 && `--battle ${noBattle.join(', ')}: no such battle in ${inputsName}`,
    unknown.length > 0 &&
      `--battle ${unknown.join(', ')}: no such file among the inputs (${inputs})`,
  ]
    .filter(Boolean)
    .join('; ');
}
