import { Unit } from './state';

/**
 * Speeds for initiative. Space: fighters 6, light ships 3 (2 damaged), capital ships 2
 * (1 damaged), monitors and non-warships 1. Ground: regular troops 1, jump troops 2, fighters 3,
 * everything else 0.
 */
export function tacticalSpeed(u: Unit, combat: 'space' | 'ground'): number {
  if (combat === 'ground') {
    if (u.cls === 'fighter') return 3;
    if (u.code.startsWith('JT')) return 2;
    if (u.code.startsWith('RT')) return 1;
    return 0;
  }
  switch (u.cls) {
    case 'fighter':
      return 6;
    case 'light':
      return u.damaged ? 2 : 3;
    case 'capital':
      return u.damaged ? 1 : 2;
    default:
      return 1;
  }
}

/** Units that can jump out of a battle: not monitors, fighters or ground units. */
export const jumpCapable = (u: Unit): boolean =>
  u.cls !== 'monitor' && u.cls !== 'fighter' && u.cls !== 'ground';
