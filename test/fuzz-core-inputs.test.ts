import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import seedrandom from 'seedrandom';
import { BattleResult, resolveBattle, resumeBattle } from '../src/battle';
import { BattleSpec, specFromObject, validateBattle } from '../src/battle-spec';
import { SavedBattle } from '../src/saved-battle';
import { parseDiceList } from '../src/dice';
import { pauseRounds, wholeOption, yesNo } from '../src/option-values';
import { Result } from '../src/result';
import { parseRosterText } from '../src/roster';
import { BattleEvent, RawOptions } from '../src/ruleset';
import { findRuleset, RULESETS } from '../src/rulesets';
import { eventDice, ImperiumEvent } from '../src/rulesets/imperium';
import { praetor } from './helpers/cli';
import { cpuMs } from './helpers/cpu';

/**
 * Randomized robustness of the battle core's text and JSON inputs (rosters of every ruleset,
 * retreat conditions, dice lists, option values, battle specs, saved battles) and of the CLI
 * commands that take them. Every case is drawn from a seeded generator: a failure prints its
 * seed and input, and replays from it. A case's time is guarded by the CPU time it takes.
 *
 * Campaigns (the file runs a bounded number of cases by default):
 * - FUZZ_CORE_SCALE=N multiplies the number of cases; FUZZ_CORE_SEED=TEXT changes the seed;
 * - FUZZ_CORE_STRICT=1 fails on the known bugs too (pinned as `it.failing` at the end);
 * - FUZZ_CORE_REPORT=1 counts the known bugs' cases and prints the stacks of exceptions;
 * - FUZZ_CORE_TRACE=FILE writes each case's seed there first (the case a hang stopped at);
 * - FUZZ_CORE_SLOW=MS prints the cases that take longer; FUZZ_CORE_DUMP=SEED prints the battle
 *   spec of a `battle` seed (e.g. praetor-fuzz-core-1/battle/89).
 */

const SCALE = Number(process.env.FUZZ_CORE_SCALE ?? 1);
const SEED = process.env.FUZZ_CORE_SEED ?? 'praetor-fuzz-core-1';
/** The longest a single case may take (ms): a hang or a runaway shows here. */
const CASE_LIMIT_MS = 2000;

/**
 * An exception in a line: its message, and the top of its stack with FUZZ_CORE_REPORT (the stack
 * costs seconds the first time, as Jest maps it to the sources).
 */
const thrown = (e: unknown): string =>
  process.env.FUZZ_CORE_REPORT
    ? ((e as Error)?.stack?.split('\n').slice(0, 3).join(' | ') ?? String(e))
    : String(e);

type Rng = () => number;
const rngOf = (seed: string): Rng => seedrandom(seed);
const int = (r: Rng, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const chance = (r: Rng, p: number) => r() < p;

interface Failure {
  seed: string;
  problem: string;
  input: string;
}

/** Runs `n` seeded cases of a property, collecting failures (with seed and input) to report. */
function campaign(
  family: string,
  n: number,
  body: (r: Rng, seed: string) => { input: unknown; problems: string[] },
): Failure[] {
  const failures: Failure[] = [];
  for (let i = 0; i < Math.max(1, Math.round(n * SCALE)); i++) {
    const seed = `${SEED}/${family}/${i}`;
    if (TRACE) writeFileSync(TRACE, seed);
    const started = cpuMs();
    let input: unknown = '?';
    let problems: string[];
    try {
      ({ input, problems } = body(rngOf(seed), seed));
    } catch (e) {
      problems = [`threw ${thrown(e)}`];
    }
    const ms = cpuMs() - started;
    if (ms > CASE_LIMIT_MS) problems.push(`took ${Math.round(ms)} ms of CPU`);
    if (process.env.FUZZ_CORE_SLOW && ms > Number(process.env.FUZZ_CORE_SLOW)) {
      console.log(`${Math.round(ms)} ms ${seed} ${shortJson(input).slice(0, 300)}`);
    }
    for (const problem of problems) {
      failures.push({ seed, problem, input: shortJson(input) });
    }
  }
  return failures;
}

function shortJson(v: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(v) ?? String(v);
  } catch {
    text = String(v);
  }
  return text.length > 600 ? `${text.slice(0, 600)}...` : text;
}

/** Every value of `v` as text, non-finite numbers included, to search an error's words in. */
function fullText(v: unknown): string {
  try {
    return (
      JSON.stringify(v, (_, x) => (typeof x === 'number' && !Number.isFinite(x) ? String(x) : x)) ??
      String(v)
    );
  } catch {
    return String(v);
  }
}

/**
 * Problems of bugs already found and pinned below as `it.failing` regressions: the campaigns
 * count them apart (FUZZ_CORE_STRICT=1 fails on them too), so that a new bug still shows.
 */
const KNOWN: [string, RegExp][] = [];
const STRICT = process.env.FUZZ_CORE_STRICT === '1';
/** A file that holds the seed of the case running (a campaign finds the case that hung in it). */
const TRACE = process.env.FUZZ_CORE_TRACE;

/**
 * Whether every line break of an error echoes the input (the known bug): the break with the
 * characters next to it, as the error shows them, is in the input too.
 */
