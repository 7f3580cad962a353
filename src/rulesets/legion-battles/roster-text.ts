import { Legion } from '../../forces';
import { unitOf } from './roster';
import { PcActionSpec, PcSpec, RatedLegion, STEPS, UnitSpec } from './units';

/**
 * A side as roster text that `parseLegionRoster` reads back to the same units, every rating
 * spelled out (for the replay line of a report): `Septimius: veteran, discipline 4, cohorts,
 * pila, leader 3/2+0, ...`.
 */
export function formatLegionRoster(legions: readonly Legion[]): string {
  return legions
    .map((legion, i) => unitText(unitOf(legion as RatedLegion, `unit ${i + 1}`)))
    .join('; ');
}

const actionText = (pc: PcSpec, a: PcActionSpec) =>
  `pc ${pc.name} ${a.action} ${a.characteristic}/${a.skill}+${a.boons}`;

const pcTexts = (pc: PcSpec) => [
  `${actionText(pc, pc)} resistance ${pc.resistance} athletics ${pc.athletics[0]}/${pc.athletics[1]}`,
  ...pc.orders.map((o) => `${actionText(pc, o)} in clash ${o.clash}`),
];

function unitText(u: UnitSpec): string {
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
  return `${u.name}: ${r.join(', ')}`;
}
