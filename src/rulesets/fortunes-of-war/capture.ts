import { Hex, log } from './context';
import { bootyCut, citizensKilled, cityFame, treasuryTransfer } from './formulas';
import { armyHolds } from './state';
import { isCity } from './units';

const segment = '4 city';

/**
 * Capturing a city: the attacker's army holds the hex of a town, city or capital and no
 * defending army is left in it. Fame moves, the city is pillaged by the captor's discipline,
 * and the captor takes the citizens' booty and a share of the loser's treasury.
 */
export function captureCity(h: Hex): void {
  const { st, o } = h;
  const att = st.sides.attacker;
  const def = st.sides.defender;
  if (!isCity(st.terrain) || !armyHolds(att.army) || armyHolds(def.army)) return;
  const army = att.army.spec;
  const city = def.spec.city ?? { name: `the ${st.terrain}`, class: st.terrain, population: 0 };
  const fame = cityFame(city.class, o);
  att.fame += fame;
  def.fame -= fame;
  log(h, {
    side: 'attacker',
    segment,
    unit: army.name,
    detail: `captures ${city.name} (${city.class})`,
    result: `+${fame} fame to the captor, -${fame} to the loser`,
  });
  const killed = citizensKilled(city.population, army.discipline, o);
  const cut = bootyCut(killed, o);
  log(h, {
    side: 'attacker',
    segment,
    unit: army.name,
    detail: `pillage: ${o.pillagePercent}% x (20 - discipline ${army.discipline}) of ${city.population} people`,
    result: `${killed} citizens killed; booty ${o.bootyPerThousand} gold per 1000 killed = ${cut} gold`,
  });
  const empire = def.spec.empirePopulation;
  const treasury = def.spec.treasury;
  const transfer = empire === null ? 0 : treasuryTransfer(treasury, city.population, empire, o);
  log(h, {
    side: 'defender',
    segment,
    unit: city.name,
    detail:
      empire === null
        ? 'treasury transfer: the empire population is not given'
        : `treasury transfer: ${treasury} x ${city.population} / ${empire} / ${o.transferDivisor}`,
    result: `${transfer} gold from the loser's treasury to the captor's`,
  });
  att.gold += cut + transfer;
  def.gold -= transfer;
}