function echoesInput(f: Failure): boolean {
  const error = /: (".*")$/s.exec(f.problem)?.[1];
  if (error === undefined) return false;
  const text = JSON.parse(error) as string;
  const breaks = [...text.matchAll(/[\r\n\u2028\u2029]/g)];
  return breaks.every((m) => {
    // A character each side, unless it is a quote or bracket the error put around the echo.
    const before = text.slice(Math.max(0, m.index! - 1), m.index!).replace(/["()]/, '');
    const after = text.slice(m.index! + 1, m.index! + 2).replace(/["()]/, '');
    return f.input.includes(JSON.stringify(before + m[0] + after).slice(1, -1));
  });
}

const isKnown = (f: Failure) =>
  KNOWN.some(
    ([, re]) => re.test(f.problem) && (!/more than one line/.test(f.problem) || echoesInput(f)),
  );

function unknownFailures(failures: Failure[]): Failure[] {
  return STRICT ? failures : failures.filter((f) => !isKnown(f));
}

/** The failures, grouped by problem, the first of each kind shown (empty when there are none). */
function summary(all: Failure[]): string[] {
  const failures = unknownFailures(all);
  if (process.env.FUZZ_CORE_REPORT) {
    for (const [name, re] of KNOWN) {
      const n = all.filter((f) => re.test(f.problem)).length;
      if (n > 0)
        console.log(
          `known: ${name}: ${n} cases, e.g. ${all.find((f) => re.test(f.problem))?.seed}`,
        );
    }
  }
  const seen = new Map<string, number>();
  const shown: string[] = [];
  for (const f of failures) {
    const kind = f.problem.replace(/\d+/g, 'N').slice(0, 80);
    const n = seen.get(kind) ?? 0;
    seen.set(kind, n + 1);
    if (n === 0) shown.push(`${f.problem}\n  seed ${f.seed}\n  input ${f.input}`);
  }
  return shown;
}

// ---------------------------------------------------------------------------------------------
// The checks every Result must pass.

/** A Result: ok with a value, or an error that is one non-empty line. */
function resultProblems(r: unknown, what: string, input: unknown = ''): string[] {
  if (typeof r !== 'object' || r === null || typeof (r as { ok?: unknown }).ok !== 'boolean') {
    return [`${what}: not a Result: ${shortJson(r)}`];
  }
  const res = r as Result<unknown>;
  if (res.ok) return [];
  return errorTextProblems(res.error, what, input);
}

/** Words that show a value the program made up, unless the input wrote them itself. */
const INTERNAL = ['undefined', '[object Object]', 'NaN', 'TypeError', 'RangeError'];

function errorTextProblems(error: unknown, what: string, input: unknown = ''): string[] {
  if (typeof error !== 'string' || error.trim() === '') {
    return [`${what}: error is not a non-empty text: ${shortJson(error)}`];
  }
  if (/[\r\n\u2028\u2029]/.test(error)) {
    return [`${what}: error is more than one line: ${JSON.stringify(error)}`];
  }
  const written = typeof input === 'string' ? input : fullText(input);
  const shown = INTERNAL.find((w) => error.includes(w) && !written.includes(w));
  if (shown !== undefined) return [`${what}: error shows ${shown}: ${error}`];
  return [];
}

// ---------------------------------------------------------------------------------------------
// Generators: text as players write it, then damaged at random.

const WEIRD_NUMBERS = [
  '0',
  '-1',
  '+2',
  '1.5',
  '.',
  '1e3',
  '0x2',
  'NaN',
  'Infinity',
  '-0',
  '10000',
  '10001',
  '99999999999999999999',
  '9007199254740993',
  '2.0',
  '٣',
  '1/0',
  '',
];
const NOISE = [
  ' ',
  ',',
  ';',
  ':',
  '\n',
  '\r',
  '\t',
  '(',
  ')',
  '*',
  '/',
  '-',
  '+',
  '=',
  '"',
  '.',
  '{',
  '}',
  '[',
  ']',
  '\u00a0',
  'é',
  '\u2028',
  '\u0000',
];
const JUNK_WORDS = [
  'XYZ',
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'prototype',
  'and',
  'or',
  'null',
  'undefined',
  'true',
];

function smallCount(r: Rng): string {
  return chance(r, 0.85) ? String(int(r, 0, 4)) : pick(r, WEIRD_NUMBERS);
}

function number(r: Rng, lo: number, hi: number): string {
  return chance(r, 0.8) ? String(int(r, lo, hi)) : pick(r, WEIRD_NUMBERS);
}

/** A few random edits: characters inserted, spans cut or doubled, numbers made strange. */
function damage(r: Rng, text: string): string {
  let t = text;
  const edits = int(r, 1, 3);
  for (let i = 0; i < edits; i++) {
    const at = int(r, 0, t.length);
    switch (int(r, 0, 4)) {
      case 0:
        t = t.slice(0, at) + pick(r, NOISE) + t.slice(at);
        break;
      case 1:
        t = t.slice(0, at) + t.slice(Math.min(t.length, at + int(r, 1, 6)));
        break;
      case 2:
        t = t.slice(0, at) + t.slice(at, at + int(r, 1, 12)) + t.slice(at);
        break;
      case 3:
        t = t.replace(/\d+/, pick(r, WEIRD_NUMBERS));
        break;
      default:
        t = t.slice(0, at) + ` ${pick(r, JUNK_WORDS)} ` + t.slice(at);
    }
  }
  return t;
}

const LEADERS = ['Marcus', 'Titus', 'Vercingetorix', 'Ἀλέξανδρος', 'a b c', 'x', '12'];

function coteRoster(r: Rng, sea: boolean): string {
  const words = [
    'INF',
    'inf',
    'Infantry',
    'infantries',
    'CAV',
    'cavalry',
    'CAT',
    'catapults',
    'artillery',
  ];
  const legions: string[] = [];
  for (let l = int(r, 1, 3); l > 0; l--) {
    const items: string[] = [];
    for (let k = int(r, 1, 3); k > 0; k--) items.push(`${smallCount(r)} ${pick(r, words)}`);
    if (sea || chance(r, 0.05))
      items.push(`${int(r, 1, 2)} ${pick(r, ['GAL', 'galley', 'Galleys'])}`);
    const body = items.join(pick(r, [' ', ', ', ',']));
    legions.push(chance(r, 0.5) ? `${pick(r, LEADERS)}: ${body}` : body);
  }
  return legions.join(pick(r, ['; ', ';', '\n']));
}

const IMPERIUM_SPACE = ['BB', 'CA', 'CL', 'CR', 'CS', 'CV', 'DD', 'F', 'M', 'SC', 'TB', 'TR'];
const IMPERIUM_GROUND = ['RT 4-2', 'RT4', 'JT6', 'PD', 'F', 'RT (3-2)', 'JT 5'];

function imperiumRoster(r: Rng, ground: boolean, faction: string): string {
  const fleets: string[] = [];
  for (let l = int(r, 1, 2); l > 0; l--) {
    const items: string[] = [];
    for (let k = int(r, 1, 3); k > 0; k--) {
      const code = pick(r, ground ? IMPERIUM_GROUND : IMPERIUM_SPACE);
      const damaged = chance(r, 0.2) ? pick(r, [' (damaged)', '*', ' ( Damaged )']) : '';
      items.push(
        chance(r, 0.1) ? `${smallCount(r)} damaged ${code}` : `${smallCount(r)} ${code}${damaged}`,
      );
    }
    const named = fleets.length === 0 || chance(r, 0.3);
    fleets.push(named ? `${faction}: ${items.join(', ')}` : items.join(', '));
  }
  return fleets.join('; ');
}

function legionRating(r: Rng): string {
  const n = () => number(r, 0, 7);
  return pick(r, [
    `discipline ${n()}`,
    `d${n()}`,
    pick(r, ['worn', 'half', 'full', 'strength worn']),
    pick(r, ['pila', 'no pila', 'cohorts', 'no relief', 'screen', 'horse', 'no horse', 'flank']),
    `leader ${n()}/${n()}${chance(r, 0.5) ? `+${n()}` : ''}`,
    pick(r, ['short supply', 'starving', 'supplied']),
    pick(r, ['finished works', 'camp', 'low works', 'unfinished works']),
    pick(r, ['2:1', '4:1', `numbers ${n()}`]),
    `${n()} boons`,
    `${n()} banes`,
    `arrows ${n()}`,
    'camels',
    `locked shields${chance(r, 0.5) ? ` from ${n()}` : ''}`,
    `vs ${n()}`,
    `pc ${pick(r, ['Septimius', 'Gaius'])} ${pick(r, ['fight', 'rally', 'read'])} ${n()}/${n()}${chance(r, 0.3) ? `+${n()}` : ''}${chance(r, 0.3) ? ` resistance ${n()}` : ''}${chance(r, 0.2) ? ` athletics ${n()}/${n()}` : ''}`,
    `pc ${pick(r, ['Septimius', 'Gaius'])} rally ${n()}/${n()} in clash${chance(r, 0.5) ? 'es' : ''} ${n()}${chance(r, 0.5) ? `-${n()}` : ''}`,
  ]);
}

function legionRoster(r: Rng): string {
  const units: string[] = [];
  for (let u = int(r, 1, 3); u > 0; u--) {
    if (chance(r, 0.1)) {
      units.push(`${smallCount(r)} ${pick(r, ['VET', 'TRN', 'RAW', 'veterans', 'levy'])}`);
      continue;
    }
    const quality = pick(r, ['veteran', 'trained', 'raw', 'Veteran']);
    const noun = pick(r, [
      'century',
      'cohort',
      'legion',
      'levy',
      'screen',
      'archers',
      'nobles',
      'cavalry',
      '',
    ]);
    const ratings = Array.from({ length: int(r, 0, 4) }, () => legionRating(r));
    const body = [`${quality} ${noun}`.trim(), ...ratings].join(', ');
    units.push(chance(r, 0.6) ? `${pick(r, LEADERS)}: ${body}` : body);
  }
  return units.join('; ');
}

function fowArmy(r: Rng): string {
  const n = () => number(r, 0, 25);
  const ratings = Array.from({ length: int(r, 1, 6) }, () =>
    pick(r, [
      `attack ${n()}`,
      `defence ${n()}`,
      `missile ${n()}`,
      `health ${n()}`,
      `health ${n()}/${n()}`,
      `morale ${n()}`,
      `discipline ${n()}`,
      `experience ${n()}`,
      `caste ${pick(r, ['city', 'capital', 'x'])}`,
      'cause fear',
      'forester',
      'mountaineer',
      'siege weapons',
    ]),
  );
  return `${pick(r, ['Legio X', 'Gauls', 'army Levy'])}: ${ratings.join(', ')}`;
}

function fowLeader(r: Rng): string {
  const n = () => number(r, 0, 6);
  const ratings = Array.from({ length: int(r, 0, 4) }, () =>
    pick(r, [
      pick(r, ['captain', 'hero', 'legend', 'ruler']),
      `leadership ${n()}`,
      `melee ${n()}`,
      `stealth ${n()}`,
      `health ${n()}`,
      `experience ${n()}`,
    ]),
  );
  return `leader ${pick(r, ['Thorvald', 'Vercix'])}: ${ratings.join(', ')}`;
}

function fowRoster(r: Rng, side: 'attacker' | 'defender'): string {
  const n = (hi: number) => number(r, 0, hi);
  if (chance(r, 0.15)) {
    const army: Record<string, unknown> = {
      name: 'A',
      attack: int(r, 0, 9),
      health: int(r, 1, 20),
    };
    if (chance(r, 0.3))
      army[pick(r, ['morale', 'defence', 'health', 'discipline'])] = pick(r, [
        -1,
        0,
        1e9,
        '7',
        null,
        2.5,
        [],
        {},
      ]);
    const spec: Record<string, unknown> = { army };
    if (chance(r, 0.5))
      spec.leader = { name: 'L', rank: pick(r, ['hero', 'ruler', 'x', 3]), melee: int(r, 0, 9) };
    if (chance(r, 0.2)) spec.terrain = pick(r, ['forest', 'sea', 'capital', 'moon', 1]);
    if (chance(r, 0.1)) spec.treasury = pick(r, [0, -5, 1e20, '800']);
    return JSON.stringify(spec);
  }
  const sections: string[] = [];
  if (chance(r, 0.9)) sections.push(fowArmy(r));
  if (chance(r, 0.6)) sections.push(fowLeader(r));
  if (chance(r, 0.3))
    sections.push(
      `terrain ${pick(r, ['clear', 'forest', 'mountain', 'sea', 'town', 'city', 'capital', 'swamp'])}`,
    );
  if (chance(r, 0.1)) sections.push('at sea');
  if (side === 'defender' && chance(r, 0.2))
    sections.push(`city Alesia: ${pick(r, ['town', 'city', 'capital'])}, population ${n(50000)}`);
  if (chance(r, 0.15)) sections.push(`treasury ${n(1000)}`);
  if (chance(r, 0.15)) sections.push(`empire population ${n(100000)}`);
  if (chance(r, 0.15))
    sections.push(`empire: Legion capital ${n(20)}, Numidian cavalry city ${n(20)}`);
  return sections.join(pick(r, ['; ', '\n']));
}

const RULES = [
  'cote-pbem',
  'cote-online',
  'imperium',
  'legion-battles',
  'fortunes-of-war',
] as const;
type RulesId = (typeof RULES)[number];

function roster(r: Rng, rules: RulesId, side: 'attacker' | 'defender', opts: RawOptions): string {
  switch (rules) {
    case 'cote-pbem':
    case 'cote-online':
      return coteRoster(r, opts.sea === true);
    case 'imperium':
      return imperiumRoster(
        r,
        opts.combat === 'ground',
        side === 'attacker' ? 'Terran' : pick(r, ['Imperial', 'Imperial', 'Terran']),
      );
    case 'legion-battles':
      return legionRoster(r);
    case 'fortunes-of-war':
      return fowRoster(r, side);
  }
}

const RETREAT_WORDS = [
  'units',
  'lost',
  'lost.CAT',
  'lost.INF',
  'CAT',
  'CAV',
  'INF',
  'GAL',
  'enemy.units',
  'enemy.lost',
  'enemy.lost.GAL',
  'enemy.CAV',
  '3',
  '0',
  '1',
];

function retreat(r: Rng): string {
  const clauses = Array.from(
    { length: int(r, 1, 3) },
    () =>
      `${pick(r, RETREAT_WORDS)} ${pick(r, ['<=', '>=', '<', '>', '=', '=='])} ${pick(r, RETREAT_WORDS)}`,
  );
  return clauses.join(pick(r, [' and ', ' AND ', ' && ', ', ']));
}

const ODD_VALUES: unknown[] = [
  '',
  ' ',
  null,
  true,
  false,
  0,
  1,
  2,
  -1,
  0.5,
  1e308,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '1e3',
  '0x2',
  'NaN',
  [],
  {},
  [1],
  'yes',
  'no',
  'maybe',
  'x'.repeat(300),
];

function optionValue(r: Rng, good: readonly unknown[]): unknown {
  return chance(r, 0.75) ? pick(r, good) : pick(r, ODD_VALUES);
}

/** Options for one ruleset: mostly its own keys with good values, sometimes odd ones. */
function options(r: Rng, rules: RulesId): RawOptions {
  const o: RawOptions = {};
  const maybe = (key: string, good: readonly unknown[], p = 0.3) => {
    if (chance(r, p)) o[key] = optionValue(r, good);
  };
  switch (rules) {
    case 'cote-pbem':
      maybe('sea', [true, false, 'sea', 'land', 'yes'], 0.2);
      if (o.sea !== true) maybe('fort', [0, 1, 2, '1', 'yes', true]);
      maybe('breachBy', ['any', 'catapult', 'cat']);
      maybe('retreat', [retreat(r), damage(r, retreat(r))]);
      break;
    case 'cote-online':
      maybe('mode', ['fight-to-the-death', 'hit-and-run', 'hitandrun']);
      maybe('fort', [true, false, 'yes']);
      break;
    case 'imperium':
      maybe('combat', ['space', 'ground'], 0.25);
      if (o.combat !== 'ground') maybe('range', ['long', 'short']);
      maybe('planet', ['none', 'attacker', 'defender', 'both']);
      maybe('units', [
        `${pick(r, ['Terran', 'Imperial', '*', 'all'])} ${pick(r, IMPERIUM_SPACE)} B${number(r, 0, 9)} T${number(r, 0, 9)}${chance(r, 0.5) ? ` / D${number(r, 0, 5)}` : ''}`,
        `Terran DD F${number(r, 0, 20)}`,
        `* CR D${number(r, 0, 9)} CM${number(r, 0, 9)}`,
      ]);
      for (const key of ['attackerOrders', 'defenderOrders']) {
        maybe(key, [
          `range=${pick(r, ['beams', 'close', 'long', 'hold'])}, split=${pick(r, ['never', 'auto', 'even'])}`,
          `disengage=${pick(r, ['never', '1/3', '0', '1/0', '0.5', '5', '2/3'])}`,
          `allocation=${pick(r, ['strongest', 'weakest', 'roster'])}; target:${pick(r, ['destroy', 'strongest', 'weakest'])}; reserves=${pick(r, ['none', 'all'])}`,
        ]);
      }
      break;
    case 'legion-battles': {
      maybe('clashes', [1, 3, 12, '20', 1000]);
      const readings = Array.from({ length: int(r, 0, 3) }, () =>
        pick(r, [
          `shakenAt=${number(r, -1, 6)}`,
          `outOfArrows=${pick(r, ['withdraw', 'close'])}`,
          `flankBoons=${number(r, 0, 4)}`,
          `pcBoonCap=${number(r, 0, 4)}`,
          `breakAtZero=${pick(r, ['yes', 'no'])}`,
          `screenHits=${pick(r, ['normal', 'steps'])}`,
          `legionPila=no`,
          `clashes=${number(r, 1, 30)}`,
        ]),
      );
      if (readings.length > 0) o.readings = readings.join(', ');
      break;
    }
    case 'fortunes-of-war': {
      const keys = [
        'meleeRounds',
        'combatDie',
        'checkDie',
        'duelDie',
        'moraleAt',
        'transferDivisor',
        'cityDefence',
        'meetBase',
        'pillagePercent',
        'experienceDivisor',
        'seaCapturePerMelee',
      ];
      const readings = Array.from(
        { length: int(r, 0, 3) },
        () => `${pick(r, keys)}=${number(r, 0, 30)}`,
      );
      if (readings.length > 0) o.readings = readings.join(', ');
      maybe('terrain', ['clear', 'forest', 'sea', 'capital']);
      maybe('castes', [
        'capital 25/50, city 20/60',
        `city ${number(r, 0, 30)}/${number(r, 0, 90)}`,
      ]);
      break;
    }
  }
  if (chance(r, 0.1)) o.rounds = optionValue(r, [1, 2, '3', 10000]);
  if (chance(r, 0.03)) o[pick(r, ['seaa', 'Fort', '__proto__x', 'toString'])] = 1;
  return o;
}

const COUNT_VALUES: unknown[] = [0, 1, 2, 3, -1, 0.5, '2', null, 1e9, Number.NaN, true, {}];

/** A side as legions already read (`validateBattle` takes them as they are): counts at random. */
function legionObjects(r: Rng, rules: RulesId): unknown[] {
  const codes = [...findRuleset(rules)!.units.map((u) => u.code), 'XYZ'];
  return Array.from({ length: int(r, 1, 3) }, (_, i) => {
    const units: Record<string, unknown> = {};
    for (let k = int(r, 1, 3); k > 0; k--) {
      units[pick(r, codes)] = chance(r, 0.7) ? int(r, 1, 3) : pick(r, COUNT_VALUES);
    }
    const legion: Record<string, unknown> = {
      units: chance(r, 0.9) ? units : pick(r, [null, [], 'INF', 3]),
    };
    if (chance(r, 0.8)) legion.where = `legion ${i + 1}`;
    if (chance(r, 0.5)) legion.leader = pick(r, ['Terran', 'Imperial', 'Marcus', 3, null]);
    return legion;
  });
}

/** A side as cells of a sheet: a table with a header row, or a Unit | Count block. */
function cellGrid(r: Rng, rules: RulesId): unknown[][] {
  const units = findRuleset(rules)!.units;
  const cell = () => (chance(r, 0.7) ? int(r, 0, 3) : pick(r, [...COUNT_VALUES, '', 'x', ' 2 ']));
  if (chance(r, 0.5)) {
    const header = ['Leader', ...units.slice(0, 3).map((u) => u.name)];
    const rows = Array.from({ length: int(r, 0, 3) }, () => [
      pick(r, LEADERS),
      cell(),
      cell(),
      cell(),
    ]);
    return [header, ...rows];
  }
  return [
    ['Unit', 'Count'],
    ...Array.from({ length: int(r, 1, 3) }, () => [
      pick(r, [...units.map((u) => u.code), 'XYZ']),
      cell(),
    ]),
  ];
}

function diceList(r: Rng, n: number): number[] {
  return Array.from({ length: n }, () => int(r, 1, 6));
}

/** A battle spec, mostly sensible, sometimes damaged in any field. */
function randomSpec(r: Rng): { spec: BattleSpec; rules: RulesId } {
  const rules = pick(r, RULES);
  const opts = options(r, rules);
  const side = (s: 'attacker' | 'defender'): unknown => {
    if (chance(r, 0.08)) return legionObjects(r, rules);
    if (chance(r, 0.05)) return cellGrid(r, rules);
    const text = roster(r, rules, s, opts);
    return chance(r, 0.2) ? damage(r, text) : text;
  };
  const spec: BattleSpec = {
    id: chance(r, 0.9)
      ? `b${int(r, 1, 99)}`
      : pick(r, [null, 7, '', ' x ', {}, [], 1.5, Number.NaN]),
    rules: chance(r, 0.95) ? rules : pick(r, [null, '', 'COTE-PBEM', ' cote-online ', 'chess', 3]),
    attacker: side('attacker'),
    defender: side('defender'),
    options: opts,
  };
  if (chance(r, 0.7))
    spec.seed = chance(r, 0.95) ? `s${int(r, 0, 1e6)}` : pick(r, [' ', 0, {}, true]);
  else
    spec.dice = chance(r, 0.8)
      ? diceList(r, int(r, 1, 300))
      : pick(r, ['1,2,3', '7', '1 2 x', [0], ['6', 3]]);
  return { spec, rules };
}

// ---------------------------------------------------------------------------------------------
// Properties of a battle that resolved.

/** The d6 values an event says it rolled, in order, or null where the log does not list them. */
function diceOfEvent(rulesId: string, e: BattleEvent): number[] | null {
  const x = e as unknown as Record<string, unknown>;
  switch (rulesId) {
    case 'cote-pbem':
      return [x.roll as number, ...(x.targetRoll !== undefined ? [x.targetRoll as number] : [])];
    case 'cote-online':
      if (x.kind === 'roll') return [x.roll as number];
      if (x.kind === 'casualty') return (x.attempts as number[][]).flat();
      return [];
    case 'imperium':
      return eventDice(e as ImperiumEvent);
    case 'fortunes-of-war':
      return x.dice as number[];
    default:
      return null;
  }
}

function countsProblems(where: string, counts: unknown): string[] {
  if (typeof counts !== 'object' || counts === null) return [`${where}: no counts`];
  const bad = Object.entries(counts as Record<string, unknown>).filter(
    ([, n]) => typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0,
  );
  return bad.length > 0 ? [`${where}: count ${bad[0][0]} is ${String(bad[0][1])}`] : [];
}

/** Counts never negative, every die of the run in the log and in `rolls`. */
function resultProblemsOf(res: BattleResult, usedBefore: number, scripted?: number[]): string[] {
  const problems: string[] = [];
  for (const side of ['attacker', 'defender'] as const) {
    problems.push(...countsProblems(`survivors of the ${side}`, res[side]));
  }
  for (const [i, e] of res.events.entries()) {
    const left = (e as unknown as { left?: Record<string, unknown> }).left;
    if (left) {
      for (const side of ['attacker', 'defender'] as const) {
        const p = countsProblems(`event ${i} left.${side}`, left[side]);
        if (p.length > 0) {
          problems.push(...p);
          break;
        }
      }
    }
    if (problems.length > 0) break;
  }
  if (res.diceUsed !== usedBefore + res.rolls.length) {
    problems.push(
      `diceUsed ${res.diceUsed} is not ${usedBefore} before + ${res.rolls.length} rolled`,
    );
  }
  if (res.rolls.some((d) => !Number.isInteger(d) || d < 1 || d > 6)) {
    problems.push('a roll is not a d6 value');
  }
  const logged: number[] = [];
  let listed = true;
  for (const e of res.events) {
    const d = diceOfEvent(res.ruleset.id, e);
    if (d === null) {
      listed = false;
      break;
    }
    logged.push(...d);
  }
  if (listed && JSON.stringify(logged) !== JSON.stringify(res.rolls)) {
    problems.push(
      `the dice in the log (${logged.length}) are not the ${res.rolls.length} dice rolled, in order`,
    );
  }
  if (
    scripted &&
    JSON.stringify(scripted.slice(usedBefore, usedBefore + res.rolls.length)) !==
      JSON.stringify(res.rolls)
  ) {
    problems.push('the rolls are not the scripted dice in order');
  }
  return problems;
}

/** What `f` found, or that it threw (with the top of the stack). */
function guarded<T extends { problems: string[] }>(f: () => T): T | { problems: string[] } {
  try {
    return f();
  } catch (e) {
    return { problems: [`threw ${thrown(e)}`] };
  }
}

/** Validates and resolves a spec twice; every problem found (crash, non-determinism, ...). */
function battleProblems(spec: BattleSpec): { problems: string[]; result?: BattleResult } {
  return guarded(() => battleProblemsOf(spec));
}

function battleProblemsOf(spec: BattleSpec): { problems: string[]; result?: BattleResult } {
  const before = shortJson(spec);
  const checked = validateBattle(spec);
  const problems = resultProblems(checked, 'validateBattle', spec);
  if (!checked.ok) return { problems };
  const first = resolveBattle(checked.value);
  problems.push(...resultProblems(first, 'resolveBattle', spec));
  if (shortJson(spec) !== before) problems.push('the spec was changed');
  if (!first.ok) {
    if (!/ran out|stopped after/.test(first.error)) problems.push(`resolve failed: ${first.error}`);
    return { problems };
  }
  const again = validateBattle(spec);
  const second = again.ok ? resolveBattle(again.value) : again;
  if (!second.ok || JSON.stringify(second.value) !== JSON.stringify(first.value)) {
    problems.push('resolving the same spec twice gave different results');
  }
  const scripted = checked.value.dice.kind === 'scripted' ? checked.value.dice.rolls : undefined;
  problems.push(...resultProblemsOf(first.value, 0, scripted));
  return { problems, result: first.value };
}

// ---------------------------------------------------------------------------------------------
// Saved battles.

/** A paused battle of each ruleset, as `praetor battle --rounds 1 --save` keeps it. */
const PAUSED: Record<RulesId, Record<string, unknown>> = {
  'cote-pbem': {
    attacker: 'Marcus: 2 CAT 2 CAV 3 INF; Titus: 4 INF',
    defender: 'Brutus: 1 CAT 3 CAV 3 INF',
    fort: 1,
    retreat: 'lost >= 5',
  },
  'cote-online': { attacker: 'Marcus: 1 CAV 3 INF 1 CAT', defender: 'Titus: 4 INF', fort: true },
  imperium: {
    attacker: 'Terran: 1 BB, 2 CA; 4 DD',
    defender: 'Imperial: 2 CA (damaged), 1 CR, 2 DD',
  },
  'legion-battles': {
    attacker: 'Septimius: veteran century, discipline 4, pila, pc Septimius fight 3/2',
    defender: 'levy: raw levy, discipline 2, 4:1; trained nobles, discipline 3',
  },
  'fortunes-of-war': {
    attacker:
      'Legio X: attack 6, defence 5, missile 2, health 20, morale 15, discipline 18; leader Thorvald: hero, leadership 2, melee 4, stealth 2',
    defender:
      'Gauls: attack 5, defence 4, health 18, morale 8, discipline 6; leader Vercix: ruler, melee 3, stealth 3; city Alesia: city, population 25000; treasury 800; empire population 100000',
  },
};

function paused(rules: RulesId, dice: { seed: string } | { dice: number[] }): BattleResult | null {
  const spec = specFromObject({ id: 'p', rules, ...PAUSED[rules], ...dice, rounds: 1 });
  const battle = validateBattle(spec);
  if (!battle.ok) throw new Error(battle.error);
  const result = resolveBattle(battle.value);
  if (!result.ok) throw new Error(result.error);
  return result.value.saved ? result.value : null;
}

const pausedCache = new Map<string, BattleResult | null>();

/** One of a dozen paused battles of each ruleset and kind of dice, made once: mutated copies. */
function cachedPaused(rules: RulesId, scripted: boolean, k: number): BattleResult | null {
  const key = `${rules}/${scripted}/${k}`;
  if (!pausedCache.has(key)) {
    const dice = scripted ? { dice: diceList(rngOf(key), 2000) } : { seed: `q${k}` };
    pausedCache.set(key, paused(rules, dice));
  }
  return pausedCache.get(key)!;
}

const WEIRD_JSON: unknown[] = [
  null,
  -1,
  0,
  1,
  -0.5,
  1e308,
  -1e308,
  2 ** 53 + 2,
  1e6,
  1e9,
  'NaN',
  'Infinity',
  '1',
  '',
  true,
  [],
  {},
  [[[[[[]]]]]],
  { a: { b: { c: {} } } },
  'x'.repeat(5000),
  ['a', 1, null],
];

type Path = (string | number)[];

function pathsOf(v: unknown, path: Path = [], out: Path[] = []): Path[] {
  if (path.length > 0) out.push(path);
  if (typeof v === 'object' && v !== null) {
    for (const [k, x] of Object.entries(v))
      pathsOf(x, [...path, Array.isArray(v) ? Number(k) : k], out);
  }
  return out;
}

/** One random edit of a saved battle: a field deleted, replaced, nudged, or nested. */
function mutate(r: Rng, saved: Record<string, unknown>): string {
  const paths = pathsOf(saved);
  // Aim at the state and dice more often: they hold the counts and indices play relies on.
  const focus = paths.filter((p) => p[0] === 'state' || p[0] === 'dice');
  const path = chance(r, 0.7) && focus.length > 0 ? pick(r, focus) : pick(r, paths);
  let parent: Record<string | number, unknown> = saved;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  const key = path[path.length - 1];
  const old = parent[key];
  const op = int(r, 0, 5);
  if (op === 0) {
    if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1);
    else delete parent[key];
    return `delete ${path.join('.')}`;
  }
  if (op === 1 && typeof old === 'number') {
    const v = pick(r, [old + 1, old - 1, -old, old * 1000, old + 0.5, old + 7, 2 ** 31]);
    parent[key] = v;
    return `${path.join('.')} = ${v}`;
  }
  if (op === 2) {
    parent[key] = [old];
    return `${path.join('.')} = [old]`;
  }
  if (op === 3 && Array.isArray(old)) {
    const item: unknown = chance(r, 0.5) ? old[old.length - 1] : pick(r, WEIRD_JSON);
    old.push(item === undefined ? null : JSON.parse(JSON.stringify(item)));
    return `${path.join('.')} += one`;
  }
  // A copy: the shared value, edited by a later mutation, could come to hold itself.
  const v = structuredClone(pick(r, WEIRD_JSON));
  parent[key] = v;
  return `${path.join('.')} = ${shortJson(v).slice(0, 30)}`;
}

/** The most recently resumed saved battle's errors must name the field at fault. */
const SAVED_ERROR =
  /rounds is|not a saved Praetor battle|saved battle is damaged|saved with .* this Praetor has|ran out|takes only new orders|more dice can be added|stopped after/;

function resumeProblems(saved: SavedBattle, orders: RawOptions, more: number[]): string[] {
  return guarded(() => ({ problems: resumeProblemsOf(saved, orders, more) })).problems;
}

function resumeProblemsOf(saved: SavedBattle, orders: RawOptions, more: number[]): string[] {
  const before = JSON.stringify(saved);
  const first = resumeBattle(saved, orders, more);
  const problems = resultProblems(first, 'resumeBattle', [saved, orders]);
  if (JSON.stringify(saved) !== before)
    problems.push('resumeBattle changed the saved battle it was given');
  if (!first.ok) {
    if (!SAVED_ERROR.test(first.error)) problems.push(`unclear error: ${first.error}`);
    return problems;
  }
  const second = resumeBattle(saved, orders, more);
  if (!second.ok || JSON.stringify(second.value) !== JSON.stringify(first.value)) {
    problems.push('resuming the same saved battle twice gave different results');
  }
  const dice = saved.dice as { used: number; kind: string; rolls?: number[] };
  const scripted = dice.kind === 'scripted' ? [...(dice.rolls ?? []), ...more] : undefined;
  problems.push(...resultProblemsOf(first.value, dice.used, scripted));
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The CLI.

const ROOT = join(__dirname, '..');
const DIR = mkdtempSync(join(tmpdir(), 'praetor-fuzz-core-'));

function cliArgs(r: Rng, file: () => string): string[] {
  const command = pick(r, ['battle', 'battle', 'battle', 'odds', 'dice']);
  if (command === 'dice') {
    const pool = () =>
      Array.from(
        { length: int(r, 1, 3) },
        () =>
          `${number(r, 0, 4)} ${pick(r, ['mastery', 'ability', 'boon', 'bane', 'proficiency', 'x'])}`,
      ).join(', ');
    const args = ['dice', '--pool', pool()];
    if (chance(r, 0.3)) args.push('--against', pool());
    else if (chance(r, 0.3)) args.push('--extended', number(r, 0, 6));
    if (chance(r, 0.2)) args.push('--json');
    return args;
  }
  const safeSpec = () => randomSpec(r);
  const { spec, rules } = safeSpec();
  if (command === 'battle' && chance(r, 0.25)) {
    const items: unknown[] = [];
    for (let i = int(r, 1, 3); i > 0; i--) {
      const s = safeSpec().spec;
      items.push(
        chance(r, 0.9)
          ? {
              id: s.id,
              rules: s.rules,
              attacker: s.attacker,
              defender: s.defender,
              seed: s.seed,
              dice: s.dice,
              ...s.options,
            }
          : pick(r, [1, 'x', null, [], { attacker: [{ units: { INF: 1 } }] }]),
      );
    }
    const path = file();
    writeFileSync(path, chance(r, 0.05) ? '{"broken": ' : JSON.stringify(items));
    return ['battle', '--input', path, ...(chance(r, 0.5) ? ['--json'] : [])];
  }
  const args = [command, '--attacker', String(spec.attacker), '--defender', String(spec.defender)];
  if (rules !== 'cote-pbem' || chance(r, 0.3)) args.push('--rules', rules);
  const flag: Record<string, string> = {
    breachBy: 'breach-by',
    attackerOrders: 'attacker-orders',
    defenderOrders: 'defender-orders',
  };
  for (const [k, v] of Object.entries(spec.options ?? {})) {
    if (k === 'sea') {
      if (v === true) args.push('--sea');
    } else if (typeof v === 'string' || typeof v === 'number')
      args.push(`--${flag[k] ?? k}`, String(v));
  }
  if (command === 'battle') {
    if (spec.seed !== undefined) args.push('--seed', String(spec.seed));
    else args.push('--dice', Array.isArray(spec.dice) ? spec.dice.join(',') : String(spec.dice));
    if (chance(r, 0.3)) args.push('--json');
  } else if (rules !== 'cote-pbem' && rules !== 'cote-online') {
    // Exact legion-battles odds of 3 v 3 take minutes (docs: 2 v 2 about 7 s); Monte Carlo of
    // the others defaults to many runs. Few runs keep each case short.
    args.push('--method', 'montecarlo', '--runs', number(r, 1, 300), '--seed', 'm');
  } else if (chance(r, 0.5)) {
    args.push('--method', 'montecarlo', '--runs', number(r, 1, 300), '--seed', 'm');
  }
  if (chance(r, 0.05)) args.push(pick(r, ['--atacker', '--seed', '--json', '--rounds', 'extra']));
  return args;
}

function cliOutputProblems(code: number, err: string, out: string): string[] {
  const problems: string[] = [];
  if (![0, 1, 2].includes(code)) problems.push(`exit code ${code}`);
  if (/^\s+at /m.test(err) || /TypeError|RangeError|internal error/.test(err + out)) {
    problems.push(`stderr shows a crash: ${err.slice(0, 300)}`);
  }
  if (code === 2 && err.trim().split('\n').length !== 1) {
    problems.push(`usage error is not one line: ${JSON.stringify(err.slice(0, 300))}`);
  }
  if (code !== 0 && err.trim() === '' && !/Error:|"error"/.test(out)) {
    problems.push('failed without saying why');
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------

describe('fuzz: the battle core never crashes on text and JSON inputs', () => {
  it('reads any roster text of any ruleset to legions or a one-line error naming the token', () => {
    const failures = campaign('roster', 1000, (r) => {
      const rules = pick(r, RULES);
      const side = pick(r, ['attacker', 'defender'] as const);
      const good = roster(r, rules, side, {
        sea: chance(r, 0.3),
        combat: chance(r, 0.3) ? 'ground' : 'space',
      });
      const text = chance(r, 0.6) ? damage(r, good) : good;
      const ruleset = findRuleset(rules)!;
      const res = ruleset.parseRoster?.(text, side) ?? parseRosterText(text, side, ruleset.units);
      const problems = resultProblems(res, 'roster', text);
      if (!res.ok && !res.error.startsWith(side))
        problems.push(`error does not name the side: ${res.error}`);
      return { input: { rules, side, text }, problems };
    });
    expect(summary(failures)).toEqual([]);
  });

  it('names the unknown unit word of a generic roster', () => {
    const failures = campaign('unit-word', 300, (r) => {
      const word = pick(r, ['Hoplite', 'XYZ', 'toString', 'constructor', 'lancers', 'INFF']);
      const text = `${pick(r, LEADERS)}: ${int(r, 0, 5)} INF, ${int(r, 1, 5)} ${word}; ${int(r, 1, 3)} CAV`;
      const rules = pick(r, ['cote-pbem', 'cote-online'] as const);
      const res = parseRosterText(text, 'attacker', findRuleset(rules)!.units);
      const problems = resultProblems(res, 'roster');
      if (res.ok) problems.push(`read ${word} as a unit`);
      else if (!res.error.includes(`"${word}"`))
        problems.push(`error does not name "${word}": ${res.error}`);
      return { input: text, problems };
    });
    expect(summary(failures)).toEqual([]);
  });

  it('reads any dice list to d6 values or an error naming the first bad die', () => {
    const failures = campaign('dice', 1500, (r) => {
      const items: unknown[] = diceList(r, int(r, 0, 20));
      const bad = chance(r, 0.6) ? int(r, 0, items.length) : -1;
      if (bad >= 0)
        items.splice(
          bad,
          0,
          pick(r, [
            0,
            7,
            -1,
            2.5,
            'x',
            '',
            null,
            {},
            [],
            '1e0',
            '٣',
            Number.NaN,
            '0x1',
            ' ',
            '6.0',
          ]),
        );
      const asText = chance(r, 0.5);
      const input = asText ? items.map(String).join(pick(r, [',', ' ', ';', '\n', ', '])) : items;
      const res = parseDiceList(input as string | unknown[]);
      const problems = resultProblems(res, 'parseDiceList', input);
      if (res.ok && res.value.some((d) => !Number.isInteger(d) || d < 1 || d > 6)) {
        problems.push(`accepted ${shortJson(res.value)}`);
      }
      const gap = /^nothing between two separators (?:after die (\d+)|before the first die) /.exec(
        res.ok ? '' : res.error,
      );
      if (
        !res.ok &&
        gap === null &&
        !/^die \d+ is .*: each die|^the dice list is empty$/.test(res.error)
      ) {
        problems.push(`error does not name the die: ${res.error}`);
      }
      // A gap is an empty item between two commas or semicolons, after the dice before it.
      if (gap !== null) {
        const blank = (item: unknown) => String(item).trim() === ''; // '', ' ' or []
        const at = Number(gap[1] ?? 0);
        const joinedBy = typeof input === 'string' ? /[,;]/.test(input) : false;
        if (!joinedBy || !blank(items[at])) {
          problems.push(`a gap named where there is none: ${res.ok ? '' : res.error}`);
        }
      }
      return { input, problems };
    });
    expect(summary(failures)).toEqual([]);
  });

  it('reads option values (shared readers and every ruleset) to a value or an error naming the option', () => {
    const failures = campaign('options', 1500, (r) => {
      const rules = pick(r, RULES);
      const raw = options(r, rules);
      // One option made odd at random, so that each reader meets every kind of value.
      const keys = Object.keys(raw);
      if (keys.length > 0 && chance(r, 0.5)) raw[pick(r, keys)] = pick(r, ODD_VALUES);
      const res = findRuleset(rules)!.parseOptions(raw);
      const problems = resultProblems(res, `${rules} options`, raw);
      const named = [
        ...Object.keys(raw),
        ...String(raw.readings ?? '').split(/[=,;\s]+/),
        'breach by',
      ];
      if (
        !res.ok &&
        !named.some((k) => k !== '' && res.error.includes(k)) &&
        !/ground combat|sea battle/.test(res.error)
      ) {
        problems.push(`error names no option: ${res.error}`);
      }
      const v = pick(r, ODD_VALUES);
      problems.push(
        ...resultProblems(yesNo(v, 'sea'), 'yesNo', v),
        ...resultProblems(wholeOption(v, 'clashes', 1, 9, 3), 'wholeOption', v),
        ...resultProblems(pauseRounds(v), 'pauseRounds', v),
      );
      return { input: { rules, raw, v }, problems };
    });
    expect(summary(failures)).toEqual([]);
  });

  it('validates and resolves random battle specs: counts never negative, every die logged, the same twice', () => {
    const failures = campaign('battle', 200, (r) => {
      const { spec } = randomSpec(r);
      return { input: spec, problems: battleProblems(spec).problems };
    });
    expect(summary(failures)).toEqual([]);
  });

  it('replays a seeded battle from its rolls, and says so when the scripted dice run short', () => {
    const failures = campaign('replay', 150, (r) => {
      const { spec } = randomSpec(r);
      spec.dice = undefined;
      spec.seed = `r${int(r, 0, 1e6)}`;
      const checked = guarded(() => ({ problems: [], v: validateBattle(spec) }));
      if (!('v' in checked)) return { input: spec, problems: checked.problems };
      if (!checked.v.ok) return { input: spec, problems: [] };
      const seeded = resolveBattle(checked.v.value);
      if (!seeded.ok || seeded.value.rolls.length === 0) return { input: spec, problems: [] };
      const rolls = seeded.value.rolls;
      const problems: string[] = [];
      const replay = battleProblems({ ...spec, seed: undefined, dice: rolls });
      problems.push(...replay.problems);
      if (
        replay.result &&
        JSON.stringify(replay.result.events) !== JSON.stringify(seeded.value.events)
      ) {
        problems.push('the rolls as scripted dice do not replay the seeded battle');
      }
      const short = rolls.slice(0, int(r, 0, rolls.length - 1));
      const cut = validateBattle({ ...spec, seed: undefined, dice: short });
      if (short.length === 0) {
        if (cut.ok) problems.push('no dice accepted');
      } else if (!cut.ok) {
        problems.push(`too few dice refused before the battle: ${cut.error}`);
      } else {
        const res = resolveBattle(cut.value);
        problems.push(...resultProblems(res, 'resolveBattle', spec));
        if (res.ok) problems.push(`${short.length} of ${rolls.length} dice were enough`);
        else if (!res.error.includes(`ran out after ${short.length} dice`)) {
          problems.push(`unclear error for too few dice: ${res.error}`);
        }
      }
      return { input: { spec, rolls: rolls.length, short: short.length }, problems };
    });
    expect(summary(failures)).toEqual([]);
  });

  it('resumes a paused battle to the log of the unpaused one', () => {
    const failures = campaign('resume', 100, (r) => {
      const rules = pick(r, RULES);
      const seed = `z${int(r, 0, 1e6)}`;
      const pause = paused(rules, { seed });
      if (!pause) return { input: { rules, seed }, problems: [] };
      const orders = Object.fromEntries(
        findRuleset(rules)!
          .orderKeys.filter((k) => k !== 'rounds')
          .map((k) => [k, PAUSED[rules][k]]),
      );
      const rest = resumeBattle(JSON.parse(JSON.stringify(pause.saved)), orders);
      const whole = validateBattle(specFromObject({ id: 'p', rules, ...PAUSED[rules], seed }));
      const full = whole.ok ? resolveBattle(whole.value) : whole;
      const problems = [...resultProblems(rest, 'resumeBattle')];
      if (rest.ok && full.ok) {
        const joined = [...pause.events, ...rest.value.events];
        if (JSON.stringify(joined) !== JSON.stringify(full.value.events)) {
          problems.push('paused and resumed, the log differs from the unpaused one');
        }
        problems.push(...resultProblemsOf(rest.value, pause.diceUsed));
      }
      return { input: { rules, seed }, problems };
    });
    expect(summary(failures)).toEqual([]);
  });

  it('resumes a damaged saved battle to a result or a one-line error naming the field, never changing it', () => {
    const failures = campaign('saved', 300, (r) => {
      const rules = pick(r, RULES);
      const scripted = chance(r, 0.3);
      const pause = cachedPaused(rules, scripted, int(r, 0, 11));
      if (!pause) return { input: rules, problems: [] };
      const saved = JSON.parse(JSON.stringify(pause.saved)) as Record<string, unknown>;
      const edits = Array.from({ length: int(r, 1, 3) }, () => mutate(r, saved));
      const copy = chance(r, 0.8) ? JSON.parse(JSON.stringify(saved)) : saved;
      const orders: RawOptions = chance(r, 0.2) ? { rounds: pick(r, [1, 2, 'x', null]) } : {};
      const more = scripted && chance(r, 0.2) ? diceList(r, 5) : [];
      return {
        input: { rules, edits },
        problems: resumeProblems(copy as SavedBattle, orders, more),
      };
    });
    expect(summary(failures)).toEqual([]);
  });

  it('runs the CLI on random arguments and --input files: exit 0, 1 or 2, one-line errors, no stack', async () => {
    const failures: Failure[] = [];
    const n = Math.max(1, Math.round(80 * SCALE));
    for (let i = 0; i < n; i++) {
      const seed = `${SEED}/cli/${i}`;
      const r = rngOf(seed);
      const args = cliArgs(r, () => join(DIR, `in-${i}.json`));
      const started = cpuMs();
      let problems: string[];
      try {
        const res = await praetor(...args);
        problems = cliOutputProblems(res.code, res.err, res.out);
      } catch (e) {
        problems = [`main threw ${thrown(e)}`];
      }
      const ms = cpuMs() - started;
      if (ms > CASE_LIMIT_MS) problems.push(`took ${Math.round(ms)} ms of CPU`);
      for (const problem of problems) failures.push({ seed, problem, input: shortJson(args) });
    }
    expect(summary(failures)).toEqual([]);
  });

  const built = existsSync(join(ROOT, 'dist', 'headless', 'cli.js'));
  (built ? it : it.skip)('runs the built bin/praetor.js the same way (a few cases)', () => {
    const failures: Failure[] = [];
    const n = Math.max(1, Math.round(4 * SCALE));
    for (let i = 0; i < n; i++) {
      const seed = `${SEED}/bin/${i}`;
      const args = cliArgs(rngOf(seed), () => join(DIR, `bin-${i}.json`));
      const res = spawnSync(process.execPath, [join(ROOT, 'bin', 'praetor.js'), ...args], {
        encoding: 'utf8',
        timeout: 10_000,
      });
      const problems =
        res.status === null
          ? [`killed (${res.signal}): a hang?`]
          : cliOutputProblems(res.status, res.stderr, res.stdout);
      for (const problem of problems) failures.push({ seed, problem, input: shortJson(args) });
    }
    expect(summary(failures)).toEqual([]);
  });
});

it('covers every ruleset', () => {
  expect(RULESETS.map((r) => r.id).sort()).toEqual([...RULES].sort());
});

/**
 * Bugs the campaigns found, each in its smallest form: pinned as `it.failing` while open (with
 * the bug's line in KNOWN above, so that the campaigns count it apart), as `it` once fixed.
 */
describe('fuzz regressions (bugs found and fixed)', () => {
  const spec = (o: Record<string, unknown>) => specFromObject({ id: 'b', seed: 's', ...o });

  it('refuses a negative count in a side given as legions already read (--input)', () => {
    // Today the battle resolves, and the attacker ends with -1 GAL.
    const r = validateBattle(
      spec({ attacker: [{ units: { CAV: 3, GAL: -1 } }], defender: '1 INF' }),
    );
    expect(r).toEqual({ ok: false, error: expect.stringMatching(/GAL.*-1|-1.*GAL/) });
  });

  it('a side given as legions with no unit counts fails its battle only, without a crash', async () => {
    // Today `praetor battle --input` stops with "internal error: Cannot convert undefined or
    // null to object" (sideSizeError): no battle of the file is printed.
    const path = join(DIR, 'legion-objects.json');
    writeFileSync(
      path,
      JSON.stringify([
        { id: 'bad', attacker: [{ units: null }], defender: '1 INF', seed: 's' },
        { id: 'good', attacker: '2 INF', defender: '1 INF', seed: 's' },
      ]),
    );
    const res = await praetor('battle', '--input', path, '--json');
    expect(res.code).toBe(1);
    const out = JSON.parse(res.out) as { id: string; error?: string }[];
    expect(out[0]).toEqual({ id: 'bad', error: expect.stringMatching(/units/) });
    expect(out[1].error).toBeUndefined();
  });

  it('an imperium side given as legions with an unknown unit code is an error, not a crash', () => {
    // Today: TypeError: Cannot read properties of undefined (reading 'terran') in unitStats.
    const run = () =>
      validateBattle(
        spec({
          rules: 'imperium',
          attacker: [{ leader: 'Terran', units: { XYZ: 1 }, where: 'attacker fleet 1' }],
          defender: 'Imperial: 1 CR',
        }),
      );
    expect(run).not.toThrow();
    expect(run()).toEqual({ ok: false, error: expect.stringMatching(/XYZ/) });
  });

  it('refuses a legion-battles leader rating that would roll a hundred million dice', () => {
    // Today it is accepted; `praetor battle --rules legion-battles --attacker "trained levy"
    // --defender "trained cohort, leader 3/100000000" --seed s425040` then runs for two minutes
    // and dies with "Fatal JavaScript invalid size error" (exit 133, a native stack on stderr).
    const r = validateBattle(
      spec({
        rules: 'legion-battles',
        attacker: 'trained levy',
        defender: 'trained cohort, leader 3/100000000',
        seed: 's425040',
      }),
    );
    expect(r).toEqual({ ok: false, error: expect.stringMatching(/leader/) });
  });

  it('refuses an imperium unit override that makes a ship roll a billion dice', () => {
    // Today accepted: `praetor battle --rules imperium --attacker "Terran: 1 DD" --defender
    // "Imperial: 1 CR" --units "Terran DD B1000000000" --range short --seed a` does not end
    // (more than 30 s), nor does "* CR D99999 CM99999" against 2 CV (binomial() is quadratic).
    const r = findRuleset('imperium')!.parseOptions({ units: 'Terran DD B1000000000' });
    expect(r).toEqual({ ok: false, error: expect.stringMatching(/units/) });
  });

  it('shows an option value that is not text as JSON, not [object Object]', () => {
    // `--input` item {"fort": {}}: today "fort is "[object Object]": expected 0, 1 or 2 ...".
    const r = validateBattle(spec({ attacker: '2 INF', defender: '2 INF', fort: {} }));
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.error).not.toContain('[object Object]');
  });

  it('writes an error about a multi-line retreat condition on one line', () => {
    // A retreat condition from a cell with a line break: today the error holds the line break.
    const r = validateBattle(
      spec({ attacker: '2 INF', defender: '2 INF', retreat: 'lost >=\nthree' }),
    );
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.error).not.toMatch(/[\r\n]/);
  });

  it('names ruleset.version when a saved battle has none', () => {
    // Today: "battle p: saved with cote-pbem undefined; this Praetor has 1.0.0".
    const pause = [0, 1, 2, 3, 4, 5]
      .map((i) => paused('cote-pbem', { seed: `v${i}` }))
      .find((p) => p);
    const saved = JSON.parse(JSON.stringify(pause!.saved));
    delete saved.ruleset.version;
    const r = resumeBattle(saved);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.error).not.toContain('undefined');
  });

  it('refuses readings named like Object.prototype members (constructor, toString)', () => {
    // Today `--readings "constructor=5"` is silently ignored, where "bogus=5" is refused.
    for (const rules of ['legion-battles', 'fortunes-of-war']) {
      const r = findRuleset(rules)!.parseOptions({ readings: 'constructor=5' });
      expect(r).toEqual({ ok: false, error: expect.stringMatching(/constructor/) });
    }
  });

  it('refuses a "__proto__" field of a --input battle instead of taking options from it', () => {
    // Today specFromObject assigns it to the options object's prototype: fort 2 is used silently.
    const item = JSON.parse(
      '{"attacker": "3 INF", "defender": "3 INF", "seed": "x", "__proto__": {"fort": 2}}',
    ) as Record<string, unknown>;
    const r = validateBattle(specFromObject(item));
    expect(r).toEqual({ ok: false, error: expect.stringMatching(/__proto__/) });
  });
});

if (process.env.FUZZ_CORE_DUMP) {
  it('dumps the spec of one seed', () => {
    console.log(JSON.stringify(randomSpec(rngOf(process.env.FUZZ_CORE_DUMP!)).spec));
  });
}
