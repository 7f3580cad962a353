import { Legion, Side } from '../../forces';
import { canonicalJson } from '../../saved-checks';
import { parseLegionRoster, unitOf } from './roster';
import { PcActionSpec, PcSpec, RatedLegion, STEPS, UnitSpec } from './units';

/**
 * A side as roster text that `parseLegionRoster` reads back to the same units (for the replay
 * line of a report and the forces lines of a log): each unit's name and Quality, then the
 * ratings its Quality does not already give, `Septimius: veteran, discipline 4, pila`. A unit
 * with no name is named as the battle names it, by its side and place (`attacker 1`).
 */
export function formatLegionRoster(legions: readonly Legion[], side: Side): string {
  return legions
    .map((legion, i) => shortText(unitOf(legion as RatedLegion, `${side} ${i + 1}`)))
    .join('; ');
}

/**
 * A unit with every rating spelled out, less each one that the text reads back the same
 * without (a default); the whole text when even that does not read back (a name holding `;`).
 */
function shortText(u: UnitSpec): string {
  const same = (text: string) => {
    const back = parseLegionRoster(text, 'attacker');
    return back.ok && back.value.length === 1 && canonicalJson(back.value[0].unit) === want;
  };
  const want = canonicalJson(u);
  const full = unitRatings(u);
  const text = (ratings: readonly string[]) => `${u.name}: ${ratings.join(', ')}`;
  if (!same(text(full))) return text(full);
  // The Quality comes first and stays: it is what the unit is.
  let kept = full;
  for (let i = kept.length - 1; i >= 1; i--) {
    const without = [...kept.slice(0, i), ...kept.slice(i + 1)];
    if (same(text(without))) kept = without;
  }
  return text(kept);
}

const actionText = (pc: PcSpec, a: PcActionSpec) =>
  `pc ${pc.name} ${a.action} ${a.characteristic}/${a.skill}+${a.boons}`;

const pcTexts = (pc: PcSpec) => [
  `${actionText(pc, pc)} resistance ${pc.resistance} athletics ${pc.athletics[0]}/${pc.athletics[1]}`,
  ...pc.orders.map((o) => `${actionText(pc, o)} in clash ${o.clash}`),
];

function unitRatings(u: UnitSpec): string[] {
  const r: string[] = [u.quality, `discipline ${u.discipline}`];
  r.push(STEPS[u.strength].toLowerCase());
  r.push(u.cohorts ? 'cohorts' : 'no relief');
  if (u.pila !== null) r.push(u.pila ? 'pila' : 'no pila');
  const { characteristic, skill, boons } = u.leader;
  r.push(`leader ${characteristic}/${skill}+${boons}`);
  r.push(u.supply === 'supplied' ? 'supplied' : `${u.supply} supply`);
  if (u.works !== 'none') r.push(`${u.works} works`);
  r.push(`numbers ${u.numbers}`, `${u.boons} boons`, `${u.banes} banes`);
  if (u.screen) r.push('screen');
  r.push(u.horse ? 'horse' : 'no horse');
  r.push(u.arrows === null ? 'camels' : `arrows ${u.arrows}`);
  if (u.lockShields !== null) r.push(`locked shields from ${u.lockShields}`);
  if (u.flank) r.push('flank');
  if (u.target !== null) r.push(`vs ${u.target + 1}`);
  r.push(...u.pcs.flatMap(pcTexts));
  return r;
}
