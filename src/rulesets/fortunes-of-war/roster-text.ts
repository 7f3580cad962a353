import { Legion } from '../../forces';
import { canonicalJson } from '../../saved-checks';
import { parseFowRoster } from './roster';
import { ArmySpec, defaultArmy, defaultLeader, FowLegion, LeaderSpec, SideSpec } from './units';

/**
 * A side as roster text that `parseFowRoster` reads back to the same side, ratings and all (for
 * the replay line of a report and the forces lines of a log): the text roster with the ratings
 * that differ from the defaults, `Legio X: attack 6, health 14/20; leader Thorvald: hero`, or,
 * when a name would not read back as itself in text (it holds `:`, `;` or `,`), the JSON roster
 * (docs/rules-fortunes-of-war.md). Whichever it writes reads back to the same side.
 */
export function formatFowRoster(legions: readonly Legion[]): string {
  const spec = (legions[0] as FowLegion | undefined)?.fow;
  if (!spec) return '{}';
  const same = (text: string) => {
    const back = parseFowRoster(text, 'attacker');
    return back.ok && canonicalJson(back.value[0].fow) === canonicalJson(spec);
  };
  // An army named like a section (`City Guard`) is written `army City Guard: ...`.
  return [fowText(spec, ''), fowText(spec, 'army ')].find(same) ?? fowJson(spec);
}

function fowJson(spec: SideSpec): string {
  return JSON.stringify({
    ...(spec.army ? { army: spec.army } : {}),
    ...(spec.leader ? { leader: spec.leader } : {}),
    ...(spec.terrain ? { terrain: spec.terrain } : {}),
    ...(spec.city ? { city: spec.city } : {}),
    ...(spec.treasury !== 0 ? { treasury: spec.treasury } : {}),
    ...(spec.empirePopulation !== null ? { empirePopulation: spec.empirePopulation } : {}),
    ...(spec.empire.length > 0 ? { empire: spec.empire } : {}),
  });
}

/** The sections of a text roster, each rating given only where it is not the default. */
function fowText(spec: SideSpec, armyWord: string): string {
  const sections: string[] = [];
  if (spec.army) sections.push(armyWord + named(spec.army.name, armyRatings(spec.army)));
  if (spec.leader) sections.push(`leader ${named(spec.leader.name, leaderRatings(spec.leader))}`);
  // A city sets the terrain to its class: the terrain is said only when the city does not.
  if (spec.terrain && spec.terrain !== spec.city?.class) sections.push(`terrain ${spec.terrain}`);
  if (spec.city) {
    const { name, class: cls, population } = spec.city;
    sections.push(`city ${named(name, [cls, `population ${population}`])}`);
  }
  if (spec.treasury !== 0) sections.push(`treasury ${spec.treasury}`);
  if (spec.empirePopulation !== null) sections.push(`empire population ${spec.empirePopulation}`);
  if (spec.empire.length > 0) {
    sections.push(
      `empire: ${spec.empire.map((u) => `${u.name} ${u.caste} ${u.discipline}`).join(', ')}`,
    );
  }
  return sections.join('; ');
}

const named = (name: string, ratings: readonly string[]) =>
  ratings.length > 0 ? `${name}: ${ratings.join(', ')}` : name;

function armyRatings(army: ArmySpec): string[] {
  const d = defaultArmy(army.name);
  const r: string[] = [];
  for (const key of ['attack', 'defence', 'missile'] as const) {
    if (army[key] !== d[key]) r.push(`${key} ${army[key]}`);
  }
  if (army.health !== d.health || army.maxHealth !== d.maxHealth) {
    r.push(
      army.health === army.maxHealth
        ? `health ${army.health}`
        : `health ${army.health}/${army.maxHealth}`,
    );
  }
  for (const key of ['morale', 'discipline', 'experience'] as const) {
    if (army[key] !== d[key]) r.push(`${key} ${army[key]}`);
  }
  r.push(...army.specials);
  if (army.caste !== d.caste) r.push(`caste ${army.caste}`);
  return r;
}

function leaderRatings(leader: LeaderSpec): string[] {
  const d = defaultLeader(leader.name);
  const r: string[] = leader.rank !== d.rank ? [leader.rank] : [];
  for (const key of ['leadership', 'melee', 'stealth', 'health', 'experience'] as const) {
    if (leader[key] !== d[key]) r.push(`${key} ${leader[key]}`);
  }
  return r;
}
