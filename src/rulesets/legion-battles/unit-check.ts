import { isRecord, oneOfError, wholeError } from '../../saved-checks';
import { shownValue } from '../../shown-text';
import {
  QUALITIES,
  QUALITY_CODE,
  Quality,
  RATING_RANGES,
  RatingKey,
  SUPPLIES,
  WORKS,
} from './units';

/**
 * A unit's ratings given as data, not read from roster text (a legion's `unit` in a JSON battle,
 * a report's forces, a saved battle's forces): the fields a roster could have given, each within
 * its range (`RATING_RANGES`). Roster text and the Units sheet always give such a unit.
 */

type Json = Record<string, unknown>;

const ACTIONS = ['fight', 'rally', 'read'];

function rangeError(v: unknown, path: string, key: RatingKey): string | null {
  const [lo, hi] = RATING_RANGES[key];
  return wholeError(v, path, lo, hi);
}

const kindError = (v: unknown, path: string, kind: 'string' | 'boolean', words: string) =>
  typeof v === kind ? null : `${path} is ${shownValue(v)}, expected ${words}`;

const orNull = (v: unknown, check: () => string | null) => (v === null ? null : check());

/** A check's characteristic, skill and Boon dice. */
const checkError = (c: Json, path: string) =>
  rangeError(c.characteristic, `${path}.characteristic`, 'characteristic') ??
  rangeError(c.skill, `${path}.skill`, 'skill') ??
  rangeError(c.boons, `${path}.boons`, 'checkBoons');

function pcError(pc: unknown, path: string): string | null {
  if (!isRecord(pc)) return `${path} is ${shownValue(pc)}, expected a player character`;
  const athletics = pc.athletics;
  if (!Array.isArray(athletics) || athletics.length !== 2) {
    return `${path}.athletics is ${shownValue(athletics)}, expected [characteristic, skill]`;
  }
  const orders = pc.orders;
  if (!Array.isArray(orders)) return `${path}.orders is ${shownValue(orders)}, expected a list`;
  const e =
    kindError(pc.name, `${path}.name`, 'string', 'text') ??
    oneOfError(pc.action, `${path}.action`, ACTIONS) ??
    checkError(pc, path) ??
    rangeError(pc.resistance, `${path}.resistance`, 'resistance') ??
    rangeError(athletics[0], `${path}.athletics[0]`, 'characteristic') ??
    rangeError(athletics[1], `${path}.athletics[1]`, 'skill');
  if (e) return e;
  const clashes = new Set<unknown>();
  for (let i = 0; i < orders.length; i++) {
    const o: unknown = orders[i];
    const at = `${path}.orders[${i}]`;
    if (!isRecord(o)) return `${at} is ${shownValue(o)}, expected an Action for a Clash`;
    const oe =
      rangeError(o.clash, `${at}.clash`, 'clash') ??
      oneOfError(o.action, `${at}.action`, ACTIONS) ??
      checkError(o, at) ??
      (clashes.has(o.clash) ? `${at}.clash is ${o.clash}, given twice` : null);
    if (oe) return oe;
    clashes.add(o.clash);
  }
  return null;
}

/** The unit's ratings (a legion's `unit`) for a legion of unit code `code`, else the field at fault. */
export function unitSpecError(u: unknown, path: string, code: string | undefined): string | null {
  if (!isRecord(u)) return `${path} is ${shownValue(u)}, expected a unit's ratings`;
  const leader = u.leader;
  const pcs = u.pcs;
  const e =
    kindError(u.name, `${path}.name`, 'string', 'text') ??
    oneOfError(u.quality, `${path}.quality`, QUALITIES) ??
    (code !== undefined && QUALITY_CODE[u.quality as Quality] !== code
      ? `${path}.quality is ${shownValue(u.quality)}, but the legion's unit is ${code}`
      : null) ??
    wholeError(u.strength, `${path}.strength`, 0, 2) ??
    rangeError(u.discipline, `${path}.discipline`, 'discipline') ??
    kindError(u.cohorts, `${path}.cohorts`, 'boolean', 'true or false') ??
    orNull(u.pila, () => kindError(u.pila, `${path}.pila`, 'boolean', 'true, false or null')) ??
    (isRecord(leader)
      ? checkError(leader, `${path}.leader`)
      : `${path}.leader is ${shownValue(leader)}, expected { characteristic, skill, boons }`) ??
    oneOfError(u.supply, `${path}.supply`, SUPPLIES) ??
    oneOfError(u.works, `${path}.works`, WORKS) ??
    rangeError(u.numbers, `${path}.numbers`, 'numbers') ??
    rangeError(u.boons, `${path}.boons`, 'boons') ??
    rangeError(u.banes, `${path}.banes`, 'banes') ??
    kindError(u.screen, `${path}.screen`, 'boolean', 'true or false') ??
    orNull(u.arrows, () => rangeError(u.arrows, `${path}.arrows`, 'arrows')) ??
    kindError(u.horse, `${path}.horse`, 'boolean', 'true or false') ??
    orNull(u.lockShields, () => rangeError(u.lockShields, `${path}.lockShields`, 'clash')) ??
    kindError(u.flank, `${path}.flank`, 'boolean', 'true or false') ??
    orNull(u.target, () =>
      wholeError(u.target, `${path}.target`, RATING_RANGES.vs[0] - 1, RATING_RANGES.vs[1] - 1),
    ) ??
    (Array.isArray(pcs) && pcs.length <= 2
      ? null
      : `${path}.pcs is ${shownValue(pcs)}, expected a list of at most 2 player characters`);
  if (e) return e;
  for (let i = 0; i < (pcs as unknown[]).length; i++) {
    const pe = pcError((pcs as unknown[])[i], `${path}.pcs[${i}]`);
    if (pe) return pe;
  }
  return null;
}
