import { formatCounts } from '../../forces';
import { LogColumn } from '../../ruleset';
import { ImperiumEvent, InitiativeRoll } from './events';
import { CODES } from './units';

const roll = (r: InitiativeRoll) => {
  const mods = [r.speed, r.fewer, r.last, r.markers]
    .filter((m) => m !== 0)
    .map((m) => (m > 0 ? `+${m}` : `${m}`))
    .join('');
  return `${r.die}${mods}=${r.total}`;
};

const GROUPS = (e: ImperiumEvent) =>
  e.kind !== 'allocation'
    ? ''
    : [
        ...e.groups.map((g) => g.join(', ')),
        ...(e.reserve.length ? [`reserve ${e.reserve.join(', ')}`] : []),
      ].join(' | ');

/** The log's note: initiative totals, the range decision, who left, the matched groups. */
function note(e: ImperiumEvent): string {
  switch (e.kind) {
    case 'initiative':
      return e.rolls === null
        ? 'round 1: the activating side'
        : `attacker ${roll(e.rolls.attacker)}, defender ${roll(e.rolls.defender)}${e.tie ? ' (tie)' : ''}`;
    case 'range':
      return e.why;
    case 'disengage':
      return [
        ['jumped', e.jumped],
        ['loaded', e.loaded],
        ['landed', e.landed],
        ['stayed', e.stayed],
      ]
        .filter(([, list]) => list.length > 0)
        .map(([what, list]) => `${what} ${(list as string[]).join(' ')}`)
        .join('; ');
    case 'allocation':
      return GROUPS(e);
    case 'fire':
      return `${e.hits - e.cancelled} vs screen ${e.screen}`;
    case 'halt':
      return 'three rounds this activation';
  }
}

function result(e: ImperiumEvent): string {
  switch (e.kind) {
    case 'initiative':
      return e.side;
    case 'range':
      return e.from === null || e.from === e.to ? e.to : `${e.from} -> ${e.to}`;
    case 'fire':
      return e.result;
    default:
      return '';
  }
}

const step = (e: ImperiumEvent) =>
  e.kind === 'fire' ? e.step + (e.part ? ` ${e.part}/2` : '') : e.kind;

export const IMPERIUM_COLUMNS: LogColumn<ImperiumEvent>[] = [
  { header: 'Round', width: 6, value: (e) => e.round },
  { header: 'Side', width: 9, value: (e) => e.side },
  { header: 'Step', width: 11, value: step },
  { header: 'Unit', width: 7, value: (e) => (e.kind === 'fire' ? e.unit : '') },
  { header: 'Target', width: 7, value: (e) => (e.kind === 'fire' ? e.target : '') },
  {
    header: 'Dice',
    width: 14,
    value: (e) =>
      e.kind === 'fire'
        ? e.dice.join(' ')
        : e.kind === 'initiative' && e.rolls
          ? `${e.rolls.attacker.die} ${e.rolls.defender.die}`
          : '',
  },
  { header: 'Hits', width: 5, value: (e) => (e.kind === 'fire' ? e.hits : '') },
  { header: 'CM dice', width: 10, value: (e) => (e.kind === 'fire' ? e.cmDice.join(' ') : '') },
  { header: 'Result', width: 12, value: result },
  { header: 'Note', width: 30, value: note },
  { header: 'Attacker left', width: 20, value: (e) => formatCounts(e.left.attacker, CODES) },
  { header: 'Defender left', width: 20, value: (e) => formatCounts(e.left.defender, CODES) },
];
