import { Legion, Side } from '../../forces';
import { ok, Result } from '../../result';
import { parseRosterText } from '../../roster';
import { factionOf } from './factions';
import { IMPERIUM_UNITS } from './units';

/**
 * Roster text for imperium: fleets separated by `;` or new lines, each `[Faction:] count type,
 * ...`, e.g. `Terran: 2 DD, 1 CA (damaged); 3 DD`. A damaged unit is `CA (damaged)`, `damaged
 * CA` or `CA*`; troops are `RT 4-2` or `RT4`. A fleet that names no faction takes its side's
 * (the first fleet that names one). The generic parser reads the rest.
 */
export function parseImperiumRoster(text: string, side: Side): Result<Legion[]> {
  const plain = text
    .replace(/\s*\(\s*damaged\s*\)/gi, '*')
    .replace(/\bdamaged\s+([A-Za-z]+\d?)\b/gi, '$1*')
    .replace(/\b(RT|JT)\s*\(?\s*(\d)\s*-\s*2\s*\)?/gi, '$1$2');
  const legions = parseRosterText(plain, side, IMPERIUM_UNITS);
  if (!legions.ok) return legions;
  const named = legions.value.map(factionOf).find((f) => f !== undefined);
  return ok(
    legions.value.map((l) => {
      const own = factionOf(l);
      if (own !== undefined) return { ...l, leader: own };
      if (l.leader === undefined && named !== undefined) {
        return { ...l, leader: named, where: `${l.where} (${named})` };
      }
      return l;
    }),
  );
}
