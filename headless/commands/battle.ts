import { existsSync } from 'node:fs';
import { BattleResult, resolveBattle, resumeBattle } from '../../src/battle';
import { BattleSpec, specFromObject, validateBattle } from '../../src/battle-spec';
import { SavedBattle } from '../../src/saved-battle';
import { parseDiceList } from '../../src/dice';
import { logTable, renderTextTable, summaryLines } from '../../src/log';
import { Result } from '../../src/result';
import { findRuleset } from '../../src/rulesets';
import {
  FOW_FLAGS,
  fowOptions,
  IMPERIUM_FLAGS,
  imperiumOptions,
  LEGION_FLAGS,
  legionOptions,
  parseOptionsOnce,
  withFortValue,
} from '../flags';
import { OutputExistsError, writeFileAtomic } from '../atomic-write';
import {
  optionFlagConfig,
  optionFlagHelp,
  optionFlags,
  optionFlagValues,
  withBareFlagsTrue,
} from '../option-flags';
import { helpLines, rulesetChoices } from '../ruleset-help';
import { EXIT, Io, readTextFile, UsageError } from '../io';
import { fsErrorReason } from '../fs-errors';

const OWN_OPTIONS = {
  attacker: { type: 'string' },
  defender: { type: 'string' },
  rules: { type: 'string' },
  seed: { type: 'string' },
  dice: { type: 'string' },
  fort: { type: 'string' },
  'breach-by': { type: 'string' },
  sea: { type: 'boolean' },
  retreat: { type: 'string' },
  rounds: { type: 'string' },
  mode: { type: 'string' },
  ...IMPERIUM_FLAGS,
  ...LEGION_FLAGS,
  ...FOW_FLAGS,
  input: { type: 'string' },
  resume: { type: 'string' },
  save: { type: 'string' },
  force: { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

/** The rulesets' options that no flag above gives, each a flag named after it. */
const OPTION_FLAGS = optionFlags(Object.keys(OWN_OPTIONS));

const OPTIONS = { ...OWN_OPTIONS, ...optionFlagConfig(OPTION_FLAGS) };

export const BATTLE_HELP = `Usage: praetor battle --attacker ROSTER --defender ROSTER (--seed TEXT | --dice LIST) [options]
       praetor battle --input FILE.json [--save FILE [--force]] [--json]
       praetor battle --resume SAVED.json [--retreat COND] [--rounds N] [--dice MORE]
                      [--save FILE [--force]] [--json]

Resolves battles shot by shot and prints the log: a table, or JSON with --json.

Rosters: legions separated by ";", each "[Leader:] count unit, ...", e.g.
  "Marcus: 1 CAT 2 INF; Titus: 3 INF". Units by code or name, any case, singular or
  plural: INF Infantry, CAV Cavalry, CAT Catapult/Artillery, GAL Galley.

Options:
  --attacker ROSTER     the attacking side
  --defender ROSTER     the defending side
${helpLines('  --rules ID            ruleset: ', rulesetChoices())}
  --seed TEXT           roll with a seeded generator; any text is a seed
  --dice LIST           scripted d6 values, e.g. "3,4,4,2,3" (as posted by a dice server);
                        a new battle takes exactly one of --seed and --dice
  --fort [1|2]          the defender is in a fortified city with 1 (default) or 2 wall hit points
  --breach-by WHO       "any" hit breaches the walls (default) or only a "catapult" hit
  --sea                 a sea battle: every legion is carried by galleys (GAL)
  --retreat COND        the attacker's retreat condition, e.g. "lost.CAT >= 1 and units <= 3";
                        orders given after a pause from the round they start:
                        "lost >= 3; units <= 4 from round 2"
  --rounds N            pause after N rounds, 1 to 10,000 ("fight N rounds and await
                        instructions"); with --resume, N more rounds from where it paused
                        (a workbook's Rounds counts from round 1); default: fight to the end
  --mode MODE           cote-online: fight-to-the-death (default) or hit-and-run;
                        there --fort means yes (the defender's extra Artillery)
  imperium (docs/rules-imperium.md): rosters "Terran: 2 DD, 1 CA (damaged); 3 DD"
  --combat WHAT         space (default) or ground
  --range R             the first round's range: long (default) or short
  --planet SIDE         the side(s) with a friendly planet in the system: none (default),
                        attacker, defender, both (fighters land there on disengaging)
  --units TEXT|FILE     unit table overrides, e.g. "Terran DD B3 T1 D1 CM2 / B2"
  --attacker-orders O   standing orders, e.g. "range=close, split=auto, disengage=never"
  --defender-orders O   (keys range, disengage, allocation, target, split, reserves)
  legion-battles (docs/rules-legion-battles.md): rosters "Septimius: veteran century, pila"
  --readings TEXT       its readings, e.g. "shakenAt=1, outOfArrows=withdraw"
  --clashes N           Clashes before the battle stops undecided (default 12)
  fortunes-of-war (docs/rules-fortunes-of-war.md): rosters, text or JSON,
                        "Legio X: attack 6, defence 5, health 20, morale 15, discipline 18;
                        leader Thorvald: hero, leadership 2, melee 4, stealth 2"
  --readings TEXT       its numbers, e.g. "meleeRounds=10, cityDefence=2, transferDivisor=2"
  --terrain T           clear, forest, mountain, sea, town, city or capital (default: the
                        rosters', else clear)
  --castes TEXT         player elimination's castes (default "capital 25/50, city 20/60")
${optionFlagHelp(OPTION_FLAGS)}  --input FILE          a JSON array of battles: {id, rules, attacker, defender, sea, fort,
                        breachBy, retreat, mode, rounds, seed | dice}, and the other
                        rulesets' options named as their flags, in camelCase (combat,
                        attackerOrders, readings, clashes, terrain, ...); prints results in
                        the same order (with --input, only --save, --force and --json apply);
                        a misspelled field is named with the one it likely meant
  --resume FILE         resume a paused battle (a file written by --save, or its --json result)
                        with new orders; --dice appends more scripted dice
  --save FILE           when the battle pauses, write its state to FILE for --resume (one
                        battle: with --input, an error when more than one pauses)
  --force               let --save overwrite an existing file
  --json                print JSON instead of tables
  -h, --help            show this help

Examples:
  praetor battle --attacker "Marcus: 2 CAT, 5 INF" --defender "Titus: 4 INF, 2 CAV" --fort --seed "Gallia, turn 3"
  praetor battle --attacker "2 INF, 1 CAT" --defender "4 INF" --dice 3,4,4,2,3,4,1,2,5,1
  praetor battle --attacker "3 CAT 4 INF" --defender "2 CAV 5 INF" --seed "B1" --rounds 1 --save b1.json
  praetor battle --resume b1.json --retreat "lost >= 3" --json
  praetor battle --input examples/battles.json --json

Exit status: 0 every battle resolved, 1 some battle had an error, 2 bad usage (a --save file
that exists, without --force, or cannot be written included).`;

type Outcome = Result<BattleResult> & { id: string };

/** What `--resume` takes besides the file: new orders, more dice, and how to print or save. */
const RESUME_FLAGS = ['resume', 'retreat', 'rounds', 'dice', 'save', 'force', 'json'];

/** What `--input` takes besides the file: each battle gives the rest itself. */
const INPUT_FLAGS = ['input', 'save', 'force', 'json'];

/** The flags given that are not among `allowed`, in the order given. */
const flagsBeyond = (given: Record<string, unknown>, allowed: readonly string[]): string[] =>
  Object.keys(given).filter((k) => !allowed.includes(k) && given[k] !== undefined);

export function battleCommand(argv: string[], io: Io): number {
  const { values: v, positionals } = parseOptionsOnce(
    withBareFlagsTrue(withFortValue(argv), OPTION_FLAGS),
    OPTIONS,
  );
  if (positionals.length > 0) throw new UsageError(`unexpected ${positionals.join(' ')}`);
  const orders = { retreat: v.retreat, rounds: v.rounds };
  let outcomes: Outcome[];
  if (v.resume !== undefined) {
    const ignored = flagsBeyond(v, RESUME_FLAGS);
    if (ignored.length > 0) {
      throw new UsageError(
        `--resume continues the saved battle as it was: ${ignored.map((k) => `--${k}`).join(', ')} cannot apply (it takes only --retreat, --rounds, --dice, --save, --force, --json)`,
      );
    }
    const saved = readSaved(v.resume);
    const more = v.dice === undefined ? [] : parseDiceList(v.dice);
    if (!Array.isArray(more) && !more.ok) throw new UsageError(`--dice: ${more.error}`);
    outcomes = [
      { ...resumeBattle(saved, orders, Array.isArray(more) ? more : more.value), id: saved.id },
    ];
  } else if (v.input !== undefined) {
    if (v.attacker !== undefined || v.defender !== undefined) {
      throw new UsageError('give either --input or --attacker/--defender, not both');
    }
    const ignored = flagsBeyond(v, INPUT_FLAGS);
    if (ignored.length > 0) {
      throw new UsageError(
        `--input gives each battle its rules, dice and options in the file: ${ignored.map((k) => `--${k}`).join(', ')} cannot apply (it takes only --save, --force, --json)`,
      );
    }
    outcomes = readInput(v.input).map((spec, i) =>
      'ok' in spec ? spec : run(spec, String(i + 1)),
    );
  } else {
    if (v.attacker === undefined || v.defender === undefined) {
      throw new UsageError('give --attacker and --defender (or --input FILE, or --resume FILE)');
    }
    if ((v.seed === undefined) === (v.dice === undefined)) {
      throw new UsageError(
        v.seed === undefined
          ? 'no dice: give --seed TEXT (any text) or --dice LIST'
          : 'give either --seed or --dice, not both',
      );
    }
    if (v.seed !== undefined && v.seed.trim() === '') {
      throw new UsageError('--seed is blank: give any text that is not blank, or --dice LIST');
    }
    const spec: BattleSpec = {
      id: '1',
      rules: v.rules,
      attacker: v.attacker,
      defender: v.defender,
      seed: v.seed,
      dice: v.dice,
      options: {
        sea: v.sea,
        fort: v.fort,
        breachBy: v['breach-by'],
        mode: v.mode,
        ...imperiumOptions(v),
        ...legionOptions(v),
        ...fowOptions(v),
        ...optionFlagValues(OPTION_FLAGS, v),
        ...orders,
      },
    };
    outcomes = [run(spec, '1')];
  }

  if (v.save !== undefined) saveIfPaused(outcomes, v.save, v.force === true, io);
  if (v.json) {
    const json = outcomes.map((o) => (o.ok ? o.value : { id: o.id, error: o.error }));
    if (v.input !== undefined) printJsonList(io, json);
    else io.out(JSON.stringify(json[0], null, 2));
  } else {
    // With --save, the paused battle is saved already (and stderr says how to go on).
    io.out(outcomes.map((o) => renderOutcome(o, v.save === undefined)).join('\n\n'));
  }
  return outcomes.every((o) => o.ok) ? EXIT.ok : EXIT.someFailed;
}

function run(spec: BattleSpec, fallbackId: string): Outcome {
  const id =
    typeof spec.id === 'string' || typeof spec.id === 'number' ? String(spec.id) : fallbackId;
  const battle = validateBattle(spec, fallbackId);
  return { ...(battle.ok ? resolveBattle(battle.value) : battle), id };
}

function renderOutcome(o: Outcome, hintSave: boolean): string {
  if (!o.ok) return `Error: ${o.error}`;
  const ruleset = findRuleset(o.value.ruleset.id)!;
  const lines = [
    ...summaryLines(o.value, ruleset),
    '',
    renderTextTable(logTable(ruleset, o.value.events)),
  ];
  if (o.value.outcome === 'paused' && hintSave) {
    lines.push(
      '',
      'To go on later: run again with --save FILE, then praetor battle --resume FILE.',
    );
  }
  return lines.join('\n');
}

function readJsonFile(path: string, what: string): unknown {
  if (!existsSync(path)) throw new UsageError(`${what} ${path}: no such file`);
  let text: string;
  try {
    text = readTextFile(path);
  } catch (e) {
    throw new UsageError(`${what} ${path}: cannot read it: ${fsErrorReason(e, path)}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${what} ${path}: not valid JSON (${(e as Error).message})`);
  }
}

/** Each item of `--input`: a battle to run, or the error of an item that is not one. */
function readInput(path: string): (BattleSpec | Outcome)[] {
  const data = readJsonFile(path, '--input');
  if (!Array.isArray(data))
    throw new UsageError(`--input ${path}: expected a JSON array of battles`);
  if (data.length === 0) throw new UsageError(`--input ${path}: the array holds no battles`);
  return data.map((item, i) =>
    typeof item === 'object' && item !== null && !Array.isArray(item)
      ? specFromObject(withRosterObjects(item as Record<string, unknown>))
      : {
          ok: false as const,
          id: String(i + 1),
          error: `item ${i + 1} is not a battle object (it is ${JSON.stringify(item)})`,
        },
  );
}

/** A side given as a JSON object (a fortunes-of-war roster) is read as its JSON text. */
export function withRosterObjects(item: Record<string, unknown>): Record<string, unknown> {
  const out = { ...item };
  for (const side of ['attacker', 'defender']) {
    const v = out[side];
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) out[side] = JSON.stringify(v);
  }
  return out;
}

function readSaved(path: string): SavedBattle {
  const data = readJsonFile(path, '--resume') as Record<string, unknown>;
  const saved = (data?.format === 'praetor-saved-battle' ? data : data?.saved) as
    SavedBattle | undefined;
  if (!saved || saved.format !== 'praetor-saved-battle') {
    throw new UsageError(
      `--resume ${path}: not a paused battle (write one with --save, or use a --json result that has "saved")`,
    );
  }
  return saved;
}

function saveIfPaused(outcomes: Outcome[], path: string, force: boolean, io: Io): void {
  const paused = outcomes.flatMap((o) => (o.ok && o.value.saved ? [o.value.saved] : []));
  if (paused.length === 0) {
    io.err(`--save ${path}: no battle paused, nothing saved`);
    return;
  }
  if (paused.length > 1) {
    const ids = outcomes.flatMap((o) => (o.ok && o.value.saved ? [o.value.id] : []));
    throw new UsageError(
      `--save takes one battle, and ${ids.length} paused (${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', ...' : ''}): ` +
        'nothing saved or printed; run them one at a time to save each, or without --save to see them',
    );
  }
  try {
    writeFileAtomic(path, Buffer.from(JSON.stringify(paused[0], null, 2)), force);
  } catch (e) {
    if (e instanceof OutputExistsError) {
      throw new UsageError(`--save ${path}: the file exists; add --force to overwrite it`);
    }
    throw e;
  }
  io.err(`saved the paused battle to ${path}; resume it with: praetor battle --resume ${path}`);
}

/**
 * A list printed as `JSON.stringify(items, null, 2)` prints it, an item at a time: the log of
 * thousands of long battles is more text than one string can hold.
 */
function printJsonList(io: Io, items: readonly unknown[]): void {
  io.out('[');
  items.forEach((item, i) => {
    const text = JSON.stringify(item, null, 2).replace(/^/gm, '  ');
    io.out(i < items.length - 1 ? `${text},` : text);
  });
  io.out(']');
}
