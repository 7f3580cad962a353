/** Words the rulesets' narrators share. */

export const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** `Marcus'`, `Titus'`, `Drusilla's`. */
export const possessive = (name: string): string => (name.endsWith('s') ? `${name}'` : `${name}'s`);

/** `1 file`, `3 files`: a count and its noun, plural unless one. */
export const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
