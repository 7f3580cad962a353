import { otherSide, Side } from '../../forces';
import { Hex, log, roll } from './context';
import { eliminationChances } from './formulas';
import { Caste, parseCastes } from './options';
import { FowState } from './state';

const segment = 'elimination';

/** A ruler killed (or eliminated), captured or drowned ends the player. */
export function rulerFell(st: FowState, side: Side): boolean {
  const l = st.sides[side].leader;
  return (
    l !== null && l.spec.rank === 'ruler' && ['killed', 'captured', 'drowned'].includes(l.fate)
  );
}

/** Player elimination: each of the fallen player's units rebels, joins the conqueror or disbands. */
export function eliminate(h: Hex, side: Side): void {
  const castes = parseCastes(h.o.castes);
  // checkForces has read the castes and every caste the rosters name: this cannot fail.
  if (!castes.ok) throw new Error(castes.error);
  const s = h.st.sides[side];
  const units = s.spec.empire.map((u) => ({ ...u, army: false }));
  if (s.army && s.army.status !== 'destroyed') {
    const a = s.army.spec;
    units.unshift({ name: a.name, caste: a.caste, discipline: a.discipline, army: true });
  }
  log(h, {
    side,
    segment,
    unit: s.leader!.spec.name,
    detail: `the ruler is ${s.leader!.fate}`,
    result: `the player is eliminated: ${units.length} unit${units.length === 1 ? '' : 's'} to decide`,
  });
  for (const u of units) {
    const caste = casteOf(castes.value, u.caste);
    const { rebel, join } = eliminationChances(u.discipline, caste);
    const draw = roll(h, 100, `the elimination roll of ${u.name}`);
    const fate = draw.value <= rebel ? 'rebels' : draw.value <= rebel + join ? 'joins' : 'disbands';
    if (u.army) s.army!.fate = fate;
    log(h, {
      side,
      segment,
      unit: u.name,
      draw,
      detail: `${caste.name} caste, discipline ${u.discipline}: rebel ${rebel}%, join ${join}%, disband ${100 - rebel - join}%`,
      result: fate === 'joins' ? `joins the ${otherSide(side)}` : fate,
    });
  }
}

function casteOf(castes: readonly Caste[], name: string): Caste {
  const c = castes.find((x) => x.name === name.toLowerCase());
  if (!c) throw new Error(`caste "${name}" is not in the castes table`);
  return c;
}
