import { battleOrders, sealOf } from '../../src/battle';
import { listProblems } from '../../src/problem-list';
import { SealRecord } from '../../src/sealed';
import { openInExcelWarning } from '../excel-lock';
import { Entry, Source } from './sources';

/** What a report's inputs hold that the game master should know before posting it. */

/** A warning for each file reported that is open in Excel: what was not saved there was not read. */
export function openInExcelWarnings(entries: readonly Entry[]): string[] {
  return [...new Set(entries.map((e) => e.source.path))].flatMap((path) => {
    const warning = openInExcelWarning(path);
    return warning === null ? [] : [`${path}: ${warning}`];
  });
}

/**
 * A warning for each flag that names a game or turn other than a sealed battle's own: that
 * battle shows its own, so the flag is not printed on it.
 */
export function sealWarnings(entries: readonly Entry[], game?: string, turn?: string): string[] {
  const warnings = [
    game !== undefined &&
      sealWarning(entries, 'game', JSON.stringify(game), JSON.stringify(game), (s) =>
        JSON.stringify(s.game),
      ),
    turn !== undefined &&
      sealWarning(entries, 'turn', turn, String(Number(turn)), (s) => String(s.turn)),
  ];
  return warnings.filter((w): w is string => typeof w === 'string');
}

function sealWarning(
  entries: readonly Entry[],
  name: string,
  given: string,
  value: string,
  own: (seal: SealRecord) => string,
): string | undefined {
  const differ = entries.filter((e) => {
    const seal = sealOf(e.result);
    return seal !== null && own(seal) !== value;
  });
  if (differ.length === 0) return undefined;
  const values = [...new Set(differ.map((e) => own(sealOf(e.result)!)))];
  const battles = differ.length === 1 ? 'battle' : 'battles';
  const of = `${values.length === 1 ? name : `${name}s`} ${values.join(', ')}`;
  return (
    `--${name} ${given} is not printed on the sealed ${battles} of ${of} ` +
    `(${battlesByFile(differ)}); a sealed battle shows its own ${name}`
  );
}

/** `alba.praetor.xlsx: B1, B2; gallia.praetor.xlsx: B1`, or `B1, B2` from one unlabelled file. */
function battlesByFile(entries: readonly Entry[]): string {
  const byFile = new Map<Source, string[]>();
  for (const { result, source } of entries) {
    byFile.set(source, [...(byFile.get(source) ?? []), result.id]);
  }
  return listProblems(
    [...byFile].map(([source, ids]) => (source.label ? `${source.label}: ${few(ids)}` : few(ids))),
  );
}

/** Up to five items, then how many more. */
const few = (items: readonly string[], most = 5) =>
  items.length <= most
    ? items.join(', ')
    : `${items.slice(0, most).join(', ')} and ${items.length - most} more`;

/**
 * A warning for each pair of files that hold the same battle (one id, ruleset, options, forces
 * and dice): a folder holding an earlier run's outputs as well would report each battle twice.
 */
export function sameBattleWarnings(entries: readonly Entry[]): string[] {
  const first = new Map<string, Entry>();
  const pairs = new Map<string, { files: [Source, Source]; ids: string[] }>();
  for (const entry of entries) {
    const key = battleOrders(entry.result);
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, entry);
    else if (earlier.source !== entry.source) {
      const pair = `${earlier.source.path}\0${entry.source.path}`;
      const found = pairs.get(pair) ?? { files: [earlier.source, entry.source], ids: [] };
      found.ids.push(entry.result.id);
      pairs.set(pair, found);
    }
  }
  // The files that repeat one file's same battles, as one warning: 30 copies make one line.
  const copies = new Map<string, { first: Source; others: Source[]; ids: string[] }>();
  for (const {
    files: [a, b],
    ids,
  } of pairs.values()) {
    const key = `${a.path}\0${ids.join('\0')}`;
    const found = copies.get(key) ?? { first: a, others: [], ids };
    found.others.push(b);
    copies.set(key, found);
  }
  return [...copies.values()].map(({ first, others, ids }) => {
    const one = ids.length === 1;
    const name = (s: Source) => s.label ?? s.path;
    const battles = `the same ${one ? 'battle' : 'battles'} ${few(ids)} (same forces and dice)`;
    if (others.length === 1) {
      return (
        `${name(first)} and ${name(others[0])} hold ${battles}: ` +
        `${one ? 'it is' : 'they are'} reported twice; is one an earlier output?`
      );
    }
    return (
      `${name(first)} and ${others.length} other files (${few(others.map(name), 3)}) hold ` +
      `${battles}: ${one ? 'it is' : 'they are'} reported ${others.length + 1} times; ` +
      'are some earlier outputs?'
    );
  });
}
