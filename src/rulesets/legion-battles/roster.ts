import { givenTwice } from '../../ratings-given-twice';
import { Side } from '../../forces';
import { err, ok, Result } from '../../result';
import { oneLine, oneLineError } from '../../shown-text';
import {
  defaultUnit,
  PcAction,
  QUALITIES,
  Quality,
  QUALITY_CODE,
  RATING_RANGES,
  ratingRangeError,
  RatedLegion,
  STEPS,
  UnitSpec,
} from './units';

/** The last Clash a player character's order may name. */
export const MAX_PC_ORDER_CLASH = RATING_RANGES.clash[1];

/**
 * Roster text for legion-battles: units separated by `;` or new lines, each `[Name:] quality
 * [noun], rating, ...`, e.g. `Septimius: veteran century, discipline 4, pila, finished works;
 * levy: raw levy, discipline 2, 4:1`. See docs/rules-legion-battles.md for every rating.
 */
export function parseLegionRoster(text: string, side: Side): Result<RatedLegion[]> {
  return oneLineError(readLegionRoster(text, side));
}

function readLegionRoster(text: string, side: Side): Result<RatedLegion[]> {
  const items = text
    .split(/[;\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (items.length === 0) return err(`${side}: no units given`);
  const legions: RatedLegion[] = [];
  for (let i = 0; i < items.length; i++) {
    const where = `${side} unit ${i + 1}`;
    const unit = parseUnit(items[i], `${side} ${i + 1}`);
    if (!unit.ok) return err(`${where}: ${unit.error}`);
    const u = unit.value;
    legions.push({
      leader: u.name,
      units: { [QUALITY_CODE[u.quality]]: 1 },
      where: `${where} (${u.name})`,
      unit: u,
    });
  }
  return ok(legions);
}

const NUM = '(\\d+)';
const CK = '(\\d+)\\s*/\\s*(\\d+)(?:\\s*\\+\\s*(\\d+))?';

/** A rule's match (in lower case) and the rating's words as written (a name keeps its case). */
type Rule = [RegExp, (u: UnitSpec, m: RegExpExecArray, words: string[]) => string | null];

const samePc = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A check's `C/K[+B]` from a match's groups at `at`: its numbers, or what is out of range. */
function checkRatings(
  m: RegExpExecArray,
  at: number,
  what: string,
): { characteristic: number; skill: number; boons: number } | string {
  const [characteristic, skill, boons] = [+m[at], +m[at + 1], m[at + 2] ? +m[at + 2] : 0];
  return (
    ratingRangeError(`${what} characteristic`, characteristic, 'characteristic') ??
    ratingRangeError(`${what} skill`, skill, 'skill') ??
    ratingRangeError(`${what} Boon dice`, boons, 'checkBoons') ?? { characteristic, skill, boons }
  );
}

const setNoun = (u: UnitSpec, noun: string) => {
  if (/century|cohort|legion|legionaries/.test(noun)) u.cohorts = true;
  if (/screen|archer/.test(noun)) {
    u.screen = true;
    u.horse = true;
  }
  if (/horse|cavalry|rider/.test(noun)) u.horse = true;
  return null;
};

const RULES: Rule[] = [
  [/^(veteran|trained|raw)\b\s*(.*)$/, (u, m) => ((u.quality = m[1] as Quality), setNoun(u, m[2]))],
  [new RegExp(`^(?:discipline|d)\\s*${NUM}$`), (u, m) => set(u, 'discipline', Number(m[1]))],
  [
    /^(?:strength\s+)?(full|worn|half)$/,
    (u, m) => ((u.strength = STEPS.findIndex((s) => s.toLowerCase() === m[1])), null),
  ],
  [/^pila$/, (u) => ((u.pila = true), null)],
  [/^no pila$/, (u) => ((u.pila = false), null)],
  [/^(?:line of )?cohorts$/, (u) => ((u.cohorts = true), null)],
  [/^(?:no relief|no cohorts)$/, (u) => ((u.cohorts = false), null)],
  [
    new RegExp(`^leader\\s+${CK}$`),
    (u, m) => {
      const leader = checkRatings(m, 1, 'leader');
      if (typeof leader === 'string') return leader;
      u.leader = leader;
      return null;
    },
  ],
  [
    /^(?:supply\s+)?(supplied|short|starving)(?:\s+supply)?$/,
    (u, m) => ((u.supply = m[1] as UnitSpec['supply']), null),
  ],
  [
    /^(?:works\s+)?(finished|camp|low|unfinished)(?:\s+works)?$/,
    (u, m) => ((u.works = m[1] as UnitSpec['works']), null),
  ],
  [
    new RegExp(`^(?:numbers\\s+)?${NUM}\\s*(?::\\s*1|to one)?$`),
    (u, m) => set(u, 'numbers', +m[1]),
  ],
  [new RegExp(`^${NUM}\\s+boons?(?: dice)?$`), (u, m) => set(u, 'boons', +m[1])],
  [new RegExp(`^${NUM}\\s+banes?(?: dice)?$`), (u, m) => set(u, 'banes', +m[1])],
  [/^screen$/, (u) => ((u.screen = true), (u.horse = true), null)],
  [/^horse$/, (u) => ((u.horse = true), null)],
  [/^no horse$/, (u) => ((u.horse = false), null)],
  [
    new RegExp(`^arrows\\s+${NUM}$`),
    (u, m) => ratingRangeError('arrows', +m[1], 'arrows') ?? ((u.arrows = +m[1]), null),
  ],
  [/^(?:camels|camel train)$/, (u) => ((u.arrows = null), null)],
  [
    new RegExp(`^lock(?:ed)? shields(?:\\s+(?:at|from)\\s+(?:clash\\s+)?${NUM})?$`),
    (u, m) =>
      ratingRangeError('locked shields from Clash', m[1] ? +m[1] : 1, 'clash') ??
      ((u.lockShields = m[1] ? +m[1] : 1), null),
  ],
  [/^flank$/, (u) => ((u.flank = true), null)],
  [
    new RegExp(`^(?:vs|target)\\s+${NUM}$`),
    (u, m) => ratingRangeError('vs', +m[1], 'vs') ?? ((u.target = +m[1] - 1), null),
  ],
  [
    new RegExp(
      `^pc\\s+(\\S+)\\s+(fight|rally|read)\\s+${CK}\\s+in\\s+clash(?:es)?\\s+${NUM}(?:\\s*-\\s*${NUM})?$`,
    ),
    (u, m, words) => {
      const name = words[1];
      const pc = u.pcs.find((p) => samePc(p.name, name));
      if (!pc) return `give ${name}'s usual Action first (e.g. "pc ${name} fight 3/2")`;
      const [from, to] = [+m[6], m[7] ? +m[7] : +m[6]];
      if (from < 1 || to < from || to > MAX_PC_ORDER_CLASH) {
        return `Clashes ${m[6]}${m[7] ? `-${m[7]}` : ''}: expected 1 to ${MAX_PC_ORDER_CLASH}, the first no later than the last`;
      }
      const check = checkRatings(m, 3, pc.name);
      if (typeof check === 'string') return check;
      for (let clash = from; clash <= to; clash++) {
        if (pc.orders.some((o) => o.clash === clash)) {
          return `${pc.name} is given two Actions in Clash ${clash}`;
        }
        pc.orders.push({ clash, action: m[2] as PcAction, ...check });
      }
      pc.orders.sort((a, b) => a.clash - b.clash);
      return null;
    },
  ],
  [
    new RegExp(
      `^pc\\s+(\\S+)\\s+(fight|rally|read)\\s+${CK}(?:\\s+resistance\\s+${NUM})?(?:\\s+athletics\\s+(\\d+)\\s*/\\s*(\\d+))?$`,
    ),
    (u, m, words) => {
      const name = words[1];
      if (u.pcs.some((p) => samePc(p.name, name))) {
        return `${name} is given twice: other Actions go "in clash N" (e.g. "pc ${name} rally 3/3 in clash 3")`;
      }
      if (u.pcs.length >= 2) return 'at most 2 player characters a unit';
      const check = checkRatings(m, 3, name);
      if (typeof check === 'string') return check;
      const resistance = m[6] ? +m[6] : 0;
      const athletics: [number, number] = m[7] ? [+m[7], +m[8]] : [2, 1];
      const problem =
        ratingRangeError(`${name} resistance`, resistance, 'resistance') ??
        ratingRangeError(`${name} athletics characteristic`, athletics[0], 'characteristic') ??
        ratingRangeError(`${name} athletics skill`, athletics[1], 'skill');
      if (problem !== null) return problem;
      u.pcs.push({ name, action: m[2] as PcAction, ...check, resistance, athletics, orders: [] });
      return null;
    },
  ],
];

function set(u: UnitSpec, key: 'discipline' | 'numbers' | 'boons' | 'banes', n: number) {
  const problem = ratingRangeError(key, n, key);
  if (problem === null) u[key] = n;
  return problem;
}

function parseUnit(item: string, fallbackName: string): Result<UnitSpec> {
  const colon = item.indexOf(':');
  const named = colon >= 0 && !/^\d/.test(item.slice(colon + 1).trim()) ? colon : -1;
  const name = named >= 0 ? item.slice(0, named).trim() : fallbackName;
  const parts = (named >= 0 ? item.slice(named + 1) : item)
    .split(',')
    .map((s) => s.trim().replace(/\s+/g, ' '))
    .filter((s) => s !== '');
  const quality = parts
    .map((p) => p.split(' ')[0].toLowerCase())
    .find((w) => QUALITIES.includes(w as Quality));
  if (quality === undefined) {
    return err(`"${item}": give the Quality first (veteran, trained or raw)`);
  }
  const u = defaultUnit(quality as Quality, name);
  // A player character's Actions repeat by design ("in clash N"): checked on their own.
  const twice = givenTwice(parts.filter((p) => !/^pc\s/i.test(p)));
  if (twice !== null) return err(twice);
  for (const part of parts) {
    const problem = applyRating(u, part);
    if (problem !== null) return err(problem);
  }
  return ok(u);
}

/**
 * One rating of roster text (`discipline 4`, `pc Septimius fight 3/2`) applied to `u`: null, or
 * what is wrong. The workbook's `Units` sheet reads its cells through it too.
 */
export function applyRating(u: UnitSpec, rating: string): string | null {
  const written = rating.trim().replace(/\s+/g, ' ');
  const part = written.toLowerCase();
  const rule = RULES.map(([re, f]) => [re.exec(part), f] as const).find(([m]) => m !== null);
  if (!rule) return `"${oneLine(part)}" is not a rating (see docs/rules-legion-battles.md)`;
  const problem = rule[1](u, rule[0] as RegExpExecArray, written.split(' '));
  return problem === null ? null : oneLine(problem);
}

/** A legion's ratings: its own, or the defaults of its Quality code (`1 VET` in plain rosters). */
export function unitOf(legion: RatedLegion, fallbackName: string): UnitSpec {
  if (legion.unit) return legion.unit;
  const code = Object.keys(legion.units).find((c) => (legion.units[c] ?? 0) > 0) ?? 'TRN';
  const quality = (Object.keys(QUALITY_CODE) as Quality[]).find((q) => QUALITY_CODE[q] === code);
  return defaultUnit(quality ?? 'trained', legion.leader ?? fallbackName);
}
